package tools

import (
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// canvasHook is what adding new entities to the canvas did: which got a
// node, and why none did when the canvas could not be changed.
type canvasHook struct {
	added map[pc.ID]bool
	err   string // canvas_error; "" when the canvas was written or left alone
}

// addToCanvas is the add_to_canvas option of create_entity, handle_entity
// create and batch_update (default true): it puts the nodes of the new
// entities on canvasSource, or on the vault's canvas, each below its
// parent's node, in one canvas write. A canvas that does not exist yet is
// created, as the editor plugin does for its default canvas. The entities
// are written already, so a canvas that cannot be changed (broken, a bad
// path, a write that fails) does not undo them: the failure is reported as
// canvas_error beside canvas_node_added instead. Archived entities are not
// added.
func addToCanvas(env *Env, entities []*pc.Entity, canvasSource string, add bool) canvasHook {
	live := make([]*pc.Entity, 0, len(entities))
	for _, e := range entities {
		if e != nil && !e.Archived {
			live = append(live, e)
		}
	}
	if !add || len(live) == 0 {
		return canvasHook{}
	}
	path, err := canvasPath(env, canvasSource)
	if err != nil {
		return canvasHook{err: pc.AsError(err).Message}
	}
	parentOf := func(e *pc.Entity) *pc.Entity {
		if e.Parent == "" {
			return nil
		}
		parent, _ := env.Project.Get(string(e.Parent))
		return parent
	}
	added, err := canvas.AddEntities(env.Project.FS(), path, live, parentOf)
	if err != nil {
		return canvasHook{err: pc.AsError(err).Message}
	}
	out := canvasHook{added: make(map[pc.ID]bool, len(added))}
	for _, id := range added {
		out.added[id] = true
	}
	return out
}

// report sets canvas_node_added for e, and canvas_error when the canvas
// could not be changed, in a create's result.
func (h canvasHook) report(out map[string]any, e *pc.Entity) {
	out["canvas_node_added"] = h.added[e.ID]
	if h.err != "" {
		out["canvas_error"] = h.err
	}
}
