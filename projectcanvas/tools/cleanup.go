package tools

import (
	"context"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func registerCleanupTools(r *Registry) {
	Register(r, "cleanup_completed",
		"Archive Completed milestones, stories and tasks (optionally under one milestone). Should live children lose their "+
			"parent, nothing is archived and requires_confirmation is set; include_orphaned archives anyway.",
		Annotations{Destructive: true, Idempotent: true}, cleanupCompleted)
}

type cleanupArgs struct {
	MilestoneID     string `json:"milestone_id,omitempty" jsonschema:"Only this milestone and what is under it."`
	DryRun          bool   `json:"dry_run,omitempty" schema:"default=false"`
	IncludeOrphaned bool   `json:"include_orphaned,omitempty" jsonschema:"Archive even if children lose their parent." schema:"default=false"`
}

// orphaning tells which live children archiving an entity would orphan.
type orphaning struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	Children []string `json:"children"`
}

// cleanupCompleted returns archived_ids and archived_count (what was
// archived, or in a dry run what would be, with or without a needed
// confirmation), would_orphan (the ids of the live children that would lose
// their parent; orphan_details says whose), requires_confirmation and
// dry_run (true: nothing was written).
func cleanupCompleted(ctx context.Context, env *Env, a cleanupArgs) (map[string]any, error) {
	p := env.Project
	scope, err := cleanupScope(p, a.MilestoneID)
	if err != nil {
		return nil, err
	}
	var candidates []*pc.Entity
	archiving := map[pc.ID]bool{}
	for _, e := range scope {
		if e.Type.Hierarchical() && e.Status == pc.Completed && !e.Archived {
			candidates = append(candidates, e)
			archiving[e.ID] = true
		}
	}
	details := []orphaning{}
	wouldOrphan := []string{}
	for _, e := range candidates {
		var left []string
		for _, kid := range p.Children(e.ID) {
			child, err := p.Get(string(kid))
			if err == nil && !child.Archived && !archiving[kid] {
				left = append(left, string(kid))
			}
		}
		if len(left) > 0 {
			details = append(details, orphaning{ID: string(e.ID), Title: e.Title, Children: left})
			wouldOrphan = append(wouldOrphan, left...)
		}
	}
	ids := make([]string, len(candidates))
	for i, e := range candidates {
		ids[i] = string(e.ID)
	}
	confirm := len(wouldOrphan) > 0 && !a.IncludeOrphaned
	out := map[string]any{
		"archived_count": 0, "archived_ids": []string{}, "would_orphan": wouldOrphan, "orphan_details": details,
		"requires_confirmation": confirm, "dry_run": a.DryRun,
	}
	if confirm {
		if a.DryRun { // what include_orphaned would archive
			out["archived_count"], out["archived_ids"] = len(ids), ids
		}
		return out, nil
	}
	if !a.DryRun && len(candidates) > 0 {
		_, err := p.Write(func(tx *pc.Tx) error {
			for _, e := range candidates {
				if err := ctx.Err(); err != nil {
					return cancelled(err)
				}
				if _, err := tx.Archive(string(e.ID), false, true); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	out["archived_count"], out["archived_ids"] = len(ids), ids
	return out, nil
}

// cleanupScope is every entity, or a milestone and its descendants. It
// builds a new slice: Project.All's is shared with every other reader.
func cleanupScope(p *pc.Project, milestoneID string) ([]*pc.Entity, error) {
	all := p.All()
	if milestoneID == "" {
		return all, nil
	}
	m, err := p.Get(milestoneID)
	if err != nil {
		return nil, err
	}
	if m.Type != pc.Milestone {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "milestone_id %s is a %s, not a milestone", m.ID, m.Type).With("field", "milestone_id")
	}
	out := []*pc.Entity{m}
	for queue := []pc.ID{m.ID}; len(queue) > 0; queue = queue[1:] {
		for _, k := range p.Children(queue[0]) {
			if e, err := p.Get(string(k)); err == nil {
				out = append(out, e)
			}
			queue = append(queue, k)
		}
	}
	return out, nil
}
