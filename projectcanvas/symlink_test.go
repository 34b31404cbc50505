package projectcanvas_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// osVault writes a seeded vault to a folder next to an "outside" folder.
func osVault(t *testing.T) (vault, outside string) {
	t.Helper()
	_, mem := seeded(t)
	top := t.TempDir()
	vault, outside = filepath.Join(top, "vault"), filepath.Join(top, "outside")
	require.NoError(t, os.MkdirAll(outside, 0o755))
	for name, data := range mem.Files() {
		p := filepath.Join(vault, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
	}
	return vault, outside
}

func openOS(t *testing.T, dir string) *pc.Project {
	t.Helper()
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	t.Cleanup(func() { fsys.Close() })
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	return p
}

func symlinkOrSkip(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return err
	}))
	return out
}

// A tasks folder linked out of the vault, holding a task of its own: a
// create refuses to write there, writes nothing, and reuses no id.
func TestCreateThroughFolderLinkedOutside(t *testing.T) {
	vault, outside := osVault(t)
	tasks := filepath.Join(vault, "Projects", "tasks")
	require.NoError(t, os.Rename(tasks, filepath.Join(outside, "tasks")))
	symlinkOrSkip(t, "../../outside/tasks", tasks)
	before := listDir(t, outside)
	p := openOS(t, vault)
	_, err := p.Create(pc.Task, map[string]any{"title": "Escape", "parent": "S-001"})
	require.Error(t, err)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "%v", err)
	assert.Equal(t, before, listDir(t, outside), "nothing written outside the vault")
	// The id counter did not move either: the failed create changed nothing.
	p2 := openOS(t, vault)
	_, err = p2.Create(pc.Milestone, map[string]any{"title": "Still works"})
	require.NoError(t, err)
}

// An archive folder linked out of the vault: archiving is refused and the
// entity stays where it was, found and whole.
func TestArchiveIntoFolderLinkedOutside(t *testing.T) {
	vault, outside := osVault(t)
	require.NoError(t, os.MkdirAll(filepath.Join(vault, "Projects"), 0o755))
	symlinkOrSkip(t, "../../outside", filepath.Join(vault, "Projects", "archive"))
	p := openOS(t, vault)
	e, err := p.Get("T-001")
	require.NoError(t, err)
	old, err := os.ReadFile(filepath.Join(vault, filepath.FromSlash(e.Path)))
	require.NoError(t, err)
	_, err = p.Update("T-001", pc.Change{Archived: new(true)})
	require.Error(t, err)
	assert.Empty(t, listDir(t, outside), "nothing moved out of the vault")
	got, err := os.ReadFile(filepath.Join(vault, filepath.FromSlash(e.Path)))
	require.NoError(t, err)
	assert.Equal(t, string(old), string(got))
	p2 := openOS(t, vault)
	e2, err := p2.Get("T-001")
	require.NoError(t, err)
	assert.False(t, e2.Archived)
	assert.Empty(t, p2.Recovered())
}

// A tasks folder linked inside the vault is read and written consistently:
// a create goes through the link, and the next open finds it once.
func TestCreateThroughFolderLinkedInside(t *testing.T) {
	vault, _ := osVault(t)
	tasks := filepath.Join(vault, "Projects", "tasks")
	require.NoError(t, os.MkdirAll(filepath.Join(vault, "Work"), 0o755))
	require.NoError(t, os.Rename(tasks, filepath.Join(vault, "Work", "tasks")))
	symlinkOrSkip(t, "../Work/tasks", tasks)
	p := openOS(t, vault)
	require.Equal(t, 5, p.Len())
	e, err := p.Create(pc.Task, map[string]any{"title": "Linked", "parent": "S-001", "depends_on": []any{"T-001"}})
	require.NoError(t, err)
	assert.Equal(t, pc.ID("T-003"), e.ID)
	assert.FileExists(t, filepath.Join(vault, "Work", "tasks", "T-003 Linked.md"))
	p2 := openOS(t, vault)
	assert.Equal(t, 6, p2.Len())
	assert.Empty(t, p2.Problems())
	dep, err := p2.Get("T-001")
	require.NoError(t, err)
	assert.Equal(t, []pc.ID{"T-003"}, dep.Links[pc.Blocks])
}
