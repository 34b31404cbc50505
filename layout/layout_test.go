package layout

import (
	"math"
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
	checkLayout(t, in, res)
	at := map[string]Rect{}
	for i, n := range in.Nodes {
		at[n.ID] = res.Nodes[i]
	}
	// A band per milestone, in id order (neither depends on the other).
	// The stories and tasks without a workstream go in their milestone's
	// lane, engineering; design has no work, so no lane. A cell is its
	// content with a margin of 40, its label above it.
	assert.Equal(t, []Band{{Milestone: "M-001", Rect: Rect{0, 0, 968, 750}}, {Milestone: "M-002", Rect: Rect{0, 910, 400, 120}}}, res.Bands)
	assert.Equal(t, []Lane{{Workstream: "engineering", Band: "M-001", X: 0, Y: 220, W: 968, H: 530}}, res.Lanes)
	// Two columns of 424 (400 + fan) and a gap of 40; the milestone at the
	// left of its band's head row.
	assert.Equal(t, Rect{0, 0, 400, 120}, at["M-001"])
	assert.Equal(t, Rect{40, 260, 400, 120}, at["S-001"], "below the milestone, a label's height into the cell")
	assert.Equal(t, Rect{504, 260, 400, 120}, at["S-002"])
	assert.Equal(t, Rect{40, 440, 400, 120}, at["T-001"])
	assert.Equal(t, Rect{64, 590, 400, 120}, at["T-002"], "fanned a step right")
	assert.Equal(t, Rect{504, 440, 300, 100}, at["F-001"], "just below the story it is implemented by")
	assert.Equal(t, Rect{528, 570, 400, 120}, at["T-003"], "below the feature, fanned")
	assert.Equal(t, Rect{0, 910, 400, 120}, at["M-002"], "a band of its own, below")
	assert.Equal(t, []Edge{{From: "T-001", To: "T-003", FromSide: "right", ToSide: "left", FromNode: 4, ToNode: 5}}, res.Edges)
	assert.Empty(t, res.Parents, "every task is in its story's lane")
}

// A child whose workstream is not its parent's goes in its own lane; a task
// there has its link to its story reported as an edge.
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
	checkLayout(t, in, res)
	at := map[string]Rect{}
	for i, n := range in.Nodes {
		at[n.ID] = res.Nodes[i]
	}
	// product has no story or task: no lane. design holds T-001 only, on
	// the task row, and its decision just below it.
	assert.Equal(t, []Lane{
		{Workstream: "design", Band: "M-001", X: 0, Y: 220, W: 504, H: 530},
		{Workstream: "engineering", Band: "M-001", X: 664, Y: 220, W: 504, H: 530},
		{Workstream: "product", Band: "M-001", X: 1328, Y: 220, W: 504, H: 530}, // a story and room for its tasks' fan
	}, res.Lanes)
	assert.Equal(t, Rect{40, 440, 400, 120}, at["T-001"], "in the design lane, though its story is not, below the story row")
	assert.Equal(t, Rect{64, 590, 400, 120}, at["DEC-001"], "just below the task it affects, in its column")
	assert.Equal(t, Rect{704, 260, 400, 120}, at["S-001"])
	assert.Equal(t, Rect{704, 440, 400, 120}, at["T-002"], "no workstream: its story's lane")
	assert.Equal(t, Rect{1368, 260, 400, 120}, at["S-002"], "no workstream: its milestone's lane")
	assert.Equal(t, Rect{0, 0, 400, 120}, at["M-001"], "at the left of its band's head row")
	assert.Equal(t, []Edge{
		{From: "T-001", To: "S-001", FromSide: "right", ToSide: "left", FromNode: 3, ToNode: 1},
	}, res.Parents, "a story is below its milestone: no edge; a task in another lane: an edge")
	assert.Zero(t, res.Blocked)
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
	assert.Equal(t, 260.0, res.Nodes[0].Y, "the band starts below the obstacle")
	checkLayout(t, in, res)
	far := Layout(Input{Nodes: in.Nodes, Obstacles: []Rect{{X: 5000, Y: 0, W: 10, H: 10}}})
	assert.Equal(t, 0.0, far.Nodes[0].Y, "an obstacle elsewhere changes nothing")
}

