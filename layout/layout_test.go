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
	// design comes first (lanes in name order), then engineering: the
	// stories and tasks without a workstream go in their milestone's lane.
	// A lane is its content with a margin of 40; 160 between lanes.
	assert.Equal(t, []Lane{{Workstream: "design", X: 0, Y: 0, W: 480, H: 200}, {Workstream: "engineering", X: 640, Y: 0, W: 1308, H: 710}}, res.Lanes)
	assert.Equal(t, Rect{40, 40, 400, 120}, at["M-002"])
	// Two columns of 424 (400 + fan) and a gap of 40: 888 wide; the milestone centred.
	assert.Equal(t, Rect{680 + 244, 40, 400, 120}, at["M-001"])
	assert.Equal(t, Rect{680, 220, 400, 120}, at["S-001"])
	assert.Equal(t, Rect{680 + 464, 220, 400, 120}, at["S-002"])
	assert.Equal(t, Rect{680, 400, 400, 120}, at["T-001"])
	assert.Equal(t, Rect{704, 550, 400, 120}, at["T-002"], "fanned a step right")
	assert.Equal(t, Rect{680 + 464, 400, 400, 120}, at["T-003"])
	assert.Equal(t, Rect{680 + 888 + 40, 220, 300, 100}, at["F-001"], "beside its anchor, at its height, in its lane")
	assert.Equal(t, []Edge{{From: "T-001", To: "T-003", FromSide: "right", ToSide: "left"}}, res.Edges)
	assert.Empty(t, res.Parents, "every child is in its parent's lane")
}

