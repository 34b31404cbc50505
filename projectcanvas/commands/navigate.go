package commands

import (
	"context"
	"fmt"
	"github.com/projectcanvas/projectcanvas/internal/plural"
	"maps"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// navigations are the eight navigate-to-* commands, in the spec's order,
// each the core's one navigation rule (Graph.Neighbours) in a direction.
var navigations = []struct {
	id          string
	dir         pc.Direction
	name, about string
	targets     string // what the notice calls its targets: "S-001 has no children."
}{
	{"navigate-to-parent", pc.ToParent, "Navigate to parent", "a story's milestone, a task's story", "parent"},
	{"navigate-to-children", pc.ToChildren, "Navigate to children", "a milestone's stories, a story's tasks", "children"},
	{"navigate-to-dependencies", pc.ToDependencies, "Navigate to dependencies", "the entities it depends on", "dependencies"},
	{"navigate-to-dependents", pc.ToDependents, "Navigate to dependents", "the entities that depend on it (blocks)", "dependents"},
	{"navigate-to-documents", pc.ToDocuments, "Navigate to documents", "its documents, or a document's entities", "documents"},
	{"navigate-to-decisions", pc.ToDecisions, "Navigate to decisions", "the decisions about it, or a decision's entities", "decisions"},
	{"navigate-to-features", pc.ToFeatures, "Navigate to features", "the features it implements, or a feature's work", "features"},
	{"navigate-to-implemented-by", pc.ToImplementedBy, "Navigate to implemented by", "the entities implementing a feature", "implementing entities"},
}

// NavigateID is the command id of a direction: navigate-to-implemented-by
// for pc.ToImplementedBy; "" for a direction no command navigates.
func NavigateID(d pc.Direction) string {
	for _, n := range navigations {
		if n.dir == d {
			return n.id
		}
	}
	return ""
}

func registerNavigate(r *Registry) {
	for _, n := range navigations {
		register(r, spec{id: n.id, name: n.name,
			description: "From an entity (by id, the active note or the selected node) to " + n.about + ", both sides of each relation read; each target with its node on the canvas, and the number of targets of every direction (for menus)."},
			func(_ context.Context, c *call, in Subject) (*Result, error) {
				return navigate(c, in, n.dir, n.targets)
			})
	}
}

// target is one row of a navigation.
type target struct {
	ID     pc.ID     `json:"id"`
	Type   pc.Type   `json:"type"`
	Title  string    `json:"title"`
	Status pc.Status `json:"status"`
	File   string    `json:"file"`
	NodeID string    `json:"node_id,omitempty"` // absent when not on the canvas
	// Targets counts the targets of each navigate-to-* command; only in the
	// entity navigated from (the result's Data), so that an editor builds
	// its menus (the directions with targets) from one call.
	Targets map[string]int `json:"targets,omitempty"`
}

// navigate answers one direction. One target is selected and centred when
// it is on the canvas, else opened; several are rows for a suggester.
func navigate(c *call, in Subject, dir pc.Direction, words string) (*Result, error) {
	p := c.project()
	from, err := in.entity(c)
	if err != nil {
		return nil, err
	}
	cv, err := c.readCanvas(in.Canvas)
	if err != nil {
		return nil, err
	}
	path := cv.path
	g := p.Graph()
	ids := g.Neighbours(from, dir)
	found := make([]*pc.Entity, len(ids))
	for i, id := range ids {
		found[i] = g.Entity(id)
	}
	nodes := cv.entityNodes(found)
	rows := make([]target, len(found))
	for i, e := range found {
		rows[i] = target{ID: e.ID, Type: e.Type, Title: e.Title, Status: e.Status, File: e.Path}
		if n := nodes[e.ID]; n != nil {
			rows[i].NodeID = n.ID
		}
	}
	res := &Result{Canvas: path, Rows: rows,
		Data: target{ID: from.ID, Type: from.Type, Title: from.Title, Status: from.Status, File: from.Path, Targets: targetCounts(g, from)}}
	switch len(rows) {
	case 0:
		res.Notice = fmt.Sprintf("%s has no %s.", from.ID, words)
	case 1:
		t := rows[0]
		res.Notice = fmt.Sprintf("%s → %s %s", from.ID, t.ID, t.Title)
		if t.NodeID != "" {
			res.Select, res.Center = []string{t.NodeID}, t.NodeID
		} else {
			res.Open = []string{t.File}
		}
	default:
		res.Notice = fmt.Sprintf("%s has %d %s.", from.ID, len(rows), words)
	}
	return res, nil
}

// targetCounts counts the targets of each navigate-to-* command from e.
func targetCounts(g *pc.Graph, e *pc.Entity) map[string]int {
	counts := make(map[string]int, len(navigations))
	for _, n := range navigations {
		counts[n.id] = len(g.Neighbours(e, n.dir))
	}
	return counts
}

// registerDescribe adds describe-canvas and describe-entity, beyond the
// specification's commands: what an editor needs for the menus of every
// entity node of a canvas, in one call rather than one per node, so that
// a node's first menu already offers its navigations; and the same of one
// entity (the active note).
func registerDescribe(r *Registry) {
	register(r, spec{id: "describe-entity", name: "Describe an entity",
		description: "The entity (by id, the active note or the selected node) with the number of targets of each navigate-to-* command (for an editor's menus)."},
		func(_ context.Context, c *call, in Subject) (*Result, error) {
			e, err := in.entity(c)
			if err != nil {
				return nil, err
			}
			return &Result{Notice: fmt.Sprintf("%s %s (%s, %s).", e.ID, e.Title, e.Type, e.Status),
				Data: target{ID: e.ID, Type: e.Type, Title: e.Title, Status: e.Status, File: e.Path, Targets: targetCounts(c.project().Graph(), e)}}, nil
		})
	register(r, spec{id: "describe-canvas", name: "Describe the entities on a canvas",
		description: "Every entity with a node on the canvas, in path order, with its node and the number of targets of each navigate-to-* command (for an editor's node menus)."},
		func(_ context.Context, c *call, in canvasInput) (*Result, error) { return describeCanvas(c, in) })
}

func describeCanvas(c *call, in canvasInput) (*Result, error) {
	p := c.project()
	cv, err := c.readCanvas(in.Canvas)
	if err != nil {
		return nil, err
	}
	g := p.Graph()
	files := slices.Sorted(maps.Keys(cv.files))
	rows := make([]target, 0, len(files))
	for _, file := range files {
		e, err := p.EntityAt(file)
		if err != nil {
			continue // a note that is no entity, an image, a missing file
		}
		rows = append(rows, target{ID: e.ID, Type: e.Type, Title: e.Title, Status: e.Status, File: e.Path,
			NodeID: cv.files[file].ID, Targets: targetCounts(g, e)})
	}
	return &Result{Canvas: cv.path, Rows: rows, Notice: fmt.Sprintf("%s on %s.", plural.Count(len(rows), "entity", "entities"), cv.path)}, nil
}
