package canvas

import (
	"math"

	"github.com/projectcanvas/projectcanvas/layout"
)

// Anchor is the point of a side of a node an edge attaches to: the middle
// of the side, as the editor draws it. With no side given the editor picks
// the side facing the other end (toward), and so does Anchor.
func Anchor(n *Node, side string, toward *Node) (x, y float64) {
	if side == "" {
		dx := (toward.X + toward.Width/2) - (n.X + n.Width/2)
		dy := (toward.Y + toward.Height/2) - (n.Y + n.Height/2)
		switch {
		case math.Abs(dy) >= math.Abs(dx) && dy < 0:
			side = Top
		case math.Abs(dy) >= math.Abs(dx):
			side = Bottom
		case dx < 0:
			side = Left
		default:
			side = Right
		}
	}
	switch side {
	case Top:
		return n.X + n.Width/2, n.Y
	case Bottom:
		return n.X + n.Width/2, n.Y + n.Height
	case Left:
		return n.X, n.Y + n.Height/2
	}
	return n.X + n.Width, n.Y + n.Height/2
}

// ThroughCards counts the edges whose straight segment, between the sides
// they attach to, passes through a card other than their own two ends
// (segments), and the pairs of such an edge and a card it passes through
// (pairs). Cards are every node but groups. It is the measure of edges
// kept off the cards (make bench prints it beside elkjs's figures); the
// editor draws curves between the same points, close to these segments.
func ThroughCards(c *Canvas) (segments, pairs int) {
	byID := make(map[string]*Node, len(c.Nodes))
	var cards []*Node
	for _, n := range c.Nodes {
		byID[n.ID] = n
		if n.Type != TypeGroup {
			cards = append(cards, n)
		}
	}
	for _, e := range c.Edges {
		from, to := byID[e.FromNode], byID[e.ToNode]
		if from == nil || to == nil {
			continue
		}
		x1, y1 := Anchor(from, e.FromSide, to)
		x2, y2 := Anchor(to, e.ToSide, from)
		hits := 0
		for _, n := range cards {
			if n != from && n != to && layout.SegmentCrosses(x1, y1, x2, y2, rectOf(n)) {
				hits++
			}
		}
		if hits > 0 {
			segments++
			pairs += hits
		}
	}
	return segments, pairs
}
