package commands

import (
	"context"
	"fmt"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// navigations are the eight navigate-to-* commands, in the spec's order,
// each the core's one navigation rule (Graph.Neighbours) in a direction.
var navigations = []struct {
	dir         pc.Direction
	name, about string
}{
	{pc.ToParent, "Navigate to parent", "a story's milestone, a task's story"},
	{pc.ToChildren, "Navigate to children", "a milestone's stories, a story's tasks"},
	{pc.ToDependencies, "Navigate to dependencies", "the entities it depends on"},
	{pc.ToDependents, "Navigate to dependents", "the entities that depend on it (blocks)"},
	{pc.ToDocuments, "Navigate to documents", "its documents, or a document's entities"},
	{pc.ToDecisions, "Navigate to decisions", "the decisions about it, or a decision's entities"},
	{pc.ToFeatures, "Navigate to features", "the features it implements, or a feature's work"},
	{pc.ToImplementedBy, "Navigate to implemented by", "the entities implementing a feature"},
}

// NavigateID is the command id of a direction: navigate-to-implemented-by.
func NavigateID(d pc.Direction) string {
	return "navigate-to-" + strings.ReplaceAll(string(d), "_", "-")
}

func registerNavigate(r *Registry) {
	for _, n := range navigations {
		register(r, spec{id: NavigateID(n.dir), name: n.name,
			description: "From an entity (by id, the active note or the selected node) to " + n.about + ", both sides of each relation read; each target with its node on the canvas, and the number of targets of every direction (for menus)."},
			func(_ context.Context, c *call, in Subject) (*Result, error) { return navigate(c, in, n.dir) })
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
func navigate(c *call, in Subject, dir pc.Direction) (*Result, error) {
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
	counts := make(map[string]int, len(navigations))
	for _, n := range navigations {
		counts[NavigateID(n.dir)] = len(g.Neighbours(from, n.dir))
	}
	words := strings.ReplaceAll(string(dir), "_", " ")
	res := &Result{Canvas: path, Rows: rows,
		Data: target{ID: from.ID, Type: from.Type, Title: from.Title, Status: from.Status, File: from.Path, Targets: counts}}
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
