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
