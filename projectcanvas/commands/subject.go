package commands

import (
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// Subject names the entity a command works on, the way an editor knows it:
// by id, by its file (the active note), or by a node of a canvas (the
// selected node). The first one given counts.
type Subject struct {
	ID     string `json:"id,omitempty" jsonschema:"Entity id, e.g. T-004."`
	File   string `json:"file,omitempty" jsonschema:"The entity's file (the active note)."`
	NodeID string `json:"node_id,omitempty" jsonschema:"A node of the canvas (the selected node) showing the entity's file."`
	Canvas string `json:"canvas,omitempty" jsonschema:"Canvas file in the vault; default the configured one."`
}

// canvasPath is the canvas named, checked, or the vault's default.
func canvasPath(p *pc.Project, name string) (string, error) {
	if name == "" {
		name = p.Config().Canvas
	}
	return canvas.CleanPath(name)
}

// readCanvas reads the canvas named (default the configured one); one that
// does not exist yet is empty.
func readCanvas(p *pc.Project, name string) (*canvas.Canvas, string, error) {
	path, err := canvasPath(p, name)
	if err != nil {
		return nil, "", err
	}
	c, _, err := canvas.Read(p.Files(), path)
	return c, path, err
}

// entity resolves the subject.
func (s Subject) entity(p *pc.Project) (*pc.Entity, error) {
	switch {
	case s.ID != "":
		return p.Get(s.ID)
	case s.File != "":
		if err := pc.CheckPath(s.File); err != nil {
			return nil, pc.AsError(err).With("field", "file")
		}
		return p.EntityAt(s.File)
	case s.NodeID != "":
		c, path, err := readCanvas(p, s.Canvas)
		if err != nil {
			return nil, err
		}
		n := c.Node(s.NodeID)
		if n == nil {
			return nil, pc.Errorf(pc.CodeNotFound, "node %q is not on %s", s.NodeID, path).With("field", "node_id")
		}
		if n.Type != canvas.TypeFile {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "node %q of %s is a %s node, not a note; select an entity's note", s.NodeID, path, n.Type).With("field", "node_id")
		}
		e, err := p.EntityAt(n.File)
		if err != nil {
			return nil, pc.AsError(err).With("field", "node_id")
		}
		return e, nil
	}
	return nil, pc.Errorf(pc.CodeInvalidArgument, "name the entity: id, file (the active note) or node_id (the selected node)").With("field", "id")
}
