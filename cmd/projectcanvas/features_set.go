package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	iofs "io/fs"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// featuresSet runs `features set-phase ID PHASE` and `features set-tier ID
// TIER` (set-feature-phase, set-feature-tier): the feature's file changes
// as in update_entity, so the value is checked as any update's is, and
// when the features canvas (--canvas, default Features.canvas) shows the
// feature, its node moves into the cell of its new tier and phase, in the
// same transaction (canvas.WriteWith). A features canvas that does not
// exist, or does not show the feature, is left alone; one that cannot be
// changed is reported as canvas_error and the file still changes.
func featuresSet(ctx context.Context, field string, args []string, stdout, stderr io.Writer, registry *tools.Registry, vaultDir string) int {
	use := usageError{"usage: projectcanvas features set-" + field + " ID " + map[string]string{"phase": "PHASE", "tier": "TIER"}[field] + " [--canvas PATH]"}
	fs := newFlags("features set-" + field)
	name := fs.String("canvas", canvas.DefaultFeaturesCanvas, "features canvas in the vault")
	pos, err := parseInterleaved(fs, args)
	if err != nil || len(pos) != 2 {
		return fail(stderr, use)
	}
	path, err := canvas.CleanPath(*name)
	if err != nil {
		return toolFailure(stdout, err)
	}
	env, err := openEnv(vaultDir)
	if err != nil {
		return toolFailure(stdout, err)
	}
	e, err := env.Project.Get(pos[0])
	if err != nil {
		return toolFailure(stdout, err)
	}
	if e.Type != pc.Feature {
		return toolFailure(stdout, pc.Errorf(pc.CodeInvalidArgument, "%s is a %s; only features have a %s", e.ID, e.Type, field).With("field", "id"))
	}
	// The file and the node change in one transaction: a kill leaves both
	// as before or both as after.
	var u *pc.Updated
	moved := false
	canvasErr, err := canvas.WriteWith(env.Project,
		func(tx *pc.Tx) (err error) {
			u, err = tx.Update(string(e.ID), pc.Change{Data: map[string]any{field: pos[1]}})
			return err
		},
		func(tx *pc.Tx) (_ string, err error) {
			moved, err = moveFeatureNode(tx, env.Project, path, u.Entity)
			return path, err
		})
	if err != nil {
		return toolFailure(stdout, err)
	}
	raw, _ := json.Marshal(map[string]any{"id": e.ID})
	entity, err := registry.Call(ctx, env, "get_entity", raw)
	if err != nil {
		return toolFailure(stdout, err)
	}
	out := map[string]any{"id": u.Entity.ID, "updated_fields": orEmpty(u.Fields), "cascaded": orEmpty(u.Cascaded), "entity": entity}
	if canvasErr != nil {
		// The file is written; say why the node did not follow.
		moved = false
		out["canvas_error"] = pc.AsError(canvasErr).Message
	}
	out["canvas"], out["node_moved"] = path, moved
	return printJSON(stdout, out)
}

// orEmpty is a list for JSON: [] rather than null.
func orEmpty[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}

// moveFeatureNode lays out the features canvas at path again in tx when it
// shows feature f (as tx leaves it), reporting whether f's node moved. A
// canvas that does not exist is not made.
func moveFeatureNode(tx *pc.Tx, p *pc.Project, path string, f *pc.Entity) (bool, error) {
	if _, err := tx.ReadFile(path); errors.Is(err, iofs.ErrNotExist) {
		return false, nil
	}
	moved := false
	_, err := canvas.Edit(tx, path, func(c *canvas.Canvas) error {
		n := canvas.EntityNodes(c, []*pc.Entity{f})[f.ID]
		if n == nil {
			return nil // not on this canvas: nothing to move
		}
		all := slices.Clone(p.All()) // the index's own slice is shared
		for i, e := range all {
			if e.ID == f.ID {
				all[i] = f
			}
		}
		x, y := n.X, n.Y
		canvas.LayoutFeatures(c, all)
		moved = n.X != x || n.Y != y
		return nil
	})
	return moved, err
}
