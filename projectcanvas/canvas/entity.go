package canvas

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/projectcanvas/projectcanvas/layout"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Size of the file nodes this package adds for entities.
const (
	EntityWidth  = 400
	EntityHeight = 120
)

// NodeID is the id of the canvas node of an entity. It is derived from the
// entity id, so a second populate finds the node it made the first time.
func NodeID(id pc.ID) string { return "entity-" + string(id) }

// EdgeID is the id of the dependency edge "from depends on to".
func EdgeID(from, to pc.ID) string { return "dep-" + string(from) + "-" + string(to) }

// EntityNodes finds the node of each entity on the canvas: the one rule of
// the package for "this node is the entity's". An entity's node is a file
// node showing the entity's file: the one with the id NodeID gives it when
// there are several, else the first (a node the user dragged in from the
// file list). A node that merely has the id, a user's text note called
// "entity-T-004" say, is the user's, never moved, hidden or restyled.
// Entities that are not on the canvas are absent from the map.
func EntityNodes(c *Canvas, entities []*pc.Entity) map[pc.ID]*Node {
	return IndexFileNodes(c).EntityNodes(entities)
}

// FileNodes are a canvas's file nodes by the file they show, as
// EntityNodes reads them; a host that answers many questions about one
// canvas (a search on every keystroke) builds it once.
type FileNodes map[string]*Node

// IndexFileNodes indexes the file nodes of c.
func IndexFileNodes(c *Canvas) FileNodes {
	byFile := make(FileNodes, len(c.Nodes))
	// Most canvases show a file once: the nodes go in without a lookup
	// first, and only when the map comes out smaller than them is it done
	// again, choosing between a file's nodes.
	files := 0
	for _, n := range c.Nodes {
		if n.Type == TypeFile {
			byFile[n.File] = n
			files++
		}
	}
	if len(byFile) == files {
		return byFile
	}
	clear(byFile)
	for _, n := range c.Nodes {
		if n.Type != TypeFile {
			continue
		}
		if first, seen := byFile[n.File]; !seen || first.ID != n.ID && isDerivedNodeID(n.ID) {
			byFile[n.File] = n
		}
	}
	return byFile
}

// EntityNodes is EntityNodes of the indexed canvas.
func (byFile FileNodes) EntityNodes(entities []*pc.Entity) map[pc.ID]*Node {
	out := make(map[pc.ID]*Node, len(entities))
	for _, e := range entities {
		if n := byFile[e.Path]; n != nil {
			out[e.ID] = n
		}
	}
	return out
}

// isDerivedNodeID reports whether id has the form NodeID gives, with or
// without the suffix newID adds.
func isDerivedNodeID(id string) bool { return strings.HasPrefix(id, "entity-") }

// takenIDs are the ids of a canvas's nodes and edges, for newID.
func takenIDs(c *Canvas) map[string]bool {
	taken := make(map[string]bool, len(c.Nodes)+len(c.Edges))
	for _, n := range c.Nodes {
		taken[n.ID] = true
	}
	for _, e := range c.Edges {
		taken[e.ID] = true
	}
	return taken
}

// newID returns base when no node or edge has it, else base with the first
// free suffix ("entity-T-004-2"): an id a user's object already has stays
// the user's. The id returned is marked taken.
func newID(taken map[string]bool, base string) string {
	id := base
	for i := 2; taken[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
	taken[id] = true
	return id
}

func rectOf(n *Node) layout.Rect { return layout.Rect{X: n.X, Y: n.Y, W: n.Width, H: n.Height} }

// bottom is the lowest edge of the canvas content and its leftmost x; 0, 0
// for an empty canvas.
func bottom(c *Canvas) (x, y float64) {
	if len(c.Nodes) == 0 {
		return 0, 0
	}
	x, y = math.Inf(1), math.Inf(-1)
	for _, n := range c.Nodes {
		x, y = min(x, n.X), max(y, n.Y+n.Height)
	}
	return x, y
}

// free moves r down from where it is until it overlaps no node but the
// lane groups (a new node in a lane is where it belongs; the next layout
// places it).
func free(c *Canvas, r layout.Rect) layout.Rect {
	for {
		hit := false
		for _, n := range c.Nodes {
			if o := rectOf(n); r.Overlaps(o) && !isLane(n) {
				r.Y = o.Y + o.H + 40
				hit = true
			}
		}
		if !hit {
			return r
		}
	}
}

// edges is what adding edges needs to know of a canvas: which pairs of
// nodes an edge joins already, either way (the user's edges count), and,
// built when the first edge is added, the ids taken. One serves every kind
// of edge a call adds.
type edges struct {
	c      *Canvas
	joined map[[2]string]bool
	taken  map[string]bool
	// sides are the sides (from, to) of the edges the layout placed, by
	// their nodes; without, sides are chosen by position.
	sides map[[2]*Node][2]string
}

// sidesOf are the sides of an edge from one node to another: the layout's
// choice (the package's edges go the layout's way: from the dependent, from
// the child), else by position.
func (ix *edges) sidesOf(from, to *Node) (string, string) {
	if s, ok := ix.sides[[2]*Node{from, to}]; ok {
		return s[0], s[1]
	}
	return layout.Sides(rectOf(from), rectOf(to))
}

func indexEdges(c *Canvas) *edges {
	ix := &edges{c: c, joined: make(map[[2]string]bool, len(c.Edges))}
	for _, e := range c.Edges {
		ix.joined[pair(e.FromNode, e.ToNode)] = true
	}
	return ix
}

// pair is the key of two node ids in edges.joined, whatever their order.
func pair(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

// add adds an edge from the node of entity a to the node of entity b, its
// id idOf(a, b) or the next free one, its sides chosen by position, unless
// an edge joins them already. It reports whether it added one.
func (ix *edges) add(from, to *Node, idOf func(a, b pc.ID) string, a, b pc.ID, style func(*Edge)) bool {
	if from == to || ix.joined[pair(from.ID, to.ID)] {
		return false
	}
	if ix.taken == nil {
		ix.taken = takenIDs(ix.c)
	}
	fs, ts := ix.sidesOf(from, to)
	e := &Edge{ID: newID(ix.taken, idOf(a, b)), FromNode: from.ID, FromSide: fs, ToNode: to.ID, ToSide: ts}
	if style != nil {
		style(e)
	}
	ix.c.Edges = append(ix.c.Edges, e)
	ix.joined[pair(from.ID, to.ID)] = true
	return true
}

// addDependencyEdges adds an edge for every depends_on link between two
// entities on the canvas that no edge joins yet (in either direction, so an
// edge the user drew counts), sides chosen by position. It returns how many
// it added.
func (ix *edges) addDependencyEdges(g *pc.Graph, nodes map[pc.ID]*Node) int {
	added := 0
	for _, e := range g.All() {
		added += ix.addDependencies(e, g.Neighbours(e, pc.ToDependencies), nodes)
	}
	return added
}

// addDependencies is addDependencyEdges for one entity and its
// dependencies.
func (ix *edges) addDependencies(e *pc.Entity, deps []pc.ID, nodes map[pc.ID]*Node) int {
	from := nodes[e.ID]
	if from == nil {
		return 0
	}
	added := 0
	for _, dep := range deps {
		if to := nodes[dep]; to != nil && ix.add(from, to, EdgeID, e.ID, dep, nil) {
			added++
		}
	}
	return added
}

func sortedEntities(entities []*pc.Entity) []*pc.Entity {
	out := slices.Clone(entities)
	slices.SortFunc(out, func(a, b *pc.Entity) int { return pc.CompareIDs(a.ID, b.ID) })
	return out
}
