package canvas_test

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/graph"
	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	"github.com/projectcanvas/projectcanvas/layout"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// foreignCanvas is a canvas of the user's own: notes, a group, a link,
// spread over where the layout will go.
func foreignCanvas(rng *rand.Rand) string {
	var nodes []string
	for i := range 1 + rng.IntN(6) {
		x, y := rng.IntN(6000)-500, rng.IntN(3000)-500
		switch i % 3 {
		case 0:
			nodes = append(nodes, fmt.Sprintf(`{"id":"note%d","type":"text","text":"n%d","x":%d,"y":%d,"width":250,"height":80,"x-plugin":{"k":%d}}`, i, i, x, y, i))
		case 1:
			nodes = append(nodes, fmt.Sprintf(`{"id":"grp%d","type":"group","label":"G","x":%d,"y":%d,"width":700,"height":400}`, i, x, y))
		default:
			nodes = append(nodes, fmt.Sprintf(`{"id":"lnk%d","type":"link","url":"https://example.org/%d","x":%d,"y":%d,"width":300,"height":200}`, i, i, x, y))
		}
	}
	return "{\n\t\"nodes\":[\n\t\t" + strings.Join(nodes, ",\n\t\t") + "\n\t],\n\t\"edges\":[]\n}"
}

func TestPopulateAndArrangeProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	for _, n := range []int{1, 40, 100, 400, 1000, 2000} {
		files := vaultgen.Files(n)
		user := foreignCanvas(rng)
		files["Projects.canvas"] = user
		fsys := memfs.New(files)
		p, err := pc.Open(fsys)
		require.NoError(t, err)
		run := func(fn func(c *canvas.Canvas)) string {
			_, err := canvas.Update(p, "Projects.canvas", func(c *canvas.Canvas) error { fn(c); return nil })
			require.NoError(t, err)
			data, _ := fsys.ReadFile("Projects.canvas")
			return string(data)
		}
		once := run(func(c *canvas.Canvas) { canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil) })
		twice := run(func(c *canvas.Canvas) { canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil) })
		require.Equal(t, once, twice, "populate twice equals populate once (n=%d)", n)
		var arranged, again canvas.Arranged
		laid := run(func(c *canvas.Canvas) { arranged = canvas.Arrange(c, p.Graph()) })
		require.Equal(t, laid, run(func(c *canvas.Canvas) { again = canvas.Arrange(c, p.Graph()) }), "layout is deterministic")
		require.Zero(t, again.Moved+again.EdgesAdded+again.EdgesRemoved+again.EdgesUpdated, "a second layout changes nothing")
		require.Equal(t, arranged.Lanes, again.Lanes)

		for _, line := range strings.Split(user, "\n") {
			if line = strings.TrimSuffix(strings.TrimSpace(line), ","); strings.HasPrefix(line, `{"id"`) {
				require.Contains(t, laid, line, "the user's node is untouched")
			}
		}
		c, err := canvas.Parse([]byte(laid))
		require.NoError(t, err)
		var mine, theirs []*canvas.Node
		for _, nd := range c.Nodes {
			switch {
			case strings.HasPrefix(nd.ID, "entity-"):
				mine = append(mine, nd)
			case strings.HasPrefix(nd.ID, "lane-"):
			default:
				theirs = append(theirs, nd)
			}
		}
		slices.SortFunc(mine, func(a, b *canvas.Node) int { return cmp.Compare(a.X, b.X) })
		for i, a := range mine {
			for _, b := range mine[i+1:] {
				if b.X >= a.X+a.Width {
					break // sorted by x: nothing further right can overlap a
				}
				require.False(t, a.Overlaps(b), "%s overlaps %s", a.ID, b.ID)
			}
			for _, b := range theirs {
				require.False(t, a.Overlaps(b), "%s overlaps the user's %s", a.ID, b.ID)
			}
		}
		checkLanes(t, p, c, arranged.Lanes, theirs)
	}
}

