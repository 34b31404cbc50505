package layout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSmallProject(t *testing.T) {
	in := Input{Nodes: []Node{
		{ID: "T-002", Type: "task", Parent: "S-001"},
		{ID: "M-001", Type: "milestone", Workstream: "engineering"},
		{ID: "S-001", Type: "story", Parent: "M-001"},
		{ID: "S-002", Type: "story", Parent: "M-001"},
		{ID: "T-001", Type: "task", Parent: "S-001", DependsOn: []string{"T-003"}},
		{ID: "T-003", Type: "task", Parent: "S-002"},
		{ID: "F-001", Type: "feature", Anchors: []string{"S-002"}, Width: 300, Height: 100},
		{ID: "M-002", Type: "milestone", Workstream: "design"},
	}}
	res := Layout(in)
	at := map[string]Rect{}
	for i, n := range in.Nodes {
		at[n.ID] = res.Nodes[i]
	}
	// design comes first (lanes in name order), then engineering.
	assert.Equal(t, []Lane{{Workstream: "design", X: 0, W: 400}, {Workstream: "engineering", X: 600, W: 1228}}, res.Lanes)
	assert.Equal(t, Rect{0, 0, 400, 120}, at["M-002"])
	// Two columns of 424 (400 + fan) and a gap of 40: 888 wide; the milestone centred.
	assert.Equal(t, Rect{600 + 244, 0, 400, 120}, at["M-001"])
	assert.Equal(t, Rect{600, 180, 400, 120}, at["S-001"])
	assert.Equal(t, Rect{600 + 464, 180, 400, 120}, at["S-002"])
	assert.Equal(t, Rect{600, 360, 400, 120}, at["T-001"])
	assert.Equal(t, Rect{624, 510, 400, 120}, at["T-002"], "fanned a step right")
	assert.Equal(t, Rect{600 + 464, 360, 400, 120}, at["T-003"])
	assert.Equal(t, Rect{600 + 888 + 40, 180, 300, 100}, at["F-001"], "beside its anchor, at its height")
	assert.Equal(t, []Edge{{From: "T-001", To: "T-003", FromSide: "right", ToSide: "left"}}, res.Edges)
}

func TestSides(t *testing.T) {
	box := func(x, y float64) Rect { return Rect{x, y, 400, 120} }
	for _, tc := range []struct {
		to       Rect
		from, at string
	}{
		{box(0, -300), "top", "bottom"},
		{box(0, 300), "bottom", "top"},
		{box(600, 0), "right", "left"},
		{box(-600, 0), "left", "right"},
		{box(500, 200), "bottom", "top"}, // farther apart vertically, relative to the sizes
		{box(900, 100), "right", "left"},
	} {
		f, to := Sides(box(0, 0), tc.to)
		assert.Equal(t, []string{tc.from, tc.at}, []string{f, to}, "%+v", tc.to)
	}
}

func TestObstaclesAreAvoided(t *testing.T) {
	in := Input{
		Nodes:     []Node{{ID: "M-001", Type: "milestone"}, {ID: "S-001", Type: "story", Parent: "M-001"}},
		Obstacles: []Rect{{X: 100, Y: 150, W: 50, H: 50}},
	}
	res := Layout(in)
	for _, r := range res.Nodes {
		assert.False(t, r.Overlaps(in.Obstacles[0]), "%+v", r)
	}
	assert.Equal(t, 260.0, res.Nodes[0].Y, "the lane starts below the obstacle")
	far := Layout(Input{Nodes: in.Nodes, Obstacles: []Rect{{X: 5000, Y: 0, W: 10, H: 10}}})
	assert.Equal(t, 0.0, far.Nodes[0].Y, "an obstacle elsewhere changes nothing")
}

func TestEmptyAndOddInput(t *testing.T) {
	assert.Empty(t, Layout(Input{}).Nodes)
	odd := Input{Nodes: []Node{
		{ID: "T-001", Type: "task", Parent: "T-001"},  // its own parent
		{ID: "S-001", Type: "story", Parent: "T-001"}, // parent of the wrong type
		{ID: "X-1", Type: "unknown"},
		{ID: "T-002", Type: "task", Parent: "S-001", DependsOn: []string{"T-002", "T-404", "T-001", "T-001"}},
		{ID: "", Type: "task"},
	}}
	res := Layout(odd)
	require.Len(t, res.Nodes, 5)
	assert.Len(t, res.Edges, 1, "self, unknown and repeated dependencies make no edge")
}