// A node whose id came before is the same entity: it takes the first's
// place, and edges name the first.
func TestAnIDTwice(t *testing.T) {
	in := Input{Nodes: []Node{
		{ID: "M-001", Type: "milestone"},
		{ID: "S-001", Type: "story", Parent: "M-001"},
		{ID: "T-001", Type: "task", Parent: "S-001"},
		{ID: "S-001", Type: "story", Workstream: "design"},
		{ID: "T-002", Type: "task", Parent: "S-001", DependsOn: []string{"S-001"}},
	}}
	res := Layout(in)
	require.Len(t, res.Nodes, 5)
	assert.Equal(t, res.Nodes[1], res.Nodes[3])
	assert.Empty(t, res.Lanes[0].Workstream, "the first S-001's lane")
	assert.Equal(t, []Edge{{From: "T-002", To: "S-001", FromSide: "top", ToSide: "bottom", FromNode: 4, ToNode: 1}}, res.Edges)
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
	assert.Equal(t, []string{"T-002", "T-404", "T-001", "T-001"}, odd.Nodes[3].DependsOn, "the input is not changed")
}

// want is where each node belongs, by the rules of the package doc,
// computed here independently of the layout: the workstream of its lane
// (an entity of the hierarchy: its own, else its parent's; a decision,
// document or feature: none, it sits beside the lanes) and its band (a
// milestone's own; a story's its milestone's, a task's its story's; a
// decision, document or feature: its anchors' band when they share one;
// else, and for work without a milestone, the final band "").
type want struct{ lane, band string }

func wants(in Input) map[string]want {
	byID := map[string]Node{}
	for _, n := range in.Nodes {
		byID[n.ID] = n
	}
	hier := map[string]bool{"milestone": true, "story": true, "task": true}
	parentType := map[string]string{"story": "milestone", "task": "story"}
	parent := func(n Node) (Node, bool) {
		p, ok := byID[n.Parent]
		return p, ok && parentType[n.Type] != "" && p.Type == parentType[n.Type] && p.ID != n.ID
	}
	var own func(n Node) string
	own = func(n Node) string {
		if n.Workstream != "" {
			return n.Workstream
		}
		if p, ok := parent(n); ok {
			return own(p)
		}
		return ""
	}
	var band func(n Node) string
	band = func(n Node) string {
		if n.Type == "milestone" {
			return n.ID
		}
		if p, ok := parent(n); ok {
			return band(p)
		}
		return ""
	}
	out := map[string]want{}
	for _, n := range in.Nodes {
		if hier[n.Type] {
			out[n.ID] = want{own(n), band(n)}
			continue
		}
		if a, ok := besideOf(n, byID); ok { // just below its story or task
			out[n.ID] = want{own(a), band(a)}
			continue
		}
		bands := map[string]bool{}
		for _, a := range n.Anchors {
			if an, ok := byID[a]; ok && hier[an.Type] {
				bands[band(an)] = true
			}
		}
		w := want{lane: "-", band: ""}
		for b := range bands {
			if len(bands) == 1 {
				w.band = b
			}
		}
		out[n.ID] = w
	}
	return out
}

// besideOf is the story or task a decision, document or feature sits just
// below: the first, in id order, of those it is about.
func besideOf(n Node, byID map[string]Node) (Node, bool) {
	if n.Type != "decision" && n.Type != "document" && n.Type != "feature" {
		return Node{}, false
	}
	var first Node
	found := false
	for _, id := range n.Anchors {
		a, ok := byID[id]
		if ok && (a.Type == "story" || a.Type == "task") && (!found || compareIDs(id, first.ID) < 0) {
			first, found = a, true
		}
	}
	return first, found
}

