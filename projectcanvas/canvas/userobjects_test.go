package canvas_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// A user's canvas objects are never mistaken for the tool's because of an
// id: only a file node showing an entity's file is the entity's node.
func TestUserObjectsWithCollidingIDs(t *testing.T) {
	p, err := pc.Open(memfs.New(nil))
	require.NoError(t, err)
	for _, c := range []struct {
		typ  pc.Type
		data map[string]any
	}{
		{pc.Milestone, map[string]any{"title": "Beta"}},
		{pc.Story, map[string]any{"title": "Login", "parent": "M-001"}},
		{pc.Task, map[string]any{"title": "Form", "parent": "S-001"}},
		{pc.Task, map[string]any{"title": "API", "parent": "S-001", "depends_on": []any{"T-001"}}},
		{pc.Task, map[string]any{"title": "Docs", "parent": "S-001"}},
		{pc.Task, map[string]any{"title": "Tests", "parent": "S-001"}},
	} {
		_, err := p.Create(c.typ, c.data)
		require.NoError(t, err)
	}
	get := func(id string) *pc.Entity { e, err := p.Get(id); require.NoError(t, err); return e }
	userText := `{"id":"entity-T-004","type":"text","text":"my note","x":9000,"y":9000,"width":200,"height":80,"myPlugin":{"k":[1]}}`
	userA := `{"id":"a","type":"text","text":"A","x":-500,"y":0,"width":50,"height":50}`
	userB := `{"id":"b","type":"text","text":"B","x":-500,"y":200,"width":50,"height":50}`
	userEdge := `{"id":"dep-T-002-T-001","fromNode":"a","toNode":"b","label":"mine"}`
	dragged := fmt.Sprintf(`{"id":"3f9a2c","type":"file","file":%q,"x":700,"y":-300,"width":400,"height":120}`, get("T-003").Path)
	src := "{\n\t\"nodes\":[\n\t\t" + strings.Join([]string{userText, userA, userB, dragged}, ",\n\t\t") +
		"\n\t],\n\t\"edges\":[\n\t\t" + userEdge + "\n\t]\n}"
	c, err := canvas.Parse([]byte(src))
	require.NoError(t, err)

	res := canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil)
	assert.Contains(t, res.Added, pc.ID("T-004"), "T-004 is not on the canvas: the text node is the user's")
	assert.NotContains(t, res.Added, pc.ID("T-003"), "the user's file node of T-003 is adopted")
	assert.Equal(t, 1, res.EdgesAdded, "T-002 -> T-001, though a user edge has its id")
	nodes := canvas.EntityNodes(c, p.All())
	assert.Equal(t, "entity-T-004-2", nodes["T-004"].ID)
	assert.Equal(t, "3f9a2c", nodes["T-003"].ID)
	var real *canvas.Edge
	for _, e := range c.Edges {
		if e.FromNode == nodes["T-002"].ID && e.ToNode == nodes["T-001"].ID {
			real = e
		}
	}
	require.NotNil(t, real)
	assert.NotEqual(t, "dep-T-002-T-001", real.ID)

	canvas.Arrange(c, p.Graph())
	out := string(c.Bytes())
	for _, user := range []string{userText, userA, userB, userEdge} {
		assert.Contains(t, out, user, "the user's object is kept byte for byte, unmoved")
	}
	assert.Equal(t, 1, strings.Count(out, get("T-003").Path), "no second node for T-003")
}

// A file shown by several nodes is the entity's through the node with the
// id NodeID gives, else the first.
func TestIndexFileNodesOfAFileShownTwice(t *testing.T) {
	c, err := canvas.Parse(nil)
	require.NoError(t, err)
	for _, n := range []*canvas.Node{
		{ID: "dragged", Type: canvas.TypeFile, File: "a.md"},
		{ID: canvas.NodeID("T-001"), Type: canvas.TypeFile, File: "a.md"},
		{ID: "first", Type: canvas.TypeFile, File: "b.md"},
		{ID: "second", Type: canvas.TypeFile, File: "b.md"},
		{ID: "only", Type: canvas.TypeFile, File: "c.md"},
	} {
		n.Width, n.Height = 400, 120
		require.NoError(t, c.AddNode(n))
	}
	byFile := canvas.IndexFileNodes(c)
	assert.Equal(t, canvas.NodeID("T-001"), byFile["a.md"].ID)
	assert.Equal(t, "first", byFile["b.md"].ID)
	assert.Equal(t, "only", byFile["c.md"].ID)
}
