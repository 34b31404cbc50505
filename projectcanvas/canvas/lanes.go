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

// ParentLabel is the label of the edges Arrange draws from a child to its
// parent in another lane; parentColour (the purple preset) sets them apart
// from dependency edges.
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

// LaneID is the id of the group of a workstream's lane: "lane-" and the
// workstream in lower case, each run of other characters than letters and
// digits a "-" ("lane-none" for the lane without a workstream).
func LaneID(workstream string) string {
	var b strings.Builder
	b.WriteString(lanePrefix)
	dash := false
	for _, r := range strings.ToLower(workstream) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > len(lanePrefix) {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	if b.Len() == len(lanePrefix) {
		b.WriteString("none")
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

// drawLanes makes the canvas's lane groups the lanes of the layout: one
// group per lane, labelled with its workstream, at its rectangle; groups of
// lanes that emptied are removed. A lane whose id a node of the user's
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
		id := newID(taken, LaneID(l.Workstream))
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

// addParents adds an edge from each child to its parent in another lane
// (labelled ParentLabel, purple) unless an edge already joins the two
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

func styleParent(e *Edge) { e.Color, e.Label = parentColour, ParentLabel }

// isParentEdge reports whether e, an edge between two entity nodes, is a
// parent edge of the package: its id has the parent prefix and its label is
// ParentLabel (an edge the user relabelled is the user's).
func isParentEdge(e *Edge) bool {
	return strings.HasPrefix(e.ID, parentPrefix) && e.Label == ParentLabel
}
