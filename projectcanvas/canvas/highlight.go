package canvas

import (
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// criticalColour is the colour (the red preset) of the package's edges on
// a highlighted critical path.
const criticalColour = "1"

// HighlightChain colours red the package's edges (dependency and parent
// edges) that join two entities next to each other on chain, the critical
// path in the order its work can be done, and returns how many edges are
// red. Every other edge of the package that is red gets its own colour
// back, so that a layout without highlighting clears an earlier one; the
// user's edges are never touched. A nil chain only clears.
func HighlightChain(c *Canvas, entities []*pc.Entity, chain []pc.ID) int {
	onChain := make([]*pc.Entity, 0, len(chain))
	byID := make(map[pc.ID]*pc.Entity, len(entities))
	for _, e := range entities {
		byID[e.ID] = e
	}
	for _, id := range chain {
		if e := byID[id]; e != nil {
			onChain = append(onChain, e)
		}
	}
	nodes := EntityNodes(c, onChain)
	steps := make(map[[2]string]bool, len(chain))
	for i := 1; i < len(chain); i++ {
		a, b := nodes[chain[i-1]], nodes[chain[i]]
		if a != nil && b != nil {
			steps[pair(a.ID, b.ID)] = true
		}
	}
	red := 0
	for _, e := range c.Edges {
		dep, parent := strings.HasPrefix(e.ID, "dep-"), isParentEdge(e)
		if !dep && !parent {
			continue
		}
		switch {
		case steps[pair(e.FromNode, e.ToNode)]:
			e.Color = criticalColour
			red++
		case e.Color == criticalColour && dep:
			e.Color = ""
		case e.Color == criticalColour:
			e.Color = parentColour
		}
	}
	return red
}
