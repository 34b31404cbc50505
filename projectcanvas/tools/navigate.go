package tools

import (
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func navigate(env *Env, a *searchArgs, f *filter, fields []string) (any, error) {
	if a.FromID == "" {
		return nil, pc.Errorf(pc.CodeMissingField, "direction needs from_id").With("field", "from_id")
	}
	if a.Direction == "" {
		return nil, pc.Errorf(pc.CodeMissingField, "from_id needs a direction (one of parent, children, dependencies, dependents, documents, decisions, features, siblings)").With("field", "direction")
	}
	origin, err := env.Project.Get(a.FromID)
	if err != nil {
		return nil, pc.AsError(err).With("field", "from_id")
	}
	depth := 1
	if a.Depth != nil {
		if *a.Depth < 0 {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "depth must be 0 (all levels) or more").With("field", "depth")
		}
		depth = *a.Depth
	}
	n := navigator{p: env.Project, seen: map[pc.ID]bool{origin.ID: true}}
	switch a.Direction {
	case "parent", "up":
		n.walk(origin, depth, func(e *pc.Entity) []pc.ID {
			if e.Parent == "" {
				return nil
			}
			return []pc.ID{e.Parent}
		})
	case "children", "down":
		n.walk(origin, depth, func(e *pc.Entity) []pc.ID { return env.Project.Children(e.ID) })
	case "dependencies":
		n.walk(origin, depth, func(e *pc.Entity) []pc.ID { return e.Links[pc.DependsOn] })
	case "dependents":
		n.walk(origin, depth, func(e *pc.Entity) []pc.ID { return e.Links[pc.Blocks] })
	case "documents":
		n.add(origin.Links[pc.DocumentedBy], origin.Links[pc.Documents])
	case "decisions":
		n.add(origin.Links[pc.DecidedBy], origin.Links[pc.Affects])
	case "features":
		n.add(origin.Links[pc.Implements])
	case "siblings":
		if origin.Parent != "" {
			n.add(env.Project.Children(origin.Parent))
		}
	default:
		return nil, pc.Errorf(pc.CodeInvalidArgument, "direction %q is not valid (want one of parent, children, dependencies, dependents, documents, decisions, features, siblings)", a.Direction).With("field", "direction")
	}
	var matches []*pc.Entity
	for _, e := range n.found {
		if f.keep(e) {
			matches = append(matches, e)
		}
	}
	out, err := pageOf(env, a, matches, nil, fields)
	if err != nil {
		return nil, err
	}
	out["origin"] = map[string]any{"id": string(origin.ID), "type": string(origin.Type), "title": origin.Title, "status": string(origin.Status)}
	return out, nil
}

// navigator collects entities reached from an origin, each once, in the
// order found (breadth first).
type navigator struct {
	p     *pc.Project
	seen  map[pc.ID]bool
	found []*pc.Entity
}

func (n *navigator) add(lists ...[]pc.ID) []*pc.Entity {
	var added []*pc.Entity
	for _, ids := range lists {
		for _, id := range ids {
			if n.seen[id] {
				continue
			}
			n.seen[id] = true
			if e, err := n.p.Get(string(id)); err == nil {
				n.found = append(n.found, e)
				added = append(added, e)
			}
		}
	}
	return added
}

// walk follows next from the origin for depth levels (0: until the end).
func (n *navigator) walk(origin *pc.Entity, depth int, next func(*pc.Entity) []pc.ID) {
	level := []*pc.Entity{origin}
	for d := 0; len(level) > 0 && (depth == 0 || d < depth); d++ {
		var nextLevel []*pc.Entity
		for _, e := range level {
			nextLevel = append(nextLevel, n.add(next(e))...)
		}
		level = nextLevel
	}
}
