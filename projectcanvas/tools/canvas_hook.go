package tools

import (
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// canvasHook is what adding new entities to the canvas did: which got a
// node, and why none did when the canvas could not be changed.
type canvasHook struct {
	added map[pc.ID]bool
	err   string // canvas_error; "" when the canvas was staged or left alone
	path  string // the canvas staged in the transaction; "" when none was
}

// canvasGaveUp is the canvas_error of a write whose canvas kept changing on
// disk (the editor saving it) while the tool wrote it.
const canvasGaveUp = "the canvas changed on disk while the entities were written, twice; they were written without their nodes (run populate_canvas to add them)"

// writeWithCanvas runs stage (the entity operations of create_entity,
// handle_entity create or batch_update) in one Project.Write and, when
// opts.AddToCanvas is set, stages the nodes of the entities stage returns
// in the same transaction (see addToCanvas): the entities and the canvas
// are written together, all or none, journaled, so a crash leaves both as
// before or both as after.
//
// The canvas write is conditional on the content read. If the editor saved
// the canvas in between, the commit fails with a conflict and writes
// nothing; the whole write then runs again once, reading the canvas
// afresh. If the canvas changed again, or its write failed otherwise, the
// entities are written once more without it and canvas_error says why: a
// canvas never fails an entity write. stage must therefore start from
// scratch each time it is called.
func writeWithCanvas(env *Env, opts canvasOptions, stage func(tx *pc.Tx) ([]*pc.Entity, error)) (canvasHook, error) {
	skip := ""
	for attempt := 0; ; attempt++ {
		var hook canvasHook
		_, err := env.Project.Write(func(tx *pc.Tx) error {
			entities, err := stage(tx)
			if err != nil {
				return err
			}
			hook = addToCanvas(env, tx, entities, opts, skip)
			return nil
		})
		if hook.path == "" || !failedOn(err, hook.path) {
			return hook, err
		}
		switch {
		case pc.ErrorCode(err) == pc.CodeConflict && attempt == 0:
			// Read the canvas again and retry with it.
		case pc.ErrorCode(err) == pc.CodeConflict:
			skip = canvasGaveUp
		default:
			skip = pc.AsError(err).Message
		}
	}
}

// failedOn says whether err is the failure of the write of path.
func failedOn(err error, path string) bool {
	e := pc.AsError(err)
	return e != nil && e.Details["path"] == path
}

// addToCanvas is the add_to_canvas option of create_entity, handle_entity
// create and batch_update (default true): after the entity operations of
// tx, it stages the nodes of the new entities, as they will be written, on
// opts.CanvasSource or on the vault's canvas, each below its parent's node.
// A canvas that does not exist yet is created, as the editor plugin does
// for its default canvas. A canvas that cannot be changed (not JSON Canvas,
// a bad path) does not fail the entities: nothing is staged for it and the
// failure is reported as canvas_error beside canvas_node_added. Archived
// entities are not added. A skip message leaves the canvas alone and
// reports skip as canvas_error.
func addToCanvas(env *Env, tx *pc.Tx, entities []*pc.Entity, opts canvasOptions, skip string) canvasHook {
	live := make([]*pc.Entity, 0, len(entities))
	for _, e := range entities {
		if e != nil && !e.Archived {
			live = append(live, e)
		}
	}
	if !opts.AddToCanvas || len(live) == 0 {
		return canvasHook{}
	}
	if skip != "" {
		return canvasHook{err: skip}
	}
	path, err := canvasPath(env, opts.CanvasSource)
	if err != nil {
		return canvasHook{err: pc.AsError(err).Message}
	}
	parentOf := func(e *pc.Entity) *pc.Entity {
		if e.Parent == "" {
			return nil
		}
		parent, _ := tx.Get(e.Parent)
		return parent
	}
	var added []pc.ID
	err = tx.Try(func() (err error) { // a canvas that fails stages nothing
		added, err = canvas.AddEntities(tx, path, live, parentOf)
		return err
	})
	if err != nil {
		return canvasHook{err: pc.AsError(err).Message}
	}
	out := canvasHook{added: make(map[pc.ID]bool, len(added)), path: path}
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
