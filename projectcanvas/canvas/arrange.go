package canvas

import (
	"strings"

	"github.com/projectcanvas/projectcanvas/layout"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Arranged reports what Arrange did.
type Arranged struct {
	Moved        int `json:"nodes_moved"`
	Placed       int `json:"nodes_placed"`  // entity nodes laid out
	EdgesAdded   int `json:"edges_added"`   // dependency and parent edges
	EdgesUpdated int `json:"edges_updated"` // sides changed
	EdgesRemoved int `json:"edges_removed"` // parent edges no longer across lanes
	Resized      int `json:"nodes_resized"` // entity nodes given their card's size
	// Blocked counts the edges of the layout that pass through a card
	// whichever sides they take.
	Blocked int    `json:"edges_blocked"`
	Lanes   []Lane `json:"lanes"` // as drawn: band by band, left to right
}

// Arrange lays out the entity nodes of the canvas with layout V4 and draws
// its lanes: a group per band and workstream (see drawLanes), and an edge
// from each task whose lane is not its story's to the story (addParents;
// those no longer needed are removed). Each entity node first takes its
// card's size (CardSize). Every
// other node (notes, the user's groups, links, files that are not
// entities) stays where it is and is kept clear of. Missing dependency
// edges are added, and the sides of the dependency and parent edges this
// package made are chosen anew; edges the user drew keep their sides.
//
// g is the project's entities (Project.Graph, or pc.NewGraph of a set).
func Arrange(c *Canvas, g *pc.Graph, opts ...layout.Option) Arranged {
	var out Arranged
	entities := g.All()
	nodes := EntityNodes(c, entities)
	managed := make(map[*Node]bool, len(nodes))
	// Sized once: growing them by appends was a quarter of the bytes
	// Arrange allocated.
	in := layout.Input{Nodes: make([]layout.Node, 0, len(entities))}
	placed := make([]*Node, 0, len(entities))
	deps := make([][]pc.ID, len(entities)) // by entity, for the layout and the edges
	for i, e := range entities {
		n := nodes[e.ID]
		if n == nil {
			continue
		}
		managed[n] = true
		placed = append(placed, n)
		if w, h := CardSize(e); n.Width != w || n.Height != h {
			n.Width, n.Height = w, h
			out.Resized++
		}
		deps[i] = g.Neighbours(e, pc.ToDependencies)
		in.Nodes = append(in.Nodes, layout.Node{
			ID: string(e.ID), Type: string(e.Type), Workstream: e.Workstream, Parent: string(e.Parent),
			Anchors: anchors(g, e), DependsOn: ids(deps[i]), Width: n.Width, Height: n.Height,
		})
	}
	for _, n := range c.Nodes {
		if !managed[n] && !isLane(n) {
			in.Obstacles = append(in.Obstacles, rectOf(n))
		}
	}
	res := layout.Layout(in, opts...)
	out.Placed = len(placed)
	for i, n := range placed {
		r := res.Nodes[i]
		if n.X != r.X || n.Y != r.Y {
			n.X, n.Y = r.X, r.Y
			out.Moved++
		}
	}
	out.Lanes = drawLanes(c, res.Lanes)
	out.Blocked = res.Blocked
	ix := out.arrangeEdges(c, res, placed, managed)
	for i, e := range entities {
		out.EdgesAdded += ix.addDependencies(e, deps[i], nodes)
	}
	out.EdgesAdded += ix.addParents(res.Parents, placed)
	return out
}

// arrangeEdges goes over the edges once: it chooses anew the sides of the
// dependency and parent edges of the package between entity nodes, and
// removes the parent edges the layout no longer reports (child and parent
// share a lane again, or one has gone). It returns the index of the edges
// kept, for adding the missing ones.
// placed are the nodes of the layout's input, by place (layout.Edge's
// FromNode and ToNode).
func (out *Arranged) arrangeEdges(c *Canvas, res layout.Result, placed []*Node, managed map[*Node]bool) *edges {
	byID := make(map[string]*Node, len(c.Nodes))
	for _, n := range c.Nodes {
		byID[n.ID] = n
	}
	parent := make(map[*Node]*Node, len(res.Parents)) // child's node -> parent's: one each
	for _, l := range res.Parents {
		parent[placed[l.FromNode]] = placed[l.ToNode]
	}
	ix := &edges{c: c, joined: make(map[[2]string]bool, len(c.Edges)), sides: make(map[[2]*Node][2]string, len(res.Edges)+len(res.Parents))}
	for _, list := range [][]layout.Edge{res.Edges, res.Parents} {
		for _, l := range list {
			ix.sides[[2]*Node{placed[l.FromNode], placed[l.ToNode]}] = [2]string{l.FromSide, l.ToSide}
		}
	}
	kept := c.Edges[:0]
	for _, e := range c.Edges {
		from, to := byID[e.FromNode], byID[e.ToNode]
		ours := managed[from] && managed[to]
		isParent := ours && isParentEdge(e)
		if isParent && parent[from] != to {
			out.EdgesRemoved++
			continue
		}
		kept = append(kept, e)
		ix.joined[pair(e.FromNode, e.ToNode)] = true
		if ours && (isParent || strings.HasPrefix(e.ID, "dep-")) {
			fs, ts := ix.sidesOf(from, to)
			label := e.Label
			if isParent {
				label = ""
			}
			if e.FromSide != fs || e.ToSide != ts || e.Label != label {
				e.FromSide, e.ToSide, e.Label = fs, ts, label
				out.EdgesUpdated++
			}
		}
	}
	clear(c.Edges[len(kept):])
	c.Edges = kept
	return ix
}

// anchors are the entities a side entity is laid out beside: what a
// decision affects, a document documents, a feature is implemented by
// (either side of the pair saying so: the one navigation rule).
func anchors(g *pc.Graph, e *pc.Entity) []string {
	switch e.Type {
	case pc.Decision:
		return ids(g.Neighbours(e, pc.ToDecisions))
	case pc.Document:
		return ids(g.Neighbours(e, pc.ToDocuments))
	case pc.Feature:
		return ids(g.Neighbours(e, pc.ToImplementedBy))
	}
	return nil
}

func ids(in []pc.ID) []string {
	out := make([]string, len(in))
	for i, id := range in {
		out[i] = string(id)
	}
	return out
}
