package atomicfile_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/atomicfile"
)

// A write replaces the file, with the mode asked; a last check that fails
// leaves the old file and no temporary file; a link at the name is
// replaced by the file, its target left as it was.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	require.NoError(t, atomicfile.Write(p, []byte("one"), 0o600, nil))
	require.NoError(t, atomicfile.Write(p, []byte("two"), 0o644, nil))
	data, _ := os.ReadFile(p)
	assert.Equal(t, "two", string(data))
	st, _ := os.Stat(p)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm())

	stop := errors.New("no")
	assert.ErrorIs(t, atomicfile.Write(p, []byte("three"), 0o644, func() error { return stop }), stop)
	data, _ = os.ReadFile(p)
	assert.Equal(t, "two", string(data), "the old file stays")
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "no temporary file is left")

	target := filepath.Join(dir, "target")
	require.NoError(t, os.WriteFile(target, []byte("keep"), 0o644))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(target, link))
	require.NoError(t, atomicfile.Write(link, []byte("new"), 0o644, nil))
	data, _ = os.ReadFile(target)
	assert.Equal(t, "keep", string(data))
	st, _ = os.Lstat(link)
	assert.True(t, st.Mode().IsRegular())

	assert.Error(t, atomicfile.Write(filepath.Join(dir, "missing", "x"), nil, 0o644, nil), "no folder is made")
}
