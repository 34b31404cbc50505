package tools

import (
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// canvasHookResult is what create_entity and batch_update report about the
// canvas: canvas_node_added, and why not when adding failed.
type canvasHookResult struct {
	Added bool   `json:"canvas_node_added"`
	Error string `json:"canvas_error,omitempty"`
}

// addToCanvas is the add_to_canvas option of create_entity and batch_update
// (default true): it puts the new entity's node on canvasSource, or on the
// vault's canvas, below its parent's node. The entity is written already,
// so a canvas that cannot be changed (broken, or a bad path) does not undo
// it: the failure is reported beside canvas_node_added instead.
//
// To wire it, call it after the entity is created:
//
//	hook := addToCanvas(env, e, a.Options.CanvasSource, a.Options.AddToCanvas)
//	out["canvas_node_added"] = hook.Added
func addToCanvas(env *Env, e *pc.Entity, canvasSource string, add *bool) canvasHookResult {
	if add != nil && !*add || e.Archived {
		return canvasHookResult{}
	}
	path, err := canvasPath(env, canvasSource)
	if err != nil {
		return canvasHookResult{Error: pc.AsError(err).Message}
	}
	var parent *pc.Entity
	if e.Parent != "" {
		parent, _ = env.Project.Get(string(e.Parent))
	}
	added, err := canvas.AddEntity(env.Project.FS(), path, e, parent)
	if err != nil {
		return canvasHookResult{Error: pc.AsError(err).Message}
	}
	return canvasHookResult{Added: added}
}
