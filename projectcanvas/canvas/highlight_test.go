package canvas_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// The critical path's edges turn red, the rest of the package's edges keep
// or get back their own colour, and the user's edges are never touched.
func TestHighlightChain(t *testing.T) {
	p := newProject(t, []made{
		{pc.Milestone, map[string]any{"title": "Launch", "workstream": "product"}},
		{pc.Story, map[string]any{"title": "Sign-in", "parent": "M-001", "workstream": "engineering"}},
		{pc.Task, map[string]any{"title": "Schema", "parent": "S-001"}},
		{pc.Task, map[string]any{"title": "Form", "parent": "S-001", "workstream": "design", "depends_on": []string{"T-001"}}},
		{pc.Task, map[string]any{"title": "Docs", "parent": "S-001", "depends_on": []string{"T-001"}}},
	})
	c := &canvas.Canvas{}
	g := p.Graph()
	canvas.Populate(c, g, canvas.PopulateOptions{}, nil)
	canvas.Arrange(c, g)
	user, err := canvas.Parse([]byte(`{"nodes":[],"edges":[{"id":"mine","fromNode":"entity-T-003","toNode":"entity-T-001","color":"1"}]}`))
	require.NoError(t, err)
	require.NoError(t, c.AddEdge(user.Edges[0]))
	colour := func(id string) string { e := c.Edge(id); require.NotNil(t, e, id); return e.Color }

	chain := []pc.ID{"T-001", "T-002", "S-001", "M-001"}
	red := canvas.HighlightChain(c, g.All(), chain)
	assert.Equal(t, 2, red, "T-002 on T-001, and T-002 to its story across lanes; S-001 is below M-001 in its band, no edge")
	assert.Equal(t, "1", colour(canvas.EdgeID("T-002", "T-001")))
	assert.Equal(t, "1", colour(canvas.ParentEdgeID("T-002", "S-001")))
	assert.Equal(t, "", colour(canvas.EdgeID("T-003", "T-001")), "off the path")

	red = canvas.HighlightChain(c, g.All(), nil)
	assert.Zero(t, red)
	assert.Equal(t, "", colour(canvas.EdgeID("T-002", "T-001")), "cleared")
	assert.Equal(t, "6", colour(canvas.ParentEdgeID("T-002", "S-001")), "a parent edge gets its purple back")
	assert.Equal(t, "1", colour("mine"), "the user's red edge stays red")
}