// checkLayout asserts the properties every layout has.
func checkLayout(t *testing.T, in Input, res Result) {
	t.Helper()
	require.Len(t, res.Nodes, len(in.Nodes))
	at := map[string]Rect{}
	typ := map[string]string{}
	for i, n := range in.Nodes {
		at[n.ID] = res.Nodes[i]
		typ[n.ID] = n.Type
	}
	rects := slices.Clone(res.Nodes)
	order := make([]int, len(rects))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return int(rects[a].X - rects[b].X) })
	for k, i := range order { // sweep by x: only neighbours in x can overlap
		for _, j := range order[k+1:] {
			if rects[j].X >= rects[i].X+rects[i].W {
				break
			}
			require.False(t, rects[i].Overlaps(rects[j]), "%s %+v overlaps %s %+v", in.Nodes[i].ID, rects[i], in.Nodes[j].ID, rects[j])
		}
		for _, o := range in.Obstacles {
			require.False(t, rects[i].Overlaps(o), "%s overlaps obstacle %+v", in.Nodes[i].ID, o)
		}
	}
	for _, n := range in.Nodes {
		p, ok := at[n.Parent]
		if !ok || n.Parent == n.ID {
			continue
		}
		if (n.Type == "story" && typ[n.Parent] == "milestone") || (n.Type == "task" && typ[n.Parent] == "story") {
			require.GreaterOrEqual(t, at[n.ID].Y, p.Y+p.H, "%s is below its parent %s", n.ID, n.Parent)
		}
	}
	for i, a := range res.Lanes {
		for _, b := range res.Lanes[i+1:] {
			require.LessOrEqual(t, a.X+a.W, b.X, "lanes %q and %q share x", a.Workstream, b.Workstream)
		}
	}
	for i, r := range res.Nodes {
		inLane := slices.ContainsFunc(res.Lanes, func(l Lane) bool { return r.X >= l.X && r.X+r.W <= l.X+l.W })
		require.True(t, inLane, "%s %+v lies in a lane", in.Nodes[i].ID, r)
	}
}

func TestPropertiesOnGeneratedProjects(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	sizes := []int{1, 2, 5, 20, 100, 500, 2000}
	for _, n := range sizes {
		for range 3 {
			in := project(rng, n)
			res := Layout(in)
			checkLayout(t, in, res)

			// Deterministic, whatever the input order.
			shuffled := Input{Nodes: slices.Clone(in.Nodes), Obstacles: in.Obstacles}
			rng.Shuffle(len(shuffled.Nodes), func(i, j int) { shuffled.Nodes[i], shuffled.Nodes[j] = shuffled.Nodes[j], shuffled.Nodes[i] })
			again := Layout(shuffled)
			pos := map[string]Rect{}
			for i, nd := range shuffled.Nodes {
				pos[nd.ID] = again.Nodes[i]
			}
			for i, nd := range in.Nodes {
				require.Equal(t, res.Nodes[i], pos[nd.ID], "%s moves when the input is shuffled", nd.ID)
			}
			require.Equal(t, res.Edges, again.Edges)
		}
	}
}

func TestAddingATaskMovesOnlyItsLane(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for _, n := range []int{10, 200, 1500} {
		in := project(rng, n)
		in.Obstacles = nil
		for i := range in.Nodes {
			in.Nodes[i].Width, in.Nodes[i].Height = 0, 0 // entity nodes share one size
		}
		before := Layout(in)
		var story Node
		for _, nd := range in.Nodes {
			if nd.Type == "story" {
				story = nd
			}
		}
		if story.ID == "" {
			continue
		}
		grown := Input{Nodes: append(slices.Clone(in.Nodes), Node{ID: "T-9999", Type: "task", Parent: story.ID})}
		after := Layout(grown)
		checkLayout(t, grown, after)
		laneOf := func(res Result, r Rect) string {
			for _, l := range res.Lanes {
				if r.X >= l.X && r.X+r.W <= l.X+l.W {
					return l.Workstream
				}
			}
			return "?"
		}
		own := laneOf(after, after.Nodes[len(after.Nodes)-1])
		moved := 0
		for i := range in.Nodes {
			if before.Nodes[i] != after.Nodes[i] {
				moved++
				require.Equal(t, own, laneOf(after, after.Nodes[i]), "%s moved outside the new task's lane", in.Nodes[i].ID)
			}
		}
		assert.Equal(t, before.Lanes, after.Lanes, "no lane moves or grows")
	}
}
