package projectcanvas_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// A rename seen as two events, in either order: the entity follows its file.
func TestRefreshFilesFollowsARename(t *testing.T) {
	for _, order := range [][2]int{{0, 1}, {1, 0}} {
		p, fsys := seeded(t)
		e, _ := p.Get("F-001")
		to := "Elsewhere/F-001.md"
		old, err := fsys.ReadFile(e.Path)
		require.NoError(t, err)
		require.NoError(t, fsys.Rename(e.Path, to, pc.HashOf(old)))
		names := []string{e.Path, to}
		require.NoError(t, p.RefreshFiles([]string{names[order[0]], names[order[1]]}))
		got, err := p.Get("F-001")
		require.NoError(t, err, "order %v", order)
		assert.Equal(t, to, got.Path)
		assert.Empty(t, p.Problems(), "no duplicate id reported")
	}
}

// hookFS runs before ahead of every file write and afterWalk once a walk
// has listed the files: seams to interleave a Reload with a write.
type hookFS struct {
	pc.FS
	before    func(name string)
	afterWalk func()
}

func (h *hookFS) Walk(fn func(name string) error) error {
	err := h.FS.Walk(fn)
	if h.afterWalk != nil {
		h.afterWalk()
	}
	return err
}

func (h *hookFS) WriteFile(name string, data []byte, want pc.Hash) error {
	if h.before != nil && strings.HasSuffix(name, ".md") {
		h.before(name)
	}
	return h.FS.WriteFile(name, data, want)
}

// A Reload that scans the folder while this process is writing must not
// swap in an index that misses the write.
func TestReloadDuringAWriteLosesNothing(t *testing.T) {
	fsys := &hookFS{FS: memfs.New(nil)}
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	// The reload lists the files before the write lands and swaps its
	// index in after the write is done.
	fsys.afterWalk = func() { time.Sleep(100 * time.Millisecond) }
	reloaded := make(chan struct{})
	fsys.before = func(string) {
		fsys.before = nil
		go func() {
			_, err := p.Reload()
			assert.NoError(t, err)
			close(reloaded)
		}()
		time.Sleep(20 * time.Millisecond) // let the reload list the files first
	}
	mustCreate(t, p, pc.Feature, map[string]any{"title": "Written during a reload"})
	<-reloaded
	_, err = p.Get("F-001")
	assert.NoError(t, err, "the write vanished from the index")
}

// Two files claim T-001: the first in path order holds it and the other is
// ignored. When the holder's file is deleted, or says another id, the
// other holds T-001 at once, as a reload would have it.
func TestDuplicateIsPromotedWhenTheHolderGoes(t *testing.T) {
	task := func(title string) string {
		return "---\nid: T-001\ntype: task\ntitle: " + title + "\nstatus: Not Started\n---\n"
	}
	for _, how := range []string{"deleted", "renumbered"} {
		t.Run(how, func(t *testing.T) {
			fsys := memfs.New(map[string]string{"a/T-001 first.md": task("first"), "b/T-001 second.md": task("second")})
			p, err := pc.Open(fsys)
			require.NoError(t, err)
			e, err := p.Get("T-001")
			require.NoError(t, err)
			require.Equal(t, "a/T-001 first.md", e.Path)
			if how == "deleted" {
				require.NoError(t, fsys.Delete("a/T-001 first.md"))
			} else {
				require.NoError(t, fsys.Put("a/T-001 first.md", []byte(strings.Replace(task("first"), "T-001", "T-002", 1))))
			}
			require.NoError(t, p.Refresh("a/T-001 first.md"))
			e, err = p.Get("T-001")
			require.NoError(t, err)
			assert.Equal(t, "b/T-001 second.md", e.Path)
			for _, pr := range p.Problems() {
				assert.NotEqual(t, "duplicate_id", pr.Kind, "%+v", pr)
			}
		})
	}
}

// All stays in id order through creates, updates, renames and deletions
// without being rebuilt, and a slice handed out before a write is left as
// it was; Graph follows every write.
func TestAllFollowsWritesAndKeepsWhatItHandedOut(t *testing.T) {
	fsys := memfs.New(vaultgen.Files(60))
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	ids := func(es []*pc.Entity) (out []pc.ID) {
		for _, e := range es {
			out = append(out, e.ID)
		}
		return out
	}
	before := p.All()
	kept := ids(before)
	t1, err := p.Get("T-001")
	require.NoError(t, err)
	_, err = p.Create(pc.Task, map[string]any{"title": "New", "parent": "S-001"})
	require.NoError(t, err)
	_, err = p.Update("T-001", pc.Change{Data: map[string]any{"title": "Renamed"}})
	require.NoError(t, err)
	_, err = p.Update("T-002", pc.Change{Data: map[string]any{"priority": "P1"}})
	require.NoError(t, err)
	e, err := p.Get("T-003")
	require.NoError(t, err)
	require.NoError(t, fsys.Delete(e.Path))
	require.NoError(t, p.Refresh(e.Path))

	assert.Equal(t, kept, ids(before), "the slice handed out is unchanged")
	assert.Same(t, t1, before[slices.IndexFunc(before, func(e *pc.Entity) bool { return e.ID == "T-001" })])

	fresh, err := pc.Open(fsys)
	require.NoError(t, err)
	assert.Equal(t, ids(fresh.All()), ids(p.All()), "the same entities, in the same order, as a fresh load")
	for _, e := range p.All() {
		got, err := fresh.Get(string(e.ID))
		require.NoError(t, err)
		assert.Equal(t, got.Title, e.Title)
	}
	assert.Equal(t, ids(p.All()), ids(p.Graph().All()))
	assert.Nil(t, p.Graph().Entity("T-003"))
	assert.Equal(t, "Renamed", p.Graph().Entity("T-001").Title)
}
