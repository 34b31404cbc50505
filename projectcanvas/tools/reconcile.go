package tools

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/reconcile"
)

func registerReconcileTools(r *Registry) {
	Register(r, "reconcile_relationships",
		"Make both sides of every relation agree, drop ids that name nothing, repair parents written as lists. All files or none.",
		Annotations{Idempotent: true}, ReconcileRelationships)
	r.wrapLast(dryRunFirst)
	Register(r, "validate_project",
		"Check the vault: schema violations, dangling ids, one-sided relations, cycles, hierarchy errors, git merge conflicts; each with its file and field.",
		Annotations{ReadOnly: true, Idempotent: true}, validateProject)
}

// ReconcileArgs are reconcile_relationships's arguments.
type ReconcileArgs struct {
	DryRun    bool `json:"dry_run,omitempty" jsonschema:"Report without writing; default true with repair_ids." schema:"default=false"`
	RepairIDs bool `json:"repair_ids,omitempty" jsonschema:"Renumber the newer files of duplicated ids, and their references."`
}

// dryRunFirst gives dry_run its default of true with repair_ids, which the
// schema cannot say (false is the spec's default): renumbering renames
// files, so the tool reports what it would do unless dry_run is false.
func dryRunFirst(handler Handler) Handler {
	return func(ctx context.Context, env *Env, raw json.RawMessage) (any, error) {
		var args map[string]json.RawMessage
		if json.Unmarshal(raw, &args) == nil && string(args["repair_ids"]) == "true" && args["dry_run"] == nil {
			args["dry_run"] = json.RawMessage("true")
			raw, _ = json.Marshal(args)
		}
		return handler(ctx, env, raw)
	}
}

// FileChanges groups the fixes of one entity's file, as the editor's summary
// lists them.
type FileChanges struct {
	File    string          `json:"file"`
	Entity  string          `json:"entity"`
	Changes []reconcile.Fix `json:"changes"`
}

// ReconcileSummary counts a reconciliation's changes.
type ReconcileSummary struct {
	FilesChanged int            `json:"files_changed"`
	Changes      int            `json:"changes"`
	ByKind       map[string]int `json:"by_kind"`
	Held         int            `json:"held"`
	Problems     int            `json:"problems"`
}

// ReconcileResult is reconcile_relationships's result.
type ReconcileResult struct {
	DryRun   bool                `json:"dry_run"`
	Applied  bool                `json:"applied"`
	Files    []FileChanges       `json:"files"`
	Summary  ReconcileSummary    `json:"summary"`
	Held     []reconcile.Fix     `json:"held,omitempty"`
	Problems []reconcile.Problem `json:"problems"`
	// IDs is the id repair of repair_ids.
	IDs *IDRepairResult `json:"ids,omitempty"`
}

// ReconcileRelationships is reconcile_relationships (the editor's
// reconcile-relationships). Called directly, DryRun has no default: with
// RepairIDs, say it.
func ReconcileRelationships(ctx context.Context, env *Env, args ReconcileArgs) (*ReconcileResult, error) {
	if args.RepairIDs {
		return repairIDs(ctx, env, args.DryRun)
	}
	dry := args.DryRun
	p := env.Project
	ents, byID := reconcileInput(p)
	plan := reconcile.Plan(ents)
	res := &ReconcileResult{DryRun: dry, Held: plan.Held, Problems: plan.Problems,
		Summary: ReconcileSummary{Changes: len(plan.Fixes), ByKind: map[string]int{}, Held: len(plan.Held), Problems: len(plan.Problems)}}
	for _, f := range plan.Fixes {
		res.Summary.ByKind[f.Kind]++
		if n := len(res.Files); n > 0 && res.Files[n-1].Entity == f.Entity {
			res.Files[n-1].Changes = append(res.Files[n-1].Changes, f)
			continue
		}
		res.Files = append(res.Files, FileChanges{File: byID[pc.ID(f.Entity)].Path, Entity: f.Entity, Changes: []reconcile.Fix{f}})
	}
	if res.Files == nil {
		res.Files = []FileChanges{}
	}
	res.Summary.FilesChanged = len(res.Files)
	if len(plan.Fixes) == 0 {
		return res, nil
	}
	stage := func(tx *pc.Tx) error {
		for _, fc := range res.Files {
			if _, err := tx.Update(fc.Entity, changeOf(fc.Changes)); err != nil {
				return err
			}
		}
		return nil
	}
	if dry {
		// Run every check a write makes, so a dry run that passes means the
		// write will too (unless the vault changes in between).
		return res, p.Plan(stage)
	}
	if _, err := p.Write(stage); err != nil {
		return nil, err
	}
	res.Applied = true
	return res, nil
}

// changeOf turns the fixes of one entity into one update of the core, which
// mirrors each link on the other side and writes every file or none.
func changeOf(fixes []reconcile.Fix) pc.Change {
	c := pc.Change{AddTo: map[string][]string{}, RemoveFrom: map[string][]string{}}
	for _, f := range fixes {
		switch f.Kind {
		case reconcile.AddInverse:
			c.AddTo[f.Field] = append(c.AddTo[f.Field], f.ID)
		case reconcile.DropDangling, reconcile.DropSelf:
			c.RemoveFrom[f.Field] = append(c.RemoveFrom[f.Field], f.ID)
		case reconcile.RepairParent:
			c.Data = map[string]any{"parent": f.ID}
		}
	}
	return c
}

// reconcileInput reads the relations of every entity. A story or task
// without a readable parent gets its file read again, to see whether parent
// was written as a list.
func reconcileInput(p *pc.Project) ([]reconcile.Entity, map[pc.ID]*pc.Entity) {
	all := p.All()
	out := make([]reconcile.Entity, len(all))
	byID := make(map[pc.ID]*pc.Entity, len(all))
	for i, e := range all {
		byID[e.ID] = e
		re := reconcile.Entity{ID: string(e.ID), Type: string(e.Type), Parent: string(e.Parent), Links: make(map[string][]string, 2)}
		for _, r := range pc.Relations {
			for _, id := range e.Linked(r) {
				re.Links[r.Field()] = append(re.Links[r.Field()], string(id))
			}
		}
		if kids, ok := e.Fields["children"].([]any); ok {
			for _, k := range kids {
				if s, ok := k.(string); ok {
					re.Children = append(re.Children, s)
				}
			}
		}
		if e.Parent == "" && e.Type.ParentType() != "" {
			re.ParentList = parentList(p, e.Path)
		}
		out[i] = re
	}
	return out, byID
}

// parentList returns the entries of a parent written as a list, as ids
// where they parse; nil when parent is absent or not a list.
func parentList(p *pc.Project, path string) []string {
	data, err := p.Files().ReadFile(path)
	if err != nil {
		return nil
	}
	doc, err := frontmatter.Parse(data)
	if err != nil {
		return nil
	}
	if _, scalar := doc.String("parent"); scalar {
		return nil
	}
	raw, ok := doc.Strings("parent")
	if !ok {
		return nil
	}
	out := slices.Clone(raw)
	for i, s := range out {
		if id, _, _, err := pc.ParseID(s); err == nil {
			out[i] = string(id)
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}
