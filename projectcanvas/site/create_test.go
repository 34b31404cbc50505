package site

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// createNew writes a new file whole, and never writes over one that is
// there (someone else's, made since the folder was checked): it says it
// opened nothing, so that the caller removes nothing.
func TestCreateNew(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "page.html")
	data := make([]byte, 3<<20) // more than one write may take
	for i := range data {
		data[i] = byte(i % 251)
	}
	opened, err := createNew(name, data)
	require.NoError(t, err)
	assert.True(t, opened)
	got, err := os.ReadFile(name)
	require.NoError(t, err)
	assert.Equal(t, data, got)

	opened, err = createNew(name, []byte("over"))
	assert.ErrorIs(t, err, fs.ErrExist)
	assert.False(t, opened)
	got, _ = os.ReadFile(name)
	assert.Equal(t, data, got, "the file there is left as it was")

	opened, err = createNew(filepath.Join(dir, "missing", "page.html"), []byte("x"))
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.False(t, opened)

	require.NoError(t, os.Symlink(filepath.Join(dir, "target"), filepath.Join(dir, "link.html")))
	_, err = createNew(filepath.Join(dir, "link.html"), []byte("x"))
	assert.ErrorIs(t, err, fs.ErrExist, "a link at the name is not followed")
	assert.NoFileExists(t, filepath.Join(dir, "target"))
}
