package projectcanvas_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// ReadShared reads without a copy where the vault keeps its bytes (memfs,
// also behind Project.Files), and copies everywhere else (osfs).
func TestReadShared(t *testing.T) {
	mem := memfs.New(map[string]string{"Board.canvas": `{"nodes":[]}`})
	p, err := pc.Open(mem)
	require.NoError(t, err)
	a, shared, err := pc.ReadShared(p.Files(), "Board.canvas")
	require.NoError(t, err)
	assert.True(t, shared)
	b, _, _ := pc.ReadShared(p.Files(), "Board.canvas")
	assert.Same(t, &a[0], &b[0], "the bytes memfs keeps, not a copy")
	assert.Equal(t, `{"nodes":[]}`, string(a))

	dir := t.TempDir()
	disk, err := osfs.New(dir)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Board.canvas"), []byte(`{}`), 0o644))
	data, shared, err := pc.ReadShared(disk, "Board.canvas")
	require.NoError(t, err)
	assert.False(t, shared)
	assert.Equal(t, "{}", string(data))
	_, _, err = pc.ReadShared(p.Files(), "../x.md")
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
}
