package canvas

import (
	"strings"
	"unicode"

	"github.com/projectcanvas/projectcanvas/layout"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Prefixes of the ids of the lane groups and parent edges Arrange makes.
const (
	lanePrefix   = "lane-"
	parentPrefix = "parent-"
)

// ParentLabel is the label the edges from a child to its parent had before
// they lost their label (a label on a short edge sits on the cards): an
// edge with the parent prefix and this label or none is the package's.
// parentColour (the purple preset) sets parent edges apart from dependency
// edges.
const (
	ParentLabel  = "parent"
	parentColour = "6"
)

// NoWorkstream labels the lane of entities without a workstream.
const NoWorkstream = "No workstream"

// Lane is a lane of the layout and the group node drawn for it.
type Lane struct {
	layout.Lane
	Node string `json:"node_id"`
}

// LaneID is the stem of the ids of a workstream's lane groups: "lane-" and
// the workstream in lower case, each run of other characters than letters
// and digits a "-" ("lane-none" for the lane without a workstream).
func LaneID(workstream string) string { return lanePrefix + slug(workstream) }

// LaneGroupID is the id of the group of a workstream's lane in one band: the
// lane's id, "/" and the band's milestone id in the same form
// ("lane-engineering/m-001"; "/none" for the band of the work without a
// milestone).
func LaneGroupID(workstream, band string) string { return LaneID(workstream) + "/" + slug(band) }

// slug is s in lower case, each run of other characters than letters and
// digits a "-", "none" when nothing is left.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	if b.Len() == 0 {
		return "none"
	}
	return b.String()
}

// LaneLabel is the label of a lane's group: the workstream's name.
func LaneLabel(workstream string) string { return or(workstream, NoWorkstream) }

// isLane reports whether n is a lane group Arrange made (or would make): a
// group whose id has the lane prefix. It is updated or removed on every
// layout and is no obstacle to it.
func isLane(n *Node) bool { return n.Type == TypeGroup && strings.HasPrefix(n.ID, lanePrefix) }

// ParentEdgeID is the id of the edge from a child to its parent.
func ParentEdgeID(child, parent pc.ID) string {
	return parentPrefix + string(child) + "-" + string(parent)
}

// drawLanes makes the canvas's lane groups the cells of the layout: one
// group per band and lane, labelled with its workstream, at its rectangle;
// groups of cells that emptied are removed. A lane whose id a node of the user's
// holds takes the next free id. New groups go first in the list, so that
// the entities are drawn on top of them.
func drawLanes(c *Canvas, lanes []layout.Lane) []Lane {
	taken := make(map[string]bool, len(c.Nodes))
	for _, n := range c.Nodes {
		if !isLane(n) {
			taken[n.ID] = true
		}
	}
	out := make([]Lane, 0, len(lanes))
	var added []*Node
	for _, l := range lanes {
		id := newID(taken, LaneGroupID(l.Workstream, l.Band))
		n := c.Node(id)
		if n == nil {
			n = &Node{ID: id, Type: TypeGroup}
			added = append(added, n)
		}
		n.Label = LaneLabel(l.Workstream)
		n.X, n.Y, n.Width, n.Height = l.X, l.Y, l.W, l.H
		out = append(out, Lane{Lane: l, Node: id})
	}
	var stale []string
	for _, n := range c.Nodes {
		if isLane(n) && !taken[n.ID] {
			stale = append(stale, n.ID)
		}
	}
	for _, id := range stale {
		c.RemoveNode(id)
	}
	if len(added) > 0 {
		c.Nodes = append(added, c.Nodes...)
	}
	return out
}

// addParents adds an edge from each task to its story in another lane
// (purple, no label) unless an edge already joins the two
// nodes (the user's, say). It returns how many it added.
func (ix *edges) addParents(links []layout.Edge, nodes map[pc.ID]*Node) int {
	added := 0
	for _, l := range links {
		from, to := nodes[pc.ID(l.From)], nodes[pc.ID(l.To)]
		if from != nil && to != nil && ix.add(from, to, ParentEdgeID, pc.ID(l.From), pc.ID(l.To), styleParent) {
			added++
		}
	}
	return added
}

func styleParent(e *Edge) { e.Color, e.Label = parentColour, "" }

// isParentEdge reports whether e, an edge between two entity nodes, is a
// parent edge of the package: its id has the parent prefix and it has no
// label or ParentLabel, the label of earlier versions (an edge the user
// labelled is the user's).
func isParentEdge(e *Edge) bool {
	return strings.HasPrefix(e.ID, parentPrefix) && (e.Label == "" || e.Label == ParentLabel)
}

// Band is the part of a laid-out canvas that shows a milestone's band:
// the milestone's node, its lane groups (LaneGroupID) and every node and
// edge wholly inside their bounding box, for a picture of one band. ok is
// false when the canvas has no lane group of that band.
func Band(c *Canvas, milestone pc.ID) (part *Canvas, ok bool) {
	suffix := "/" + slug(string(milestone))
	var area *Node
	grow := func(n *Node) {
		if area == nil {
			area = &Node{X: n.X, Y: n.Y, Width: n.Width, Height: n.Height}
			return
		}
		x1, y1 := max(area.X+area.Width, n.X+n.Width), max(area.Y+area.Height, n.Y+n.Height)
		area.X, area.Y = min(area.X, n.X), min(area.Y, n.Y)
		area.Width, area.Height = x1-area.X, y1-area.Y
	}
	for _, n := range c.Nodes {
		if isLane(n) && strings.HasSuffix(n.ID, suffix) {
			grow(n)
		}
	}
	if area == nil {
		return nil, false
	}
	for _, n := range c.Nodes {
		if n.Type == TypeFile && strings.HasPrefix(n.ID, NodeID(milestone)) && n.Y < area.Y {
			grow(n) // the milestone above its lanes
		}
	}
	part = &Canvas{}
	kept := map[string]bool{}
	for _, n := range c.Nodes {
		if area.Contains(n) {
			part.Nodes = append(part.Nodes, n)
			kept[n.ID] = true
		}
	}
	for _, e := range c.Edges {
		if kept[e.FromNode] && kept[e.ToNode] {
			part.Edges = append(part.Edges, e)
		}
	}
	return part, true
}
