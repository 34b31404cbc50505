package tools

import (
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// How entities look in tool results.

// summaryFields is what get_entity returns when no fields are asked for.
var summaryFields = []string{"id", "type", "title", "status", "workstream", "last_updated"}

func ids(list []pc.ID) []string {
	out := make([]string, len(list))
	for i, id := range list {
		out[i] = string(id)
	}
	return out
}

// view renders an entity with the requested fields. An empty list means
// every stored field plus children, children_count and last_updated, but
// not content (which costs a file read) unless withContent is set.
func view(env *Env, e *pc.Entity, fields []string, withContent bool) (map[string]any, error) {
	if len(fields) == 0 {
		out := e.Map()
		out["last_updated"] = lastUpdated(e)
		kids := env.Project.Children(e.ID)
		out["children"], out["children_count"] = ids(kids), len(kids)
		if withContent {
			content, err := env.Project.Content(e.ID)
			if err != nil {
				return nil, err
			}
			out["content"] = content
		}
		return out, nil
	}
	out := map[string]any{"id": string(e.ID), "type": string(e.Type)}
	var inapplicable []string
	for _, f := range fields {
		switch f {
		case "last_updated":
			out[f] = lastUpdated(e)
		case "children":
			out[f] = ids(env.Project.Children(e.ID))
		case "children_count":
			out[f] = len(env.Project.Children(e.ID))
		case "content":
			content, err := env.Project.Content(e.ID)
			if err != nil {
				return nil, err
			}
			out[f] = content
		case "dependencies":
			out[f] = map[string]any{"blocked_by": ids(e.Links[pc.DependsOn]), "blocks": ids(e.Links[pc.Blocks])}
		case "task_progress":
			if e.Type != pc.Story {
				inapplicable = append(inapplicable, f)
				continue
			}
			out[f] = taskProgress(env, e)
		default:
			if v, ok := e.Value(f); ok {
				out[f] = v
			} else if pc.HasField(e.Type, f) {
				out[f] = nil
			} else {
				inapplicable = append(inapplicable, f)
			}
		}
	}
	if len(inapplicable) > 0 {
		out["_field_info"] = map[string]any{"inapplicable": inapplicable}
	}
	return out, nil
}

func lastUpdated(e *pc.Entity) string {
	if e.UpdatedAt != "" {
		return e.UpdatedAt
	}
	return e.CreatedAt
}

func taskProgress(env *Env, e *pc.Entity) map[string]int {
	total, done := 0, 0
	for _, id := range env.Project.Children(e.ID) {
		if child, err := env.Project.Get(string(id)); err == nil {
			total++
			if child.Status == pc.Completed {
				done++
			}
		}
	}
	return map[string]int{"total": total, "completed": done}
}
