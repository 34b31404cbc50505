package canvas

import pc "github.com/projectcanvas/projectcanvas/projectcanvas"

// Focus is the answer to focus-in-progress: which entity nodes the editor
// hides to show only the work in progress, and which it shows again when the
// focus ends. Nodes that are not entities are never hidden.
type Focus struct {
	Hide []string `json:"hide"` // node ids of entities not In Progress
	Keep []string `json:"keep"` // node ids of entities In Progress
}

// FocusInProgress computes the focus for the canvas.
func FocusInProgress(c *Canvas, entities []*pc.Entity) Focus {
	f := Focus{Hide: []string{}, Keep: []string{}}
	entities = sortedEntities(entities)
	nodes := EntityNodes(c, entities) // once: per entity it would cost nodes x entities
	for _, e := range entities {
		n := nodes[e.ID]
		if n == nil {
			continue
		}
		if e.Status == pc.InProgress {
			f.Keep = append(f.Keep, n.ID)
		} else {
			f.Hide = append(f.Hide, n.ID)
		}
	}
	return f
}
