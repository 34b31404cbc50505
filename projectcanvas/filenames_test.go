package projectcanvas_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// WithFileNames hears of every file Open's walk lists, markdown or not, as
// a walk of the vault lists them, on disk (one walk that also looks for
// leftovers) and in memory; and of nothing after Open.
func TestWithFileNamesHearsEveryFileOfOpensWalk(t *testing.T) {
	files := map[string]string{
		"Projects/T-001 Login.md": "---\nid: T-001\ntype: task\ntitle: Login\nstatus: Not Started\n---\n",
		"Projects.canvas":         `{"nodes":[],"edges":[]}`,
		"Notes/meeting.md":        "notes",
		"Files/diagram.png":       "png",
		".obsidian/app.json":      "{}",
		".hidden/private.canvas":  "{}",
	}
	dir := t.TempDir()
	require.NoError(t, vaultgen.WriteFiles(dir, files))
	onDisk, err := osfs.New(dir)
	require.NoError(t, err)
	t.Cleanup(func() { onDisk.Close() })
	for name, fsys := range map[string]pc.FS{"on disk": onDisk, "in memory": memfs.New(files)} {
		var seen []string
		p, err := pc.Open(fsys, pc.WithFileNames(func(name string) { seen = append(seen, name) }))
		require.NoError(t, err, name)
		var walked []string
		require.NoError(t, p.Files().Walk(func(name string) error { walked = append(walked, name); return nil }))
		slices.Sort(seen)
		slices.Sort(walked)
		assert.Equal(t, walked, seen, name)
		assert.Contains(t, seen, "Projects.canvas", name)
		assert.Contains(t, seen, "Files/diagram.png", name)

		heard := len(seen)
		_, err = p.Reload()
		require.NoError(t, err)
		assert.Len(t, seen, heard, "%s: Reload walks without telling", name)
	}
}