// checkLayout asserts the properties every layout has.
func checkLayout(t *testing.T, in Input, res Result) {
	t.Helper()
	require.Len(t, res.Nodes, len(in.Nodes))
	at := map[string]Rect{}
	node := map[string]Node{}
	for i, n := range in.Nodes {
		if _, dup := at[n.ID]; !dup {
			at[n.ID] = res.Nodes[i]
			node[n.ID] = n
		}
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
	for _, r := range res.Nodes {
		for _, o := range in.Obstacles {
			require.False(t, r.Overlaps(o), "%+v overlaps obstacle %+v", r, o)
		}
	}

	// Bands: top to bottom, a milestone's after those it depends on.
	bandAt := map[string]Band{}
	for i, b := range res.Bands {
		bandAt[b.Milestone] = b
		if i > 0 {
			prev := res.Bands[i-1]
			require.Less(t, prev.Y+prev.H, b.Y, "bands %q and %q overlap", prev.Milestone, b.Milestone)
		}
		for _, o := range in.Obstacles {
			require.False(t, b.Overlaps(o), "band %q overlaps obstacle %+v", b.Milestone, o)
		}
	}

	// Cells: a workstream's share x in every band, two workstreams never
	// share x, the cells of a band share y; clear of obstacles with their
	// labels.
	type key struct{ lane, band string }
	cells := map[key]Lane{}
	laneX := map[string]Lane{}
	for _, c := range res.Lanes {
		k := key{c.Workstream, c.Band}
		_, dup := cells[k]
		require.False(t, dup, "two cells for %v", k)
		cells[k] = c
		if first, ok := laneX[c.Workstream]; ok {
			require.Equal(t, []float64{first.X, first.W}, []float64{c.X, c.W}, "the lane %q lines up from band to band", c.Workstream)
		} else {
			laneX[c.Workstream] = c
		}
		b, ok := bandAt[c.Band]
		require.True(t, ok, "cell %v has a band", k)
		withLabel := Rect{c.X, c.Y - LabelHeight, c.W, c.H + LabelHeight}
		require.True(t, withLabel.Y >= b.Y && withLabel.Y+withLabel.H <= b.Y+b.H, "cell %v lies in its band", k)
		for _, o := range in.Obstacles {
			require.False(t, withLabel.Overlaps(o), "cell %v overlaps obstacle %+v", k, o)
		}
	}
	for a, la := range laneX {
		for b, lb := range laneX {
			if a < b {
				require.False(t, la.X < lb.X+lb.W && lb.X < la.X+la.W, "lanes %q and %q share x", a, b)
			}
		}
	}

	w := wants(in)
	for i, n := range in.Nodes {
		r := res.Nodes[i]
		wn := w[n.ID]
		b, ok := bandAt[wn.band]
		require.True(t, ok, "%s: no band %q", n.ID, wn.band)
		require.True(t, r.Y >= b.Y && r.Y+r.H <= b.Y+b.H, "%s %+v lies in its band %+v", n.ID, r, b)
		_, beside := besideOf(n, node)
		switch {
		case n.Type == "story" || n.Type == "task" || beside:
			c, ok := cells[key(wn)]
			require.True(t, ok, "%s: no cell %v", n.ID, wn)
			inside := r.X >= c.X && r.Y >= c.Y && r.X+r.W <= c.X+c.W && r.Y+r.H <= c.Y+c.H
			require.True(t, inside, "%s %+v lies inside its cell %+v", n.ID, r, c)
		default: // milestones and the side entities: in no cell
			for _, c := range res.Lanes {
				require.False(t, r.Overlaps(c.Rect()), "%s %+v lies outside every cell, not in %+v", n.ID, r, c)
			}
		}
	}

	// The hierarchy by position: a story below its milestone, a task below
	// its story, every milestone at the left, at one x; a task in
	// another lane than its story's has an edge to it.
	span := map[string][2]float64{}
	var cross []string
	for _, n := range node {
		p, ok := node[n.Parent]
		if !ok || n.Parent == n.ID {
			continue
		}
		if (n.Type == "story" && p.Type == "milestone") || (n.Type == "task" && p.Type == "story") {
			require.GreaterOrEqual(t, at[n.ID].Y, at[p.ID].Y+at[p.ID].H, "%s is below its parent %s", n.ID, p.ID)
		}
		if n.Type == "story" && p.Type == "milestone" {
			s, ok := span[p.ID]
			if !ok {
				s = [2]float64{math.Inf(1), math.Inf(-1)}
			}
			span[p.ID] = [2]float64{min(s[0], at[n.ID].X), max(s[1], at[n.ID].X+at[n.ID].W)}
		}
		if n.Type == "task" && p.Type == "story" && w[n.ID].lane != w[p.ID].lane {
			cross = append(cross, n.ID+">"+p.ID)
		}
	}
	var column []float64
	for m := range span {
		column = append(column, at[m].X)
	}
	for _, x := range column {
		require.Equal(t, column[0], x, "every milestone at the left of its band, at one x")
	}
	// A decision or document about a story or task sits just below it (or
	// below another card just below it), in its column.
	for _, n := range in.Nodes {
		if a, ok := besideOf(n, node); ok {
			r, ar := at[n.ID], at[a.ID]
			require.True(t, r.Y >= ar.Y+ar.H && math.Abs(r.X-ar.X) <= 24, "%s %+v just below %s %+v", n.ID, r, a.ID, ar)
		}
	}
	var parents []string
	for _, e := range res.Parents {
		parents = append(parents, e.From+">"+e.To)
	}
	slices.Sort(cross)
	slices.Sort(parents)
	require.Equal(t, cross, parents, "an edge for each task in another lane than its story")

	// Edges: off the cards where any sides allow it; their ends' places
	// in the input are theirs (the first, for an id given twice).
	require.Equal(t, blockedEdges(in, res), res.Blocked, "edges through a card")
	for _, e := range slices.Concat(res.Edges, res.Parents) {
		first := func(id string) int { return slices.IndexFunc(in.Nodes, func(n Node) bool { return n.ID == id }) }
		require.Equal(t, []int{first(e.From), first(e.To)}, []int{e.FromNode, e.ToNode}, "%s -> %s: its nodes' places", e.From, e.To)
	}
}

// blockedEdges counts the edges whose segment between their sides passes
// through a node (its own ends included: it must leave them outward),
// checking that no other pair of sides would have kept it clear.
func blockedEdges(in Input, res Result) int {
	at := map[string]Rect{}
	for i, n := range in.Nodes {
		if _, dup := at[n.ID]; !dup {
			at[n.ID] = res.Nodes[i]
		}
	}
	through := func(from, to string, fs, ts int) bool {
		x1, y1 := anchorAt(at[from], fs)
		x2, y2 := anchorAt(at[to], ts)
		for _, r := range at {
			if SegmentCrosses(x1, y1, x2, y2, r) {
				return true
			}
		}
		return false
	}
	blocked := 0
	for _, e := range slices.Concat(res.Edges, res.Parents) {
		if !through(e.From, e.To, sideIndex(e.FromSide), sideIndex(e.ToSide)) {
			continue
		}
		blocked++
		for i := range 16 {
			if !through(e.From, e.To, i/4, i%4) {
				return -1 // avoidable: the count cannot match
			}
		}
	}
	return blocked
}

// withoutPlaces are edges without their nodes' places in the input, which
// a shuffle changes.
func withoutPlaces(edges []Edge) []Edge {
	out := slices.Clone(edges)
	for i := range out {
		out[i].FromNode, out[i].ToNode = 0, 0
	}
	return out
}

func TestPropertiesOnGeneratedProjects(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	sizes := []int{1, 2, 5, 20, 100, 500, 1000, 2000}
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
			require.Equal(t, withoutPlaces(res.Edges), withoutPlaces(again.Edges))
		}
	}
}