// checkLanes asserts that the lanes reported are the lane groups drawn:
// a workstream's groups line up from band to band, two workstreams' never
// share x, none overlaps the user's nodes. Every story and task lies inside
// the group of its band and lane (its own workstream's, else its parent's),
// no milestone inside any group (a decision, document or feature about a
// story or task: in its lane group, just below it); a story is
// below its milestone, a task below its story, every milestone at the left of its band, at one x
// (not over its stories); a task in another lane than its story's has an edge to it. No
// edge label sits on a card, and every card fits its title.
func checkLanes(t *testing.T, p *pc.Project, c *canvas.Canvas, lanes []canvas.Lane, theirs []*canvas.Node) {
	t.Helper()
	groups := 0
	for _, n := range c.Nodes {
		if n.Type == canvas.TypeGroup && strings.HasPrefix(n.ID, "lane-") {
			groups++
		}
	}
	require.Equal(t, len(lanes), groups, "one group per lane and band, none left over")
	type key struct{ lane, band string }
	cell := map[key]*canvas.Node{}
	laneX := map[string]*canvas.Node{}
	for _, l := range lanes {
		g := c.Node(l.Node)
		require.NotNil(t, g, "lane %q has its group", l.Workstream)
		require.Equal(t, canvas.TypeGroup, g.Type)
		require.Equal(t, canvas.LaneLabel(l.Workstream), g.Label)
		require.Equal(t, l.Rect(), layout.Rect{X: g.X, Y: g.Y, W: g.Width, H: g.Height}, "the lane reported is the one drawn")
		if first := laneX[l.Workstream]; first != nil {
			require.Equal(t, []float64{first.X, first.Width}, []float64{g.X, g.Width}, "lane %q lines up", l.Workstream)
		}
		laneX[l.Workstream] = g
		label := &canvas.Node{X: g.X, Y: g.Y - layout.LabelHeight, Width: g.Width, Height: g.Height + layout.LabelHeight}
		for _, o := range theirs {
			require.False(t, label.Overlaps(o), "lane %s overlaps the user's %s", g.ID, o.ID)
		}
		cell[key{l.Workstream, l.Band}] = g
	}
	for a, ga := range laneX {
		for b, gb := range laneX {
			if a < b {
				require.False(t, ga.X < gb.X+gb.Width && gb.X < ga.X+ga.Width, "lanes %q and %q share x", a, b)
			}
		}
	}
	nodes := canvas.EntityNodes(c, p.All())
	parentOf := func(e *pc.Entity) *pc.Entity {
		parent, _ := p.Get(string(e.Parent))
		if parent == nil || nodes[parent.ID] == nil || parent.Type != pc.Type(graph.ParentType(string(e.Type))) {
			return nil // the layout knows the entities on the canvas only
		}
		return parent
	}
	laneOf := func(e *pc.Entity) string {
		for ; e != nil; e = parentOf(e) {
			if e.Workstream != "" {
				return e.Workstream
			}
		}
		return ""
	}
	bandOf := func(e *pc.Entity) string {
		for ; e != nil; e = parentOf(e) {
			if e.Type == pc.Milestone {
				return string(e.ID)
			}
		}
		return ""
	}
	edges := map[[2]string]bool{}
	for _, e := range c.Edges {
		edges[[2]string{e.FromNode, e.ToNode}] = true
	}
	span := map[pc.ID][2]float64{}
	for _, e := range p.All() {
		n := nodes[e.ID]
		if n == nil {
			continue
		}
		w, h := canvas.CardSize(e)
		require.Equal(t, []float64{w, h}, []float64{n.Width, n.Height}, "%s: the card fits its title", e.ID)
		inside := 0
		for _, g := range cell {
			if g.Contains(n) {
				inside++
			}
		}
		if target := besideTarget(p, e, nodes); target != nil {
			// A decision or document about a story or task: in that one's
			// lane group, just below it in its column (or below another
			// card just below it): a reader sees which work it is about.
			tn := nodes[target.ID]
			require.Equal(t, 1, inside, "%s lies in one lane group", e.ID)
			require.True(t, cell[key{laneOf(target), bandOf(target)}].Contains(n), "%s lies in the lane group of %s", e.ID, target.ID)
			require.True(t, n.Y >= tn.Y+tn.Height && n.X >= tn.X-24 && n.X <= tn.X+24, "%s just below %s", e.ID, target.ID)
			continue
		}
		if e.Type != pc.Story && e.Type != pc.Task {
			require.Zero(t, inside, "%s lies in no lane group", e.ID)
			continue
		}
		require.Equal(t, 1, inside, "%s lies in one lane group", e.ID)
		g := cell[key{laneOf(e), bandOf(e)}]
		require.True(t, g != nil && g.Contains(n), "%s lies in the lane of %q in the band of %q", e.ID, laneOf(e), bandOf(e))
		pe := parentOf(e)
		if pe == nil {
			continue
		}
		parent := nodes[pe.ID]
		require.GreaterOrEqual(t, n.Y, parent.Y+parent.Height, "%s below its parent", e.ID)
		if e.Type == pc.Story {
			s, ok := span[pe.ID]
			if !ok {
				s = [2]float64{n.X, n.X + n.Width}
			}
			span[pe.ID] = [2]float64{min(s[0], n.X), max(s[1], n.X+n.Width)}
		} else if laneOf(e) != laneOf(pe) {
			require.True(t, edges[[2]string{n.ID, parent.ID}], "%s has an edge to its story in another lane", e.ID)
		}
	}
	var milestoneX []float64
	for m := range span {
		milestoneX = append(milestoneX, nodes[m].X)
	}
	for _, x := range milestoneX {
		require.Equal(t, milestoneX[0], x, "every milestone at the left of its band, at one x")
	}
	for _, e := range c.Edges {
		require.Empty(t, e.Label, "%s: no label on the layout's edges (it would sit on a card)", e.ID)
	}
}

// besideTarget is the story or task on the canvas a decision, document or
// feature sits just below: the first, in id order, of those it affects,
// documents or is implemented by; nil for other entities and those about
// no such work.
func besideTarget(p *pc.Project, e *pc.Entity, nodes map[pc.ID]*canvas.Node) *pc.Entity {
	dir := map[pc.Type]pc.Direction{pc.Decision: pc.ToDecisions, pc.Document: pc.ToDocuments, pc.Feature: pc.ToImplementedBy}
	d, ok := dir[e.Type]
	if !ok {
		return nil
	}
	var first *pc.Entity
	for _, id := range p.Graph().Neighbours(e, d) {
		a, _ := p.Get(string(id))
		if a != nil && nodes[id] != nil && (a.Type == pc.Story || a.Type == pc.Task) && (first == nil || idBefore(id, first.ID)) {
			first = a
		}
	}
	return first
}

// idBefore orders ids as the layout does: by prefix, then number (T-200
// before T-1353).
func idBefore(a, b pc.ID) bool {
	pa, na, _ := strings.Cut(string(a), "-")
	pb, nb, _ := strings.Cut(string(b), "-")
	if pa != pb {
		return pa < pb
	}
	if len(na) != len(nb) {
		return len(na) < len(nb)
	}
	return na < nb
}
