package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type cliResult struct {
	code           int
	stdout, stderr string
}

func runCLI(t *testing.T, env map[string]string, stdin string, args ...string) cliResult {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errOut, func(k string) string { return env[k] })
	return cliResult{code, out.String(), errOut.String()}
}

func TestToolCommand(t *testing.T) {
	dir := t.TempDir()
	r := runCLI(t, nil, "", "--vault", dir, "tool", "create_entity", `{"type":"milestone","data":{"title":"Beta"}}`)
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	var created map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &created))
	assert.Equal(t, "M-001", created["id"])
	assert.FileExists(t, filepath.Join(dir, "Projects", "milestones", "M-001 Beta.md"))

	// Arguments from stdin, vault from the environment.
	r = runCLI(t, map[string]string{"PROJECTCANVAS_VAULT": dir}, `{"id":"M-001","fields":["title"]}`, "tool", "get_entity", "-")
	require.Equal(t, exitOK, r.code, r.stdout)
	assert.JSONEq(t, `{"id":"M-001","type":"milestone","title":"Beta"}`, r.stdout)

	// A tool error: error JSON on stdout, exit 1, nothing written.
	r = runCLI(t, nil, "", "--vault", dir, "tool", "create_entity", `{"type":"story","data":{"title":"Stray"}}`)
	assert.Equal(t, exitToolError, r.code)
	var failure map[string]map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &failure), r.stdout)
	assert.Equal(t, "orphan", failure["error"]["code"])
	entries, _ := os.ReadDir(filepath.Join(dir, "Projects"))
	assert.Len(t, entries, 1, "only milestones/ exists")
}

func TestVaultDefaultsToCurrentFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	r := runCLI(t, nil, "", "tool", "create_entity", `{"type":"feature","data":{"title":"Here"}}`)
	require.Equal(t, exitOK, r.code, r.stdout)
	assert.FileExists(t, filepath.Join(dir, "Projects", "features", "F-001 Here.md"))
}

func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"tool"},
		{"--vault", dir, "tool", "no_such_tool", "{}"},
		{"--vault", dir, "tool", "get_entity", "{not json"},
		{"--vault", dir, "tool", "get_entity", "{}", "extra"},
		{"--bogus-flag"},
	} {
		r := runCLI(t, nil, "", args...)
		assert.Equal(t, exitUsage, r.code, "%v: %s", args, r.stdout)
		assert.Contains(t, r.stderr, "projectcanvas --help", "%v", args)
		assert.LessOrEqual(t, strings.Count(r.stderr, "\n"), 3, "%v: the wrong thing and where help is, not the whole usage: %s", args, r.stderr)
	}
	r := runCLI(t, nil, "", "--help")
	assert.Equal(t, exitOK, r.code)
	assert.True(t, strings.HasPrefix(r.stdout, "usage: projectcanvas"), r.stdout)
	assert.NotContains(t, r.stdout+r.stderr, "flag: help requested")
	r = runCLI(t, nil, "", "--vault", filepath.Join(dir, "missing"), "tool", "get_schema")
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stdout, `"not_found"`)
}

func TestToolsVersionIndex(t *testing.T) {
	r := runCLI(t, nil, "", "tools")
	require.Equal(t, exitOK, r.code)
	for _, name := range []string{"create_entity", "update_entity", "handle_entity", "get_entity", "get_entities", "get_schema", "rebuild_index"} {
		assert.Contains(t, r.stdout, name)
	}
	r = runCLI(t, nil, "", "version")
	assert.Equal(t, exitOK, r.code)
	assert.True(t, strings.HasPrefix(r.stdout, "projectcanvas "))

	r = runCLI(t, nil, "", "--vault", "../../examples/vault", "index")
	require.Equal(t, exitOK, r.code, r.stdout)
	assert.Contains(t, r.stdout, "61 entities")
	assert.Contains(t, r.stdout, "0 file problem(s)")
}

func TestIndexReportsRecovery(t *testing.T) {
	dir := t.TempDir()
	r := runCLI(t, nil, "", "--vault", dir, "tool", "create_entity", `{"type":"milestone","data":{"title":"Beta"}}`)
	require.Equal(t, exitOK, r.code, r.stdout)
	// A killed process left a temporary file and the journal of a create.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Projects", "milestones", ".projectcanvas-0123456789abcdef.tmp"), nil, 0o644))
	journal := `{"version":1,"started":"2026-11-22T08:00:00Z","ops":[{"op":"write","path":"Projects/milestones/M-002 Gone.md","absent":true,"after":"` +
		string(pcHash("half")) + `"}]}`
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".projectcanvas", "journal.json"), []byte(journal), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Projects", "milestones", "M-002 Gone.md"), []byte("half"), 0o644))
	r = runCLI(t, nil, "", "--vault", dir, "index")
	require.Equal(t, exitOK, r.code, r.stdout)
	assert.Contains(t, r.stdout, "1 entities")
	assert.Contains(t, r.stdout, "recovered an interrupted write of 2026-11-22T08:00:00Z: 1 file(s) rolled back")
	assert.Contains(t, r.stdout, "removed 1 temporary file(s)")
	assert.NoFileExists(t, filepath.Join(dir, "Projects", "milestones", "M-002 Gone.md"))
	assert.NoFileExists(t, filepath.Join(dir, ".projectcanvas", "journal.json"))
}

// An empty vault (a new project, or a mistyped --vault) is told how to
// start; a vault with entities is not.
func TestEmptyVaultSaysHowToStart(t *testing.T) {
	empty := t.TempDir()
	for _, cmd := range []string{"index", "report"} {
		r := runCLI(t, nil, "", "--vault", empty, cmd)
		require.Equal(t, exitOK, r.code, r.stdout)
		assert.Contains(t, r.stdout, "projectcanvas tool create_entity", cmd)
		assert.Contains(t, r.stdout, "make run", cmd)
	}
	r := runCLI(t, nil, "", "--vault", "../../examples/vault", "index")
	assert.NotContains(t, r.stdout, "create_entity")
}
