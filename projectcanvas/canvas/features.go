package canvas

import (
	"strings"

	"github.com/projectcanvas/projectcanvas/layout"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// DefaultFeaturesCanvas is the canvas of the features grid.
const DefaultFeaturesCanvas = "Features.canvas"

const cellPrefix = "features-cell-"

// CellID is the id of the group of a grid cell.
func CellID(tier, phase string) string {
	return cellPrefix + strings.ToLower(or(tier, "none")) + "-" + strings.ToLower(or(phase, "none"))
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func cellLabel(tier, phase string) string {
	switch phase {
	case "":
		phase = "No phase"
	case "MVP":
	default:
		phase = "Phase " + phase
	}
	return or(tier, "No tier") + " · " + phase
}

// FeaturesArranged reports what ArrangeFeatures did.
type FeaturesArranged struct {
	Added []pc.ID `json:"added"`       // feature nodes added
	Moved int     `json:"nodes_moved"` // feature nodes moved
	Cells int     `json:"cells"`
}

// ArrangeFeatures makes the canvas a features grid (create-features-canvas,
// populate-features-canvas and auto-layout-features in one): a labelled
// group per tier and phase, every non-archived feature added if missing and
// moved into its cell, cells grown to their content. Changing a feature's
// tier or phase and arranging again moves its node (set-feature-tier,
// set-feature-phase). Nodes the grid does not own stay where they are; the
// grid starts below them if it would overlap them.
func ArrangeFeatures(c *Canvas, entities []*pc.Entity) FeaturesArranged {
	return arrangeFeatures(c, liveFeatures(entities))
}

// LayoutFeatures is auto-layout-features: it moves the features already on
// the canvas into the cells of their tier and phase, growing the cells to
// their content, and adds none. After set-feature-phase or set-feature-tier
// it moves the changed feature's node into its new cell.
func LayoutFeatures(c *Canvas, entities []*pc.Entity) FeaturesArranged {
	features := liveFeatures(entities)
	nodes := EntityNodes(c, features)
	on := features[:0:0]
	for _, f := range features {
		if nodes[f.ID] != nil {
			on = append(on, f)
		}
	}
	return arrangeFeatures(c, on)
}

// liveFeatures are the features that are not archived, in id order.
func liveFeatures(entities []*pc.Entity) []*pc.Entity {
	var features []*pc.Entity
	for _, e := range sortedEntities(entities) {
		if e.Type == pc.Feature && !e.Archived {
			features = append(features, e)
		}
	}
	return features
}

func arrangeFeatures(c *Canvas, features []*pc.Entity) FeaturesArranged {
	res := FeaturesArranged{Added: []pc.ID{}}
	nodes := EntityNodes(c, features)
	taken := takenIDs(c)
	for _, f := range features {
		if nodes[f.ID] == nil {
			n := &Node{ID: newID(taken, NodeID(f.ID)), Type: TypeFile, File: f.Path, Width: EntityWidth, Height: EntityHeight}
			c.Nodes = append(c.Nodes, n)
			nodes[f.ID] = n
			res.Added = append(res.Added, f.ID)
		}
	}
	owned := map[*Node]bool{}
	in := make([]layout.Feature, 0, len(features))
	var placed []*Node
	for _, f := range features {
		n := nodes[f.ID]
		if n == nil {
			continue
		}
		owned[n] = true
		placed = append(placed, n)
		tier, _ := f.Fields["tier"].(string)
		phase, _ := f.Fields["phase"].(string)
		in = append(in, layout.Feature{ID: string(f.ID), Tier: tier, Phase: phase, Width: n.Width, Height: n.Height})
	}
	for _, n := range c.Nodes {
		if strings.HasPrefix(n.ID, cellPrefix) {
			owned[n] = true
		}
	}
	g := layout.FeatureGrid(in, pc.Tiers, pc.Phases, 2)
	if y := belowForeign(c, owned, g); y != 0 {
		g = layout.FeatureGrid(in, pc.Tiers, pc.Phases, 2, layout.WithOrigin(0, y))
	}
	for i, n := range placed {
		if r := g.Nodes[i]; n.X != r.X || n.Y != r.Y {
			n.X, n.Y = r.X, r.Y
			res.Moved++
		}
	}
	keep := map[string]bool{}
	var groups []*Node
	for _, cell := range g.Cells {
		id := CellID(cell.Tier, cell.Phase)
		keep[id] = true
		n := c.Node(id)
		if n == nil {
			n = &Node{ID: id, Type: TypeGroup}
			groups = append(groups, n)
		}
		n.Label = cellLabel(cell.Tier, cell.Phase)
		n.X, n.Y, n.Width, n.Height = cell.X, cell.Y, cell.W, cell.H
	}
	// Groups go first, so features are drawn on top of them.
	c.Nodes = append(groups, c.Nodes...)
	var stale []string // groups of a row or column no longer needed
	for _, n := range c.Nodes {
		if strings.HasPrefix(n.ID, cellPrefix) && !keep[n.ID] {
			stale = append(stale, n.ID)
		}
	}
	for _, id := range stale {
		c.RemoveNode(id)
	}
	res.Cells = len(g.Cells)
	return res
}

// belowForeign returns 0 when the grid overlaps no node it does not own,
// else a y below every such node.
func belowForeign(c *Canvas, owned map[*Node]bool, g layout.Grid) float64 {
	hit, bottom := false, 0.0
	for _, n := range c.Nodes {
		if owned[n] {
			continue
		}
		r := rectOf(n)
		bottom = max(bottom, r.Y+r.H)
		for _, cell := range g.Cells {
			if cell.Overlaps(r) {
				hit = true
			}
		}
	}
	if !hit {
		return 0
	}
	return bottom + 100
}
