package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion/notiontest"
)

// fastNotion paces the CLI's Notion client in virtual time for the test.
func fastNotion(t *testing.T, clock *notiontest.Clock) {
	old := notionOptions
	notionOptions = notion.Options{Now: clock.Now, Sleep: clock.Sleep}
	t.Cleanup(func() { notionOptions = old })
}

func TestSyncOnceAgainstTheFake(t *testing.T) {
	clock := notiontest.NewClock(time.Now())
	srv, db, _ := notiontest.New(clock)
	defer srv.Close()
	fastNotion(t, clock)
	dir := exampleVault(t)
	env := map[string]string{"PROJECTCANVAS_NOTION_TOKEN": notiontest.Token, "PROJECTCANVAS_NOTION_URL": srv.URL}

	r := runCLI(t, env, "", "--vault", dir, "sync", "--once", "--database", db)
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	var sum struct {
		Created       int   `json:"created"`
		UpdatedRemote int   `json:"updated_remote"`
		UpdatedLocal  int   `json:"updated_local"`
		Conflicts     []any `json:"conflicts"`
		Requests      int   `json:"requests"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &sum), r.stdout)
	assert.Equal(t, 59, sum.Created, "the example vault's entities but the two archived")
	assert.Equal(t, srv.Requests(), sum.Requests)
	assert.NotNil(t, sum.Conflicts)
	state, err := os.ReadFile(filepath.Join(dir, ".projectcanvas", "sync", "notion.json"))
	require.NoError(t, err)
	assert.NotContains(t, string(state), notiontest.Token, "the token never reaches the vault")

	// The database id from the vault's config; nothing changed.
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".projectcanvas", "config.json"), []byte(`{"notion":{"database_id":"`+db+`"}}`), 0o644))
	clock.Advance(2 * time.Minute)
	r = runCLI(t, env, "", "--vault", dir, "sync", "--once")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &sum))
	assert.Zero(t, sum.Created+sum.UpdatedRemote+sum.UpdatedLocal)
	assert.Equal(t, 1, sum.Requests)
}

func TestSyncFailuresSayWhatToFix(t *testing.T) {
	clock := notiontest.NewClock(time.Now())
	srv, db, _ := notiontest.New(clock)
	defer srv.Close()
	fastNotion(t, clock)
	dir := exampleVault(t)
	url := map[string]string{"PROJECTCANVAS_NOTION_URL": srv.URL}
	for _, tc := range []struct {
		name   string
		env    map[string]string
		args   []string
		code   int
		stderr string
	}{
		{"no token", url, []string{"--once", "--database", db}, exitToolError, "$PROJECTCANVAS_NOTION_TOKEN is not set"},
		{"wrong token", map[string]string{"PROJECTCANVAS_NOTION_URL": srv.URL, "PROJECTCANVAS_NOTION_TOKEN": "secret_nope"},
			[]string{"--once", "--database", db}, exitToolError, "Notion refused $PROJECTCANVAS_NOTION_TOKEN"},
		{"unknown database", map[string]string{"PROJECTCANVAS_NOTION_URL": srv.URL, "PROJECTCANVAS_NOTION_TOKEN": notiontest.Token},
			[]string{"--once", "--database", "0123456789abcdef0123456789abcdef"}, exitToolError, "share the database with the integration"},
		{"no database", map[string]string{"PROJECTCANVAS_NOTION_URL": srv.URL, "PROJECTCANVAS_NOTION_TOKEN": notiontest.Token},
			[]string{"--once"}, exitToolError, "pass --database ID or set notion.database_id"},
		{"neither once nor watch", url, nil, exitUsage, "usage: projectcanvas sync"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, tc.env, "", append([]string{"--vault", dir, "sync"}, tc.args...)...)
			assert.Equal(t, tc.code, r.code, r.stdout+r.stderr)
			assert.Contains(t, r.stderr, tc.stderr)
			assert.NotContains(t, r.stdout+r.stderr, "secret_nope")
		})
	}
}

// The editor's sync commands, run from the shell as the plugin runs them:
// the token and database in the input, the requests through the host's
// transport, the same engine as `sync`.
func TestSyncCommandsDriveTheFake(t *testing.T) {
	clock := notiontest.NewClock(time.Now())
	srv, db, ds := notiontest.New(clock)
	defer srv.Close()
	dir := t.TempDir()
	for _, args := range [][]string{
		{"tool", "create_entity", `{"type":"milestone","data":{"title":"Beta"}}`},
		{"tool", "create_entity", `{"type":"story","data":{"title":"Sign-in","parent":"M-001"}}`},
		{"tool", "create_entity", `{"type":"decision","data":{"title":"Off canvas"},"options":{"add_to_canvas":false}}`},
	} {
		r := runCLI(t, nil, "", append([]string{"--vault", dir}, args...)...)
		require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	}
	input := func(extra string) string {
		return `{"token":"` + notiontest.Token + `","database_id":"` + db + `","api_url":"` + srv.URL + `"` + extra + `}`
	}
	r := runCLI(t, nil, "", "--vault", dir, "command", "sync-note-to-extdb", input(`,"id":"M-001"`))
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "1 created")
	assert.Len(t, srv.Find(ds, "ID", "M-001"), 1)

	r = runCLI(t, nil, "", "--vault", dir, "command", "sync-canvas-notes-to-extdb", input(""))
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "1 created", "S-001; M-001 has its page")
	assert.Len(t, srv.Find(ds, "ID", "M-001"), 1)
	assert.Empty(t, srv.Find(ds, "ID", "DEC-001"), "not on the canvas")

	r = runCLI(t, nil, "", "--vault", dir, "command", "sync-note-to-extdb", `{"id":"M-001"}`)
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stdout, "token")
}