// Adding a task moves only cards of its own band; the bands below shift
// down as a whole, and nothing else moves.
func TestAddingATaskMovesOnlyItsBand(t *testing.T) {
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
		bandOf := func(res Result, r Rect) int {
			return slices.IndexFunc(res.Bands, func(b Band) bool { return r.Y >= b.Y && r.Y+r.H <= b.Y+b.H })
		}
		own := bandOf(after, after.Nodes[len(after.Nodes)-1])
		require.GreaterOrEqual(t, own, 0)
		require.Len(t, after.Bands, len(before.Bands))
		dy := after.Bands[own].H - before.Bands[own].H
		for i := range in.Nodes {
			b, a := before.Nodes[i], after.Nodes[i]
			switch k := bandOf(before, b); {
			case k == own:
			case k > own:
				require.Equal(t, Rect{b.X, b.Y + dy, b.W, b.H}, a, "%s, in a band below, shifts down with it", in.Nodes[i].ID)
			default:
				require.Equal(t, b, a, "%s, in a band above, stays", in.Nodes[i].ID)
			}
		}
		for i, b := range before.Bands {
			a := after.Bands[i]
			require.Equal(t, []float64{b.X, b.W}, []float64{a.X, a.W}, "band %q no wider", b.Milestone)
			if i > own {
				require.Equal(t, b.Y+dy, a.Y, "band %q shifts as a whole", b.Milestone)
			}
		}
	}
}

