package canvas_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func TestLaneID(t *testing.T) {
	for _, tc := range []struct{ workstream, id string }{
		{"engineering", "lane-engineering"},
		{"Front End", "lane-front-end"},
		{"  r&d / ops ", "lane-r-d-ops"},
		{"Développement", "lane-développement"},
		{"", "lane-none"},
		{"---", "lane-none"},
	} {
		assert.Equal(t, tc.id, canvas.LaneID(tc.workstream), "%q", tc.workstream)
	}
}

// The lane groups and parent edges follow the project from layout to
// layout: a lane that empties loses its group, a parent edge goes when
// task and story share a lane again, and the user's groups, notes and
// edges are kept as they are, never duplicated.
func TestLanesFollowTheProject(t *testing.T) {
	p := newProject(t, []made{
		{pc.Milestone, map[string]any{"title": "Launch", "workstream": "product"}},
		{pc.Story, map[string]any{"title": "Sign-in", "parent": "M-001", "workstream": "engineering"}},
		{pc.Task, map[string]any{"title": "Form", "parent": "S-001"}},
		{pc.Task, map[string]any{"title": "Mockups", "parent": "S-001", "workstream": "design"}},
	})
	userGroup := `{"id":"mine","type":"group","label":"My group","x":-3000,"y":0,"width":600,"height":400}`
	userLaneish := `{"id":"lane-design/m-001","type":"text","text":"my note on design","x":-3000,"y":600,"width":300,"height":100}`
	c, err := canvas.Parse([]byte("{\n\t\"nodes\":[\n\t\t" + userGroup + ",\n\t\t" + userLaneish + "\n\t],\n\t\"edges\":[]\n}"))
	require.NoError(t, err)
	canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil)
	userEdge := &canvas.Edge{ID: "e1", FromNode: "entity-T-001", ToNode: "entity-M-001", Label: "see"}
	require.NoError(t, c.AddEdge(userEdge))

	res := canvas.Arrange(c, p.Graph())
	var drawn []string
	for _, l := range res.Lanes {
		drawn = append(drawn, l.Workstream+" "+l.Band+" "+l.Node)
	}
	assert.Equal(t, []string{"design M-001 lane-design/m-001-2", "engineering M-001 lane-engineering/m-001"}, drawn,
		"a group per band and lane; an id held by the user's node: the next free one")
	assert.Equal(t, 1, res.EdgesAdded, "T-002 -> S-001 across lanes; S-001 is below M-001, its band's head: no edge")
	parent := c.Edge(canvas.ParentEdgeID("T-002", "S-001"))
	require.NotNil(t, parent)
	assert.Equal(t, []string{"entity-T-002", "entity-S-001", "", "6"}, []string{parent.FromNode, parent.ToNode, parent.Label, parent.Color}, "purple, no label to sit on a card")
	assert.Equal(t, "design", c.Node("lane-design/m-001-2").Label)
	out := string(c.Bytes())
	for _, user := range []string{userGroup, userLaneish} {
		assert.Contains(t, out, user, "the user's node is kept as it was")
	}
	assert.Equal(t, canvas.Arranged{Placed: 4, Lanes: res.Lanes}, canvas.Arrange(c, p.Graph()), "a second layout changes nothing")
	assert.Equal(t, out, string(c.Bytes()))

	// A parent edge of an earlier version, labelled, loses its label.
	parent.Label = canvas.ParentLabel
	again := canvas.Arrange(c, p.Graph())
	assert.Equal(t, 1, again.EdgesUpdated)
	assert.Empty(t, parent.Label)

	// The mockups move to engineering: the design lane empties, the
	// parent edge goes.
	_, err = p.Update("T-002", pc.Change{Data: map[string]any{"workstream": "engineering"}})
	require.NoError(t, err)
	res = canvas.Arrange(c, p.Graph())
	drawn = drawn[:0]
	for _, l := range res.Lanes {
		drawn = append(drawn, l.Workstream+" "+l.Band+" "+l.Node)
	}
	assert.Equal(t, []string{"engineering M-001 lane-engineering/m-001"}, drawn)
	assert.Nil(t, c.Node("lane-design/m-001-2"), "the emptied lane's group is removed")
	assert.Equal(t, 1, res.EdgesRemoved)
	assert.Nil(t, c.Edge(canvas.ParentEdgeID("T-002", "S-001")), "task and story share a lane")
	assert.Zero(t, res.EdgesAdded)
	out = string(c.Bytes())
	for _, user := range []string{userGroup, userLaneish, `{"id":"e1","fromNode":"entity-T-001","toNode":"entity-M-001","label":"see"}`} {
		assert.Contains(t, out, user, "the user's object is kept as it was")
	}
	var groups []string
	for _, n := range c.Nodes {
		if n.Type == canvas.TypeGroup {
			groups = append(groups, n.ID)
		}
	}
	assert.Equal(t, []string{"lane-engineering/m-001", "mine"}, groups)
}