// A child whose workstream is not its parent's goes in its own lane, and
// the link to its parent is reported as an edge.
func TestChildInAnotherWorkstream(t *testing.T) {
	in := Input{Nodes: []Node{
		{ID: "M-001", Type: "milestone", Workstream: "product"},
		{ID: "S-001", Type: "story", Parent: "M-001", Workstream: "engineering"},
		{ID: "S-002", Type: "story", Parent: "M-001"},
		{ID: "T-001", Type: "task", Parent: "S-001", Workstream: "design"},
		{ID: "T-002", Type: "task", Parent: "S-001"},
		{ID: "DEC-001", Type: "decision", Workstream: "product", Anchors: []string{"T-001"}},
	}}
	res := Layout(in)
	at := map[string]Rect{}
	for i, n := range in.Nodes {
		at[n.ID] = res.Nodes[i]
	}
	assert.Equal(t, []Lane{
		{Workstream: "design", X: 0, Y: 0, W: 424 + 40 + 400 + 80, H: 200},
		{Workstream: "engineering", X: 1104, Y: 0, W: 504, H: 380},
		{Workstream: "product", X: 1768, Y: 0, W: 480, H: 380},
	}, res.Lanes)
	assert.Equal(t, Rect{40, 40, 400, 120}, at["T-001"], "in the design lane, though its story is not")
	assert.Equal(t, Rect{504, 40, 400, 120}, at["DEC-001"], "beside its anchor, in the anchor's lane")
	assert.Equal(t, Rect{1144, 40, 400, 120}, at["S-001"])
	assert.Equal(t, Rect{1144, 220, 400, 120}, at["T-002"], "no workstream: its story's lane")
	assert.Equal(t, Rect{1808, 40, 400, 120}, at["M-001"])
	assert.Equal(t, Rect{1808, 220, 400, 120}, at["S-002"], "no workstream: its milestone's lane")
	assert.Equal(t, []Edge{
		{From: "S-001", To: "M-001", FromSide: "right", ToSide: "left"},
		{From: "T-001", To: "S-001", FromSide: "right", ToSide: "left"},
	}, res.Parents)
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
	assert.Equal(t, 300.0, res.Lanes[0].Y, "the lane and its label start below the obstacle")
	assert.Equal(t, 340.0, res.Nodes[0].Y)
	checkLayout(t, in, res)
	far := Layout(Input{Nodes: in.Nodes, Obstacles: []Rect{{X: 5000, Y: 0, W: 10, H: 10}}})
	assert.Equal(t, 40.0, far.Nodes[0].Y, "an obstacle elsewhere changes nothing")
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

// laneWant is the lane each node belongs in, by the rule of the package
// doc, computed here independently of the layout: an entity of the
// hierarchy goes in its own workstream's lane, else (none set) in its
// parent's; a decision, document or feature in its first anchor's lane,
// else its own workstream's.
func laneWant(in Input) map[string]string {
	byID := map[string]Node{}
	for _, n := range in.Nodes {
		byID[n.ID] = n
	}
	hier := map[string]bool{"milestone": true, "story": true, "task": true}
	parentType := map[string]string{"story": "milestone", "task": "story"}
	var own func(n Node) string
	own = func(n Node) string {
		if n.Workstream != "" {
			return n.Workstream
		}
		if p, ok := byID[n.Parent]; ok && parentType[n.Type] != "" && p.Type == parentType[n.Type] {
			return own(p)
		}
		return ""
	}
	want := map[string]string{}
	for _, n := range in.Nodes {
		if hier[n.Type] {
			want[n.ID] = own(n)
			continue
		}
		want[n.ID] = n.Workstream
		var first string
		for _, a := range n.Anchors {
			if hier[byID[a].Type] && (first == "" || compareIDs(a, first) < 0) {
				first = a
			}
		}
		if first != "" {
			want[n.ID] = own(byID[first])
		}
	}
	return want
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
	}

	// Lanes: one per workstream, side by side, clear of obstacles with
	// their labels, each holding exactly its members.
	lanes := map[string]Lane{}
	for i, a := range res.Lanes {
		_, dup := lanes[a.Workstream]
		require.False(t, dup, "two lanes for %q", a.Workstream)
		lanes[a.Workstream] = a
		if i > 0 {
			require.Less(t, res.Lanes[i-1].X+res.Lanes[i-1].W, a.X, "lanes %q and %q share x", res.Lanes[i-1].Workstream, a.Workstream)
		}
		withLabel := Rect{a.X, a.Y - LabelHeight, a.W, a.H + LabelHeight}
		for _, o := range in.Obstacles {
			require.False(t, withLabel.Overlaps(o), "lane %q overlaps obstacle %+v", a.Workstream, o)
		}
	}
	want := laneWant(in)
	used := map[string]bool{}
	for i, n := range in.Nodes {
		l, ok := lanes[want[n.ID]]
		require.True(t, ok, "%s: no lane %q", n.ID, want[n.ID])
		used[l.Workstream] = true
		r := res.Nodes[i]
		inside := r.X >= l.X && r.Y >= l.Y && r.X+r.W <= l.X+l.W && r.Y+r.H <= l.Y+l.H
		require.True(t, inside, "%s %+v lies inside its lane %+v", n.ID, r, l)
	}
	require.Len(t, used, len(res.Lanes), "no empty lane")

	// Parents: below them in one lane, an edge across lanes.
	var cross []Edge
	for _, n := range in.Nodes {
		p, ok := at[n.Parent]
		if !ok || n.Parent == n.ID {
			continue
		}
		if (n.Type == "story" && typ[n.Parent] == "milestone") || (n.Type == "task" && typ[n.Parent] == "story") {
			if want[n.ID] != want[n.Parent] {
				fs, ts := Sides(at[n.ID], p)
				cross = append(cross, Edge{From: n.ID, To: n.Parent, FromSide: fs, ToSide: ts})
				continue
			}
			require.GreaterOrEqual(t, at[n.ID].Y, p.Y+p.H, "%s is below its parent %s", n.ID, n.Parent)
		}
	}
	slices.SortFunc(cross, func(a, b Edge) int { return compareIDs(a.From, b.From) })
	require.Equal(t, cross, res.Parents, "an edge for each link across lanes")
	for _, r := range res.Nodes {
		for _, o := range in.Obstacles {
			require.False(t, r.Overlaps(o), "%+v overlaps obstacle %+v", r, o)
		}
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
		laneOf := func(res Result, r Rect) Lane {
			for _, l := range res.Lanes {
				if r.X >= l.X && r.X+r.W <= l.X+l.W {
					return l
				}
			}
			return Lane{Workstream: "?"}
		}
		own := laneOf(after, after.Nodes[len(after.Nodes)-1])
		for i := range in.Nodes {
			if before.Nodes[i] != after.Nodes[i] {
				require.Equal(t, own, laneOf(after, after.Nodes[i]), "%s moved outside the new task's lane", in.Nodes[i].ID)
			}
		}
		require.Len(t, after.Lanes, len(before.Lanes))
		for i, l := range before.Lanes {
			if l.Workstream == own.Workstream {
				l.H = after.Lanes[i].H // its own lane may grow down, no wider
			}
			assert.Equal(t, l, after.Lanes[i], "no other lane moves or grows")
		}
	}
}
