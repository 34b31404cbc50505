package tools_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// The attacks on the document tools through links inside the
// vault: a note linked to a plugin's main.js was overwritten with
// JavaScript, and one linked to .projectcanvas/config.json read it back.
// vault/osfs refuses a visible name that leads into a hidden folder, so
// both fail and nothing hidden is read or changed.
func TestDocToolsDoNotFollowLinksIntoHiddenFolders(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		".obsidian/plugins/x/main.js": "plugin code",
		".projectcanvas/config.json":  `{"secret":"config"}`,
		"Notes/readme.md":             "# readme\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
	}
	links := map[string]string{
		"Notes/plugin.md": "../.obsidian/plugins/x/main.js",
		"Notes/config.md": "../.projectcanvas/config.json",
		"Notes/obsidian":  "../.obsidian",
	}
	for link, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			t.Skip("no symlinks here:", err)
		}
	}
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	t.Cleanup(func() { fsys.Close() })
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	h := &harness{t: t, reg: tools.New(), env: &tools.Env{Project: p}}
	h.ok("manage_workspaces", `{"action":"create","workspace":"n","config":{"path":"Notes"}}`)
	for _, c := range []struct{ tool, args string }{
		{"read_docs", `{"workspace":"n","doc_name":"plugin"}`},
		{"read_docs", `{"workspace":"n","doc_name":"config"}`},
		{"update_doc", `{"workspace":"n","name":"plugin","operation":"replace","content":"alert(1)"}`},
		{"update_doc", `{"workspace":"n","name":"config","operation":"append","content":"x"}`},
		{"update_doc", `{"workspace":"n","name":"obsidian/plugins/x/evil","operation":"create","content":"alert(1)"}`},
	} {
		out, err := h.call(c.tool, c.args)
		if assert.Error(t, err, "%s %s answered %v", c.tool, c.args, out) {
			assert.NotContains(t, err.Error(), "secret", "the error echoes no hidden content")
		}
	}
	for name, want := range map[string]string{".obsidian/plugins/x/main.js": "plugin code", ".projectcanvas/config.json": `{"secret":"config"}`} {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		require.NoError(t, err)
		assert.Equal(t, want, string(got))
	}
	_, err = os.Lstat(filepath.Join(dir, ".obsidian", "plugins", "x", "evil.md"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}
