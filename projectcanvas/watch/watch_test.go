package watch_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/watch"
)

// syncs collects the watcher's flushes.
type syncs struct {
	mu  sync.Mutex
	all []watch.Sync
}

func (s *syncs) add(x watch.Sync) { s.mu.Lock(); s.all = append(s.all, x); s.mu.Unlock() }
func (s *syncs) reloaded() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, x := range s.all {
		if x.Reloaded {
			return true
		}
	}
	return false
}

func start(t testing.TB, opts ...watch.Option) (*pc.Project, string, *syncs) {
	t.Helper()
	dir := t.TempDir()
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	s := &syncs{}
	w, err := watch.New(p, dir, append([]watch.Option{watch.WithOnSync(s.add)}, opts...)...)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	t.Cleanup(func() { cancel(); require.NoError(t, <-done) })
	return p, dir, s
}

func entityFile(id, typ, title string) string {
	return fmt.Sprintf("---\nid: %s\ntype: %s\ntitle: %s\nstatus: Planned\n---\n# %s\n", id, typ, title, title)
}

func write(t testing.TB, path, data string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
}

func title(p *pc.Project, id string) string {
	e, err := p.Get(id)
	if err != nil {
		return ""
	}
	return e.Title
}

const eventually = 5 * time.Second

func TestHandEditsAreSeen(t *testing.T) {
	p, dir, _ := start(t)
	f := filepath.Join(dir, "Projects", "features", "F-001 Export.md")
	write(t, f, entityFile("F-001", "feature", "Export"))
	require.Eventually(t, func() bool { return title(p, "F-001") == "Export" }, eventually, time.Millisecond, "a new file in a new folder")

	write(t, f, entityFile("F-001", "feature", "Export to PDF"))
	require.Eventually(t, func() bool { return title(p, "F-001") == "Export to PDF" }, eventually, time.Millisecond, "an edit")

	moved := filepath.Join(dir, "Elsewhere.md")
	require.NoError(t, os.Rename(f, moved))
	require.Eventually(t, func() bool {
		e, err := p.Get("F-001")
		return err == nil && e.Path == "Elsewhere.md"
	}, eventually, time.Millisecond, "a rename")

	require.NoError(t, os.Remove(moved))
	require.Eventually(t, func() bool { return p.Len() == 0 }, eventually, time.Millisecond, "a delete")

	// Hidden folders (.obsidian, .git) are not the index's business.
	write(t, filepath.Join(dir, ".obsidian", "F-002.md"), entityFile("F-002", "feature", "Hidden"))
	write(t, filepath.Join(dir, "F-003.md"), entityFile("F-003", "feature", "Seen"))
	require.Eventually(t, func() bool { return title(p, "F-003") == "Seen" }, eventually, time.Millisecond)
	assert.Equal(t, "", title(p, "F-002"))
}

// Each flush names the markdown files it refreshed, for the other indexes
// that follow the vault (document search).
func TestSyncNamesTheFiles(t *testing.T) {
	_, dir, s := start(t)
	write(t, filepath.Join(dir, "c.txt"), "not markdown")
	write(t, filepath.Join(dir, "b.md"), "# B\n")
	require.Eventually(t, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, x := range s.all {
			if slices.Contains(x.Names, "b.md") {
				assert.NotContains(t, x.Names, "c.txt")
				return true
			}
		}
		return false
	}, eventually, time.Millisecond)
}

// A git checkout rewrites a thousand files at once: the index must end up
// exactly as a fresh load would see the folder.
func TestBurstLikeGitCheckout(t *testing.T) {
	p, dir, s := start(t, watch.WithBurst(100))
	const n = 1000
	for i := 1; i <= n; i++ {
		write(t, filepath.Join(dir, "Projects", "features", fmt.Sprintf("batch%d", i%7), fmt.Sprintf("F-%03d.md", i)), entityFile(fmt.Sprintf("F-%03d", i), "feature", fmt.Sprintf("Feature %d", i)))
	}
	require.Eventually(t, func() bool { return p.Len() == n && title(p, fmt.Sprintf("F-%03d", n)) == fmt.Sprintf("Feature %d", n) }, 20*time.Second, 5*time.Millisecond)
	assert.True(t, s.reloaded(), "a burst rebuilds the index")

	// Moving a whole folder away drops its entities; moving it back restores them.
	batch := filepath.Join(dir, "Projects", "features", "batch3")
	require.NoError(t, os.Rename(batch, filepath.Join(dir, "..", filepath.Base(dir)+"-moved")))
	t.Cleanup(func() { os.RemoveAll(filepath.Join(dir, "..", filepath.Base(dir)+"-moved")) })
	want := n
	for i := 1; i <= n; i++ {
		if i%7 == 3 {
			want--
		}
	}
	require.Eventually(t, func() bool { return p.Len() == want }, 10*time.Second, 5*time.Millisecond)

	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	fresh, err := pc.Open(fsys)
	require.NoError(t, err)
	assert.Equal(t, fresh.Len(), p.Len())
}
