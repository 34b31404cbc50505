package tools

import (
	"context"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/reconcile"
)

// IDRepairResult is reconcile_relationships with repair_ids: the core's
// report and the canvas nodes that follow a renamed file.
type IDRepairResult struct {
	*pc.IDRepair
	CanvasNodes []canvasNodeMove `json:"canvas_nodes"`
}

// canvasNodeMove is a file node pointed at a renamed file.
type canvasNodeMove struct {
	Canvas  string `json:"canvas"`
	Node    string `json:"node"`
	File    string `json:"file"`
	NewFile string `json:"new_file"`
}

// repairIDs renumbers the newer copies of duplicated ids (pc.RepairIDs, its
// rule and its refusals) and, in the same write, points every canvas's
// file nodes of a renamed file at its new name.
func repairIDs(ctx context.Context, env *Env, dryRun bool) (*ReconcileResult, error) {
	var nodes []canvasNodeMove
	rep, err := env.Project.RepairIDs(!dryRun, func(tx *pc.Tx, r *pc.IDRepair) error {
		nodes = nil
		moves := r.Moves()
		if len(moves) == 0 {
			return nil
		}
		return eachCanvas(ctx, env.Project, func(name string) {
			if r.IsRefused(name) {
				return
			}
			var here []canvasNodeMove
			_, err := canvas.Edit(tx, name, func(c *canvas.Canvas) error {
				for _, n := range c.Nodes {
					if to, ok := moves[n.File]; ok && n.Type == canvas.TypeFile {
						here = append(here, canvasNodeMove{Canvas: name, Node: n.ID, File: n.File, NewFile: to})
						n.File = to
					}
				}
				return nil
			})
			if err != nil {
				r.Refuse(name, pc.AsError(err).Message)
				return
			}
			nodes = append(nodes, here...)
		})
	})
	if err != nil {
		return nil, err
	}
	if nodes == nil {
		nodes = []canvasNodeMove{}
	}
	return &ReconcileResult{DryRun: dryRun, Applied: rep.Applied, Files: []FileChanges{}, Problems: []reconcile.Problem{},
		Summary: ReconcileSummary{ByKind: map[string]int{}}, IDs: &IDRepairResult{IDRepair: rep, CanvasNodes: nodes}}, nil
}

// eachCanvas calls fn with every canvas file of the vault.
func eachCanvas(ctx context.Context, p *pc.Project, fn func(name string)) error {
	return p.Files().Walk(func(name string) error {
		if strings.HasSuffix(name, canvas.Ext) {
			fn(name)
		}
		return ctx.Err()
	})
}