// A lane group is no obstacle to an entity added to the canvas: a new task
// goes below its story's tasks, inside the lane, not below the whole lane.
func TestAddEntityInsideALane(t *testing.T) {
	fsys := memfs.New(nil)
	p := exampleProject(t, fsys)
	_, err := canvas.Update(p, "Projects.canvas", func(c *canvas.Canvas) error {
		canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil)
		canvas.Arrange(c, p.Graph())
		return nil
	})
	require.NoError(t, err)
	e, err := p.Create(pc.Task, map[string]any{"title": "Crop the avatar", "parent": "S-002"})
	require.NoError(t, err)
	story, err := p.Get("S-002")
	require.NoError(t, err)
	added, err := addEntities(p, "Projects.canvas", []*pc.Entity{e}, func(*pc.Entity) *pc.Entity { return story })
	require.NoError(t, err)
	require.Equal(t, []pc.ID{e.ID}, added)
	c, _, err := canvas.Read(fsys, "Projects.canvas")
	require.NoError(t, err)
	above, n := c.Node(canvas.NodeID("T-003")), c.Node(canvas.NodeID(e.ID))
	var lane *canvas.Node
	for _, g := range c.Nodes {
		if strings.HasPrefix(g.ID, "lane-engineering/") && g.Contains(above) {
			lane = g
		}
	}
	require.NotNil(t, lane, "T-003 lies in an engineering lane")
	assert.Equal(t, above.Y+above.Height+40, n.Y, "below the story's task")
	assert.True(t, lane.Contains(n), "inside the lane, not pushed below it")
}

// made is an entity a test project is made of.
type made struct {
	typ  pc.Type
	data map[string]any
}

// newProject is a project in memory holding entities, created in order.
func newProject(t *testing.T, entities []made) *pc.Project {
	t.Helper()
	p, err := pc.Open(memfs.New(nil))
	require.NoError(t, err)
	for _, e := range entities {
		_, err := p.Create(e.typ, e.data)
		require.NoError(t, err)
	}
	return p
}

// Crop keeps the nodes wholly inside the given nodes' box widened by a
// lane's padding, the edges between them, and the groups it overlaps cut
// to that box: a lane cut around its rightmost card still holds it with
// room to spare.
func TestCrop(t *testing.T) {
	card := func(id string, x, y float64) *canvas.Node {
		return &canvas.Node{ID: id, Type: canvas.TypeText, X: x, Y: y, Width: 400, Height: 120}
	}
	a, b, near, far := card("a", 0, 0), card("b", 440, 0), card("near", 0, 160), card("far", 2000, 0)
	lane := &canvas.Node{ID: "lane-x", Type: canvas.TypeGroup, X: -40, Y: -40, Width: 3000, Height: 400}
	c := &canvas.Canvas{Nodes: []*canvas.Node{lane, a, b, near, far}, Edges: []*canvas.Edge{
		{ID: "ab", FromNode: "a", ToNode: "b"}, {ID: "af", FromNode: "a", ToNode: "far"}}}
	part := canvas.Crop(c, []*canvas.Node{a, b})
	var ids []string
	for _, n := range part.Nodes {
		ids = append(ids, n.ID)
	}
	assert.Equal(t, []string{"lane-x", "a", "b"}, ids, "near is not wholly within the margin, far is outside")
	cut := part.Nodes[0]
	assert.Equal(t, canvas.Node{ID: "lane-x", Type: canvas.TypeGroup, X: -40, Y: -40, Width: 920, Height: 200}, *cut, "the lane cut to the cards and the margin")
	require.Len(t, part.Edges, 1)
	assert.Equal(t, "ab", part.Edges[0].ID)
	assert.Equal(t, 3000.0, lane.Width, "the canvas is not changed")
}
