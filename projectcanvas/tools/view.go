package tools

import (
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// How entities look in tool results: Entity.Map renders the stored fields
// (the one renderer), and view adds the fields derived from other entities
// or from the file's body. Every tool that returns an entity uses view, so
// get_entity, search results and batch include_entities agree.

// derivedFields are computed, not stored: asked for by name, or (children,
// children_count) part of the default.
var derivedFields = map[string]bool{
	"children": true, "children_count": true, "content": true, "dependencies": true, "task_progress": true,
}

func ids(list []pc.ID) []string {
	out := make([]string, len(list))
	for i, id := range list {
		out[i] = string(id)
	}
	return out
}

// view renders an entity with the requested fields. No fields means every
// stored field plus children and children_count, and content too when
// withContent is set (it costs a file read). An asked-for field the type
// does not have is listed in _field_info.inapplicable.
func view(env *Env, e *pc.Entity, fields []string, withContent bool) (map[string]any, error) {
	if len(fields) == 0 {
		out := e.Map()
		if err := addDerived(env, e, out, "children", "children_count"); err != nil {
			return nil, err
		}
		if withContent {
			return out, addDerived(env, e, out, "content")
		}
		return out, nil
	}
	stored := make([]string, 0, len(fields))
	var derived []string
	for _, f := range fields {
		if derivedFields[f] {
			derived = append(derived, f)
		} else {
			stored = append(stored, f)
		}
	}
	out := e.Map(stored...)
	if err := addDerived(env, e, out, derived...); err != nil {
		return nil, err
	}
	var inapplicable []string
	for _, f := range fields {
		if _, ok := out[f]; !ok {
			inapplicable = append(inapplicable, f)
		}
	}
	if len(inapplicable) > 0 {
		out["_field_info"] = map[string]any{"inapplicable": inapplicable}
	}
	return out, nil
}

// addDerived adds derived fields to out. A field that does not apply to
// the entity's type (task_progress of a task) is left out.
func addDerived(env *Env, e *pc.Entity, out map[string]any, fields ...string) error {
	for _, f := range fields {
		switch f {
		case "children":
			out[f] = ids(env.Project.Children(e.ID))
		case "children_count":
			out[f] = len(env.Project.Children(e.ID))
		case "content":
			content, err := env.Project.Content(e.ID)
			if err != nil {
				return err
			}
			out[f] = content
		case "dependencies":
			out[f] = map[string]any{"blocked_by": ids(e.Links[pc.DependsOn]), "blocks": ids(e.Links[pc.Blocks])}
		case "task_progress":
			if e.Type == pc.Story {
				out[f] = taskProgress(env, e)
			}
		}
	}
	return nil
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