func TestSegmentCrosses(t *testing.T) {
	r := Rect{0, 0, 100, 50}
	for _, tc := range []struct {
		x1, y1, x2, y2 float64
		want           bool
	}{
		{-10, 25, 110, 25, true},  // straight across
		{50, -10, 50, 60, true},   // down through
		{-10, -10, 110, 60, true}, // diagonal
		{-10, 0, 110, 0, false},   // along the top border
		{0, -10, 0, 60, false},    // along the left border
		{-10, -10, -1, 60, false}, // beside
		{-10, 60, 110, 55, false}, // below
		{-10, 10, 0, 10, false},   // ends at the border
		{10, 10, 20, 20, true},    // wholly inside
		{-20, 10, 10, -20, false}, // cuts the corner's outside (passes through (0,-10)..(-10,0))
		{100, 25, 200, 25, false}, // leaves from the right side
	} {
		assert.Equal(t, tc.want, SegmentCrosses(tc.x1, tc.y1, tc.x2, tc.y2, r), "%+v", tc)
	}
}

// SegmentCrosses agrees with clipping the segment to the open rectangle
// (Liang-Barsky), on random segments and on ones along the rectangle's
// lines and through its corners.
func TestSegmentCrossesAgreesWithClipping(t *testing.T) {
	clipped := func(x1, y1, x2, y2 float64, r Rect) bool {
		t0, t1 := 0.0, 1.0
		for _, pq := range [][2]float64{{-(x2 - x1), x1 - r.X}, {x2 - x1, r.X + r.W - x1}, {-(y2 - y1), y1 - r.Y}, {y2 - y1, r.Y + r.H - y1}} {
			p, q := pq[0], pq[1]
			switch {
			case p == 0 && q <= 0:
				return false
			case p < 0:
				t0 = max(t0, q/p)
			case p > 0:
				t1 = min(t1, q/p)
			}
		}
		return t1-t0 > 1e-9
	}
	rng := rand.New(rand.NewPCG(2, 6))
	r := Rect{100, 100, 400, 120}
	grid := []float64{0, 100, 300, 500, 600, 160, 220}
	for range 20000 {
		var c [4]float64
		for k := range c {
			if rng.IntN(2) == 0 {
				c[k] = grid[rng.IntN(len(grid))]
			} else {
				c[k] = float64(rng.IntN(700))
			}
		}
		require.Equal(t, clipped(c[0], c[1], c[2], c[3], r), SegmentCrosses(c[0], c[1], c[2], c[3], r), "%v", c)
	}
}
