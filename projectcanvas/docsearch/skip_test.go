package docsearch

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// One file the vault's boundary refuses (a link out of the vault, which
// git carries to every clone) is left out and named; the rest is indexed
// and searched.
func TestUnreadableFileIsSkippedNotFatal(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "hostname")
	require.NoError(t, os.WriteFile(outside, []byte("secret host\n"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "Notes"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Notes", "Backups.md"), []byte("# Backups\n\nNightly backups are compressed with zstd.\n"), 0o644))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "Notes", "zz link.md")))
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	ctx := context.Background()
	e, err := Open(ctx, fsys)
	require.NoError(t, err)
	require.NoError(t, e.WaitReady(ctx))

	st := e.Status()
	assert.Equal(t, StateReady, st.State, st.Reason)
	assert.Equal(t, 1, st.Docs)
	require.Len(t, st.Skipped, 1)
	assert.Equal(t, "Notes/zz link.md", st.Skipped[0].Path)
	assert.Contains(t, st.Skipped[0].Reason, "outside the vault")
	res, err := e.Search(ctx, Query{Text: "nightly backups"})
	require.NoError(t, err)
	require.NotEmpty(t, res)
	assert.Equal(t, "Notes/Backups.md", res[0].Doc)
	res, err = e.Search(ctx, Query{Text: "secret host"})
	require.NoError(t, err)
	for _, r := range res {
		assert.NotEqual(t, "Notes/zz link.md", r.Doc, "nothing from outside the vault")
	}

	// A file that becomes such a link is dropped and named; fixed, it
	// comes back.
	backups := filepath.Join(dir, "Notes", "Backups.md")
	require.NoError(t, os.Remove(backups))
	require.NoError(t, os.Symlink(outside, backups))
	assert.Error(t, e.Update(ctx, "Notes/Backups.md"))
	st = e.Status()
	assert.Equal(t, 0, st.Docs)
	assert.Len(t, st.Skipped, 2)
	require.NoError(t, os.Remove(backups))
	require.NoError(t, os.WriteFile(backups, []byte("# Backups\n\nzstd\n"), 0o644))
	require.NoError(t, e.Update(ctx, "Notes/Backups.md"))
	st = e.Status()
	assert.Equal(t, 1, st.Docs)
	assert.Len(t, st.Skipped, 1)
}
