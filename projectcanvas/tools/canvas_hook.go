package tools

import (
	"errors"
	"io/fs"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// canvasHook is what adding new entities to the canvas did: which got a
// node, and why none did when the canvas could not be changed.
type canvasHook struct {
	added map[pc.ID]bool
	err   string // canvas_error; "" when the canvas was written or left alone
}

// writeWithCanvas runs stage (the entity operations of create_entity,
// handle_entity create or batch_update) and, when opts.AddToCanvas is set,
// puts the entities stage returns on the canvas, in one transaction (see
// canvas.WriteWith: all or none, journaled, a canvas saved meanwhile read
// again, a canvas that cannot be changed reported as canvas_error without
// failing the entities). stage must start from scratch each time it is
// called.
func writeWithCanvas(env *Env, opts canvasOptions, stage func(tx *pc.Tx) ([]*pc.Entity, error)) (canvasHook, error) {
	if err := checkCanvasOption(env, opts); err != nil {
		return canvasHook{}, err
	}
	var entities []*pc.Entity
	var hook canvasHook
	canvasErr, err := canvas.WriteWith(env.Project,
		func(tx *pc.Tx) (err error) {
			entities, err = stage(tx)
			return err
		},
		func(tx *pc.Tx) (string, error) {
			hook = canvasHook{}
			return addToCanvas(env, tx, entities, opts, &hook)
		})
	if canvasErr != nil {
		hook = canvasHook{err: pc.AsError(canvasErr).Message}
	}
	return hook, err
}

// checkCanvasOption refuses, before anything is written, a canvas_source
// the entities could not be added to: a path that is no canvas of the
// vault, or a file there that is not JSON Canvas. A typo must not leave
// entities created without their nodes. The configured canvas is not
// checked so: a broken Projects.canvas must not stop every create; what
// goes wrong with it is canvas_error.
func checkCanvasOption(env *Env, opts canvasOptions) error {
	if !opts.AddToCanvas || opts.CanvasSource == "" {
		return nil
	}
	field := func(err error) error { return pc.AsError(err).With("field", "options.canvas_source") }
	name, err := canvasPath(env, opts.CanvasSource)
	if err != nil {
		return field(err)
	}
	data, err := env.Project.Files().ReadFile(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil // created with the entities
	case err != nil:
		return field(err)
	}
	if _, err := canvas.Parse(data); err != nil {
		return field(pc.Errorf(pc.CodeInvalidArgument, "%s is not JSON Canvas: %s", name, pc.AsError(err).Message))
	}
	return nil
}

// addToCanvas is the add_to_canvas option of create_entity, handle_entity
// create and batch_update (default true): after the entity operations of
// tx, it stages the nodes of the new entities, as they will be written, on
// opts.CanvasSource or on the vault's canvas, each below its parent's node,
// and records in hook which got one. A canvas that does not exist yet is
// created, as the editor plugin does for its default canvas. Archived
// entities are not added. It returns the canvas it edited, "" for none.
func addToCanvas(env *Env, tx *pc.Tx, entities []*pc.Entity, opts canvasOptions, hook *canvasHook) (string, error) {
	live := make([]*pc.Entity, 0, len(entities))
	for _, e := range entities {
		if e != nil && !e.Archived {
			live = append(live, e)
		}
	}
	if !opts.AddToCanvas || len(live) == 0 {
		return "", nil
	}
	path, err := canvasPath(env, opts.CanvasSource)
	if err != nil {
		return "", err
	}
	parentOf := func(e *pc.Entity) *pc.Entity {
		if e.Parent == "" {
			return nil
		}
		parent, _ := tx.Get(e.Parent)
		return parent
	}
	added, err := canvas.AddEntities(tx, path, live, parentOf)
	if err != nil {
		return "", err
	}
	hook.added = make(map[pc.ID]bool, len(added))
	for _, id := range added {
		hook.added[id] = true
	}
	return path, nil
}

// report sets canvas_node_added for e, and canvas_error when the canvas
// could not be changed, in a create's result.
func (h canvasHook) report(out map[string]any, e *pc.Entity) {
	out["canvas_node_added"] = h.added[e.ID]
	if h.err != "" {
		out["canvas_error"] = h.err
	}
}
