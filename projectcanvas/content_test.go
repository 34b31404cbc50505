package projectcanvas_test

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// countingFS counts the files read through ReadFile (Content's read; the
// index reads memfs through ReadShared).
type countingFS struct {
	*memfs.FS
	reads atomic.Int32
}

func (c *countingFS) ReadFile(name string) ([]byte, error) {
	c.reads.Add(1)
	return c.FS.ReadFile(name)
}

// TakeContent gives the body Open read, as Content would have read it,
// without reading the file again; once: a second take, or a take after a
// write, reads the file as it is then. Without WithBodies it is Content.
func TestTakeContent(t *testing.T) {
	files := map[string]string{
		"Projects/tasks/T-001 Form.md":  "---\nid: T-001\ntype: task\ntitle: Form\n---\n\n# Form\n\nThe form's notes.\n",
		"Projects/tasks/T-002 API.md":   "---\r\nid: T-002\r\ntype: task\r\ntitle: API\r\n---\r\nNo heading,\r\ntwo lines.\r\n",
		"Projects/tasks/T-003 Empty.md": "---\nid: T-003\ntype: task\ntitle: Empty\n---\n",
		"Projects/tasks/T-004 Other.md": "---\nid: T-004\ntype: task\ntitle: Other\n---\n# Not the title\nbody\n",
	}
	want := map[pc.ID]string{"T-001": "The form's notes.", "T-002": "No heading,\r\ntwo lines.", "T-003": "", "T-004": "# Not the title\nbody"}

	plain, err := pc.Open(memfs.New(files))
	require.NoError(t, err)
	fsys := &countingFS{FS: memfs.New(files)}
	p, err := pc.Open(fsys, pc.WithBodies())
	require.NoError(t, err)
	fsys.reads.Store(0) // Open's own reads (the config)
	for id, body := range want {
		got, err := p.TakeContent(id)
		require.NoError(t, err)
		assert.Equal(t, body, got, "%s", id)
		content, err := plain.Content(id)
		require.NoError(t, err)
		assert.Equal(t, content, got, "%s: TakeContent is Content", id)
		taken, err := plain.TakeContent(id)
		require.NoError(t, err)
		assert.Equal(t, content, taken, "%s: without WithBodies, TakeContent is Content", id)
	}
	assert.Zero(t, fsys.reads.Load(), "no file is read again")

	require.NoError(t, fsys.Put("Projects/tasks/T-001 Form.md", []byte("---\nid: T-001\ntype: task\ntitle: Form\n---\nChanged.\n")))
	got, err := p.TakeContent("T-001")
	require.NoError(t, err)
	assert.Equal(t, "Changed.", got, "a body is given once; the second take reads the file")

	p, err = pc.Open(fsys, pc.WithBodies())
	require.NoError(t, err)
	_, err = p.Update("T-002", pc.Change{Data: map[string]any{pc.ContentKey: "Written."}})
	require.NoError(t, err)
	got, err = p.TakeContent("T-002")
	require.NoError(t, err)
	assert.Equal(t, "Written.", got, "an entity written since Open is read from its file")
	_, err = p.TakeContent("T-404")
	assert.Equal(t, pc.CodeNotFound, pc.AsError(err).Code)
}
