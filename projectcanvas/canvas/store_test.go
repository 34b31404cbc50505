package canvas_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

const userCanvas = "{\n\t\"nodes\":[\n\t\t{\"id\":\"note\",\"type\":\"text\",\"text\":\"mine\",\"x\":0,\"y\":0,\"width\":250,\"height\":60}\n\t],\n\t\"edges\":[]\n}"

// project opens the vault of fsys, which a canvas is written through.
func project(t *testing.T, fsys pc.FS) *pc.Project {
	t.Helper()
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	return p
}

func addNode(id string) func(c *canvas.Canvas) error {
	return func(c *canvas.Canvas) error {
		if c.Node(id) != nil {
			return nil
		}
		return c.AddNode(&canvas.Node{ID: id, Type: canvas.TypeText, Text: id, Width: 10, Height: 10})
	}
}

func TestUpdateCreatesAndEdits(t *testing.T) {
	fsys := memfs.New(nil)
	_, err := canvas.Update(project(t, fsys), "Projects.canvas", addNode("a"))
	require.NoError(t, err)
	_, err = canvas.Update(project(t, fsys), "Projects.canvas", addNode("b"))
	require.NoError(t, err)
	c, _, err := canvas.Read(fsys, "Projects.canvas")
	require.NoError(t, err)
	assert.Len(t, c.Nodes, 2)
}

func TestUpdateRereadsACanvasEditedMeanwhile(t *testing.T) {
	fsys := memfs.New(map[string]string{"Projects.canvas": userCanvas})
	calls := 0
	_, err := canvas.Update(project(t, fsys), "Projects.canvas", func(c *canvas.Canvas) error {
		calls++
		if calls == 1 { // the user moves their note in the editor meanwhile
			moved, err := canvas.Parse([]byte(userCanvas))
			require.NoError(t, err)
			moved.Nodes[0].X = 999
			require.NoError(t, fsys.WriteFile("Projects.canvas", moved.Bytes(), pc.HashOf([]byte(userCanvas))))
		}
		return addNode("entity-T-001")(c)
	})
	require.NoError(t, err)
	assert.Equal(t, 2, calls, "the change is applied again to the new content")
	c, _, err := canvas.Read(fsys, "Projects.canvas")
	require.NoError(t, err)
	assert.Equal(t, 999.0, c.Node("note").X, "the user's edit survives")
	assert.NotNil(t, c.Node("entity-T-001"))
}

func TestUpdateGivesUpOnAFileThatKeepsChanging(t *testing.T) {
	fsys := memfs.New(map[string]string{"Projects.canvas": userCanvas})
	n := 0
	_, err := canvas.Update(project(t, fsys), "Projects.canvas", func(c *canvas.Canvas) error {
		n++
		data, _ := fsys.ReadFile("Projects.canvas")
		c2, _ := canvas.Parse(data)
		c2.Nodes[0].X = float64(n)
		require.NoError(t, fsys.WriteFile("Projects.canvas", c2.Bytes(), pc.HashOf(data)))
		return addNode("x")(c)
	})
	assert.Equal(t, pc.CodeConflict, pc.ErrorCode(err))
	c, _, _ := canvas.Read(fsys, "Projects.canvas")
	assert.Nil(t, c.Node("x"), "never written blindly")
}

func TestUpdateLeavesABrokenCanvasAlone(t *testing.T) {
	for _, bad := range []string{"{broken", `{"nodes":[{"id":1}]}`} {
		fsys := memfs.New(map[string]string{"b.canvas": bad})
		_, err := canvas.Update(project(t, fsys), "b.canvas", addNode("a"))
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
		assert.Equal(t, bad, fsys.Files()["b.canvas"])
	}
}

func TestUpdateWritesNothingWhenNothingChanges(t *testing.T) {
	spaced := `{ "nodes": [ {"id":"note","type":"text","text":"mine","x":0,"y":0,"width":250,"height":60} ], "edges": [] }`
	fsys := memfs.New(map[string]string{"Projects.canvas": spaced})
	fsys.FailWrite = func(op, name string) error { t.Errorf("%s %s: nothing to write", op, name); return nil }
	_, err := canvas.Update(project(t, fsys), "Projects.canvas", addNode("note"))
	require.NoError(t, err)
	assert.Equal(t, spaced, fsys.Files()["Projects.canvas"], "a file in another layout is not rewritten for nothing")
}
