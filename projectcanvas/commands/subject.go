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

// readCanvas reads the canvas named (default the configured one), through
// the cache: the result is shared and only read. One that does not exist
// yet is empty.
func (c *call) readCanvas(name string) (*shownCanvas, error) {
	p := c.project()
	path, err := canvasPath(p, name)
	if err != nil {
		return nil, err
	}
	cv, files, sum, err := c.canvases.read(p.Files(), path)
	if err != nil {
		return nil, err
	}
	return &shownCanvas{Canvas: cv, path: path, files: files, sum: sum}, nil
}

// shownCanvas is a canvas as the read-only commands see it: shared, with
// its file nodes indexed.
type shownCanvas struct {
	*canvas.Canvas
	path  string
	files canvas.FileNodes
	sum   uint64 // of the file's content; 0 for a canvas not yet made
}

// entityNodes are the nodes of the entities shown on the canvas.
func (s *shownCanvas) entityNodes(entities []*pc.Entity) map[pc.ID]*canvas.Node {
	return s.files.EntityNodes(entities)
}

// entity resolves the subject.
func (s Subject) entity(c *call) (*pc.Entity, error) {
	p := c.project()
	switch {
	case s.ID != "":
		return p.Get(s.ID)
	case s.File != "":
		if err := pc.CheckPath(s.File); err != nil {
			return nil, pc.AsError(err).With("field", "file")
		}
		return p.EntityAt(s.File)
	case s.NodeID != "":
		cv, err := c.readCanvas(s.Canvas)
		if err != nil {
			return nil, err
		}
		path := cv.path
		n := cv.Node(s.NodeID)
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
