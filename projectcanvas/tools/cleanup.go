package tools

import (
	"context"
	"encoding/json"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func registerCleanupTools(r *Registry) {
	r.Add(&Tool{
		Name: "cleanup_completed",
		Description: "Archive Completed milestones, stories and tasks (optionally under one milestone). If archiving would leave a live child " +
			"without its parent, nothing is archived and requires_confirmation is set; pass include_orphaned to archive anyway.",
		InputSchema: object(nil,
			str("milestone_id", "Only this milestone and what is under it."),
			boolean("dry_run", "Report what would be archived; change nothing."),
			boolean("include_orphaned", "Archive even when children would be left without their parent.")),
		Handler: cleanupCompleted,
	})
}

type orphaning struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	Children []string `json:"children"`
}

func cleanupCompleted(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a struct {
		MilestoneID     string `json:"milestone_id"`
		DryRun          bool   `json:"dry_run"`
		IncludeOrphaned bool   `json:"include_orphaned"`
	}
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	p := env.Project
	scope, err := cleanupScope(p, a.MilestoneID)
	if err != nil {
		return nil, err
	}
	var candidates []*pc.Entity
	for _, e := range scope {
		if e.Status == pc.Completed && !e.Archived {
			candidates = append(candidates, e)
		}
	}
	archiving := map[pc.ID]bool{}
	for _, e := range candidates {
		archiving[e.ID] = true
	}
	wouldOrphan := []orphaning{}
	for _, e := range candidates {
		var left []string
		for _, kid := range p.Children(e.ID) {
			child, err := p.Get(string(kid))
			if err == nil && !child.Archived && !archiving[kid] {
				left = append(left, string(kid))
			}
		}
		if len(left) > 0 {
			wouldOrphan = append(wouldOrphan, orphaning{ID: string(e.ID), Title: e.Title, Children: left})
		}
	}
	ids := make([]string, len(candidates))
	for i, e := range candidates {
		ids[i] = string(e.ID)
	}
	out := map[string]any{
		"archived_count": 0, "archived_ids": []string{}, "would_orphan": wouldOrphan,
		"requires_confirmation": len(wouldOrphan) > 0 && !a.IncludeOrphaned, "dry_run": a.DryRun,
	}
	if out["requires_confirmation"] == true {
		out["would_archive_ids"] = ids
		return out, nil
	}
	if !a.DryRun && len(candidates) > 0 {
		_, err := p.Write(func(tx *pc.Tx) error {
			for _, e := range candidates {
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

// cleanupScope is every entity, or a milestone and its descendants.
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
	in := map[pc.ID]bool{m.ID: true}
	queue := []pc.ID{m.ID}
	for len(queue) > 0 {
		kids := p.Children(queue[0])
		queue = queue[1:]
		for _, k := range kids {
			in[k] = true
		}
		queue = append(queue, kids...)
	}
	return slices.DeleteFunc(all, func(e *pc.Entity) bool { return !in[e.ID] }), nil
}
