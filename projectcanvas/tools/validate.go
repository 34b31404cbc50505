package tools

import (
	"cmp"
	"context"

	"github.com/projectcanvas/projectcanvas/graph"
	"github.com/projectcanvas/projectcanvas/internal/ptrsort"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/migrate"
	"github.com/projectcanvas/projectcanvas/reconcile"
)

// finding is one thing wrong with the vault, located by file and field.
type finding struct {
	Kind     string   `json:"kind"`
	Severity string   `json:"severity"` // error: the data is wrong; warning: repairable by reconcile_relationships
	File     string   `json:"file"`
	Entity   string   `json:"entity,omitempty"`
	Field    string   `json:"field,omitempty"`
	IDs      []string `json:"ids,omitempty"`
	Message  string   `json:"message"`
	Line     int      `json:"line,omitempty"`
}

type validateResult struct {
	Valid    bool           `json:"valid"`
	Issues   []finding      `json:"issues"`
	Summary  map[string]int `json:"summary"` // issues by kind
	Checked  int            `json:"entities_checked"`
	Fixable  int            `json:"fixable"` // issues reconcile_relationships repairs
	Problems int            `json:"errors"`
	// Migration is migration: true, what migrate would change.
	Migration *Migration `json:"migration,omitempty"`
}

// Migration is what the migrate command changes in the notes of the old
// plugin, or would (validate_project's migration, the migrate command's
// data): the registries' name for migrate.Report, so that a host reads it
// without reaching the service.
type Migration = migrate.Report

// Kinds of finding that come from reconcile's fixes.
var fixKinds = map[string]string{
	reconcile.AddInverse:   "one_sided_relation",
	reconcile.DropDangling: "dangling_id",
	reconcile.DropSelf:     "self_reference",
	reconcile.RepairParent: "parent_repairable",
}

// ignoredSetting is the kind of finding for a setting of the vault's
// config.json that is no longer obeyed (docsearch.IgnoredVaultSettings).
const ignoredSetting = "ignored_setting"

type validateArgs struct {
	Migration bool `json:"migration,omitempty" jsonschema:"Also list the old plugin's notes migrate would change."`
}

func validateProject(_ context.Context, env *Env, a validateArgs) (*validateResult, error) {
	p := env.Project
	ents, byID := reconcileInput(p)
	plan := reconcile.Plan(ents)
	res := &validateResult{Issues: []finding{}, Summary: map[string]int{}, Checked: len(ents)}
	add := func(f finding) {
		res.Issues = append(res.Issues, f)
		res.Summary[f.Kind]++
		switch {
		case f.Severity == "error":
			res.Problems++
		case f.Kind != ignoredSetting:
			res.Fixable++
		}
	}
	for _, key := range docsearch.IgnoredVaultSettings(p.Files()) {
		add(finding{Kind: ignoredSetting, Severity: "warning", File: pc.ConfigPath, Field: key,
			Message: "ignored: where document search sends note text is each person's own setting, not the vault's " +
				"(projectcanvas --embeddings-url or $PROJECTCANVAS_EMBEDDINGS_URL, ~/.config/projectcanvas/config.json, " +
				"or the plugin's settings); remove " + key + " from " + pc.ConfigPath})
	}
	for _, pr := range p.Problems() {
		kind := "schema_" + pr.Kind
		if pr.Kind == "merge_conflict" || pr.Kind == "state_folder" { // a merge's or a state file's, not the schema's
			kind = pr.Kind
		}
		add(finding{Kind: kind, Severity: "error", File: pr.Path, Message: pr.Message, Line: pr.Line})
	}
	pathOf := func(id string) string {
		if e := byID[pc.ID(id)]; e != nil {
			return e.Path
		}
		return ""
	}
	for _, f := range plan.Fixes {
		fd := finding{Kind: fixKinds[f.Kind], Severity: "warning", File: pathOf(f.Entity), Entity: f.Entity, Field: f.Field, IDs: []string{f.ID}}
		switch f.Kind {
		case reconcile.AddInverse:
			// Report the link where the user wrote it, naming the side
			// that is missing.
			inverse, _ := graph.Inverse(f.Field)
			fd = finding{Kind: fd.Kind, Severity: "warning", File: pathOf(f.ID), Entity: f.ID, Field: inverse, IDs: []string{f.Entity},
				Message: f.ID + " holds " + inverse + ": " + f.Entity + " but " + f.Entity + " lacks " + f.Field + ": " + f.ID}
		case reconcile.DropDangling:
			fd.Message = f.ID + " names no entity"
		case reconcile.DropSelf:
			fd.Message = f.Entity + " refers to itself"
		case reconcile.RepairParent:
			fd.Message = "parent is not a single id; " + f.ID + " would be set"
		}
		add(fd)
	}
	for _, f := range plan.Held {
		inverse, _ := graph.Inverse(f.Field)
		add(finding{Kind: "one_sided_relation", Severity: "warning", File: pathOf(f.ID), Entity: f.ID, Field: inverse, IDs: []string{f.Entity},
			Message: f.ID + " holds " + inverse + ": " + f.Entity + " but " + f.Entity + " lacks " + f.Field + " (on a dependency cycle: break it first)"})
	}
	for _, pr := range plan.Problems {
		add(finding{Kind: pr.Kind, Severity: "error", File: pathOf(pr.Entity), Entity: pr.Entity, Field: pr.Field, IDs: pr.IDs, Message: pr.Message})
	}
	ptrsort.StableFunc(res.Issues, func(a, b *finding) int { return cmp.Compare(a.File, b.File) })
	res.Valid = len(res.Issues) == 0
	if a.Migration {
		m, err := migrate.Vault(p, false) // a dry run: what migrate would change
		if err != nil {
			return nil, err
		}
		res.Migration = m
	}
	return res, nil
}
