package main

import (
	"context"
	"encoding/json"
	"io"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// featuresSet runs `features set-phase ID PHASE` and `features set-tier ID
// TIER` (set-feature-phase, set-feature-tier): the feature's file changes
// through update_entity, so the value is checked as any update's is, and
// when the features canvas (--canvas, default Features.canvas) shows the
// feature, its node moves into the cell of its new tier and phase. A
// features canvas that does not exist, or does not show the feature, is
// left alone.
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
	raw, _ := json.Marshal(map[string]any{"id": e.ID, "data": map[string]any{field: pos[1]}})
	result, err := registry.Call(ctx, env, "update_entity", raw)
	if err != nil {
		return toolFailure(stdout, err)
	}
	out, _ := result.(map[string]any)
	moved, err := moveFeatureNode(env.Project, path, e.ID)
	if err != nil {
		// The file is written; say why the node did not follow.
		out["canvas_error"] = pc.AsError(err).Message
	}
	out["canvas"], out["node_moved"] = path, moved
	return printJSON(stdout, out)
}

// moveFeatureNode lays out the features canvas at path again when it shows
// feature id, reporting whether that feature's node moved.
func moveFeatureNode(p *pc.Project, path string, id pc.ID) (bool, error) {
	f, err := p.Get(string(id))
	if err != nil {
		return false, err
	}
	c, _, err := canvas.Read(p.FS(), path)
	if err != nil || canvas.EntityNodes(c, []*pc.Entity{f})[id] == nil {
		return false, err
	}
	moved := false
	_, err = canvas.Update(p, path, func(c *canvas.Canvas) error {
		n := canvas.EntityNodes(c, []*pc.Entity{f})[id]
		if n == nil {
			moved = false // gone meanwhile: nothing to move
			return nil
		}
		x, y := n.X, n.Y
		canvas.LayoutFeatures(c, p.All())
		moved = n.X != x || n.Y != y
		return nil
	})
	return moved, err
}
