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
	// The ids a lane's may not take: those of other nodes with the lane
	// prefix (a lane's id has it), then the lanes' as they are given.
	taken := map[string]bool{}
	for _, n := range c.Nodes {
		if !isLane(n) && strings.HasPrefix(n.ID, lanePrefix) {
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
// placed are the nodes of the layout's input, by place.
func (ix *edges) addParents(links []layout.Edge, placed []*Node) int {
	added := 0
	for _, l := range links {
		if ix.add(placed[l.FromNode], placed[l.ToNode], ParentEdgeID, pc.ID(l.From), pc.ID(l.To), styleParent) {
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
// its lane groups (LaneGroupID), the milestone's node above them, and
// everything wholly inside their bounding box (Crop), for a picture of one
// band. ok is false when the canvas has no lane group of that band.
func Band(c *Canvas, milestone pc.ID) (part *Canvas, ok bool) {
	suffix := "/" + slug(string(milestone))
	var keep []*Node
	for _, n := range c.Nodes {
		if isLane(n) && strings.HasSuffix(n.ID, suffix) {
			keep = append(keep, n)
		}
	}
	if len(keep) == 0 {
		return nil, false
	}
	for _, n := range c.Nodes {
		if n.Type == TypeFile && n.ID == NodeID(milestone) {
			keep = append(keep, n) // the milestone, at the top of its band
		}
	}
	return Crop(c, keep), true
}

// cropMargin is the room Crop leaves around the nodes it is given: a
// lane's padding, so that a lane cut to the box still holds its cards
// with room to spare (cut at the cards' edges, the rightmost looked cut
// off).
const cropMargin = 40

// Crop is the part of a canvas inside the bounding box of some of its
// nodes, widened by cropMargin on every side: every node wholly inside
// it, the edges between those, and the groups that overlap it cut to it
// (copies: c is not changed).
func Crop(c *Canvas, around []*Node) *Canvas {
	part := &Canvas{}
	if len(around) == 0 {
		return part
	}
	box := *around[0]
	for _, n := range around[1:] {
		x1, y1 := max(box.X+box.Width, n.X+n.Width), max(box.Y+box.Height, n.Y+n.Height)
		box.X, box.Y = min(box.X, n.X), min(box.Y, n.Y)
		box.Width, box.Height = x1-box.X, y1-box.Y
	}
	box.X, box.Y = box.X-cropMargin, box.Y-cropMargin
	box.Width, box.Height = box.Width+2*cropMargin, box.Height+2*cropMargin
	kept := map[string]bool{}
	for _, n := range c.Nodes {
		switch {
		case box.Contains(n):
			part.Nodes = append(part.Nodes, n)
			kept[n.ID] = true
		case n.Type == TypeGroup && box.Overlaps(n):
			cut := *n
			cut.X, cut.Y = max(n.X, box.X), max(n.Y, box.Y)
			cut.Width = min(n.X+n.Width, box.X+box.Width) - cut.X
			cut.Height = min(n.Y+n.Height, box.Y+box.Height) - cut.Y
			part.Nodes = append(part.Nodes, &cut)
		}
	}
	for _, e := range c.Edges {
		if kept[e.FromNode] && kept[e.ToNode] {
			part.Edges = append(part.Edges, e)
		}
	}
	return part
}
