package tools

import (
	"context"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// A direction of navigation: how to step from one entity to the next.
// Relation directions read one side of a relation pair from the entities of
// the holding type (a document's documents) and the other side from every
// other entity (a task's documented_by), so a direction gives the same
// neighbours whichever end it starts from.
type direction struct {
	name string
	// levels: the direction can be followed for depth levels.
	levels bool
	next   func(env *Env, e *pc.Entity) []pc.ID
}

// pairSide steps along relation r from entities of type holder, and along
// its inverse from any other type.
func pairSide(r pc.Relation, holder pc.Type) func(*Env, *pc.Entity) []pc.ID {
	return func(_ *Env, e *pc.Entity) []pc.ID {
		if e.Type == holder {
			return e.Links[r]
		}
		return e.Links[r.Inverse()]
	}
}

func parentOf(_ *Env, e *pc.Entity) []pc.ID {
	if e.Parent == "" {
		return nil
	}
	return []pc.ID{e.Parent}
}

func childrenOf(env *Env, e *pc.Entity) []pc.ID { return env.Project.Children(e.ID) }

func link(r pc.Relation) func(*Env, *pc.Entity) []pc.ID {
	return func(_ *Env, e *pc.Entity) []pc.ID { return e.Links[r] }
}

var directions = []direction{
	{"parent", true, parentOf},
	{"children", true, childrenOf},
	{"dependencies", true, link(pc.DependsOn)},
	{"dependents", true, link(pc.Blocks)},
	{"documents", false, pairSide(pc.Documents, pc.Document)},
	{"decisions", false, pairSide(pc.Affects, pc.Decision)},
	{"features", false, pairSide(pc.ImplementedBy, pc.Feature)},
	{"implemented_by", false, link(pc.ImplementedBy)},
	{"siblings", false, func(env *Env, e *pc.Entity) []pc.ID {
		if e.Parent == "" {
			return nil
		}
		return env.Project.Children(e.Parent)
	}},
	{"up", true, parentOf},
	{"down", true, childrenOf},
}

func directionNames() []string {
	out := make([]string, len(directions))
	for i, d := range directions {
		out[i] = d.name
	}
	return out
}

func navigate(ctx context.Context, env *Env, a *searchArgs, f *filter, fields []string) (map[string]any, error) {
	if a.FromID == "" {
		return nil, pc.Errorf(pc.CodeMissingField, "direction needs from_id").With("field", "from_id")
	}
	var dir *direction
	for i := range directions {
		if directions[i].name == a.Direction {
			dir = &directions[i]
		}
	}
	if dir == nil {
		return nil, pc.Errorf(pc.CodeMissingField, "from_id needs a direction (one of %s)", strings.Join(directionNames(), ", ")).With("field", "direction")
	}
	origin, err := env.Project.Get(a.FromID)
	if err != nil {
		return nil, pc.AsError(err).With("field", "from_id")
	}
	depth := 1
	if dir.levels {
		depth = a.Depth
	}
	n := navigator{p: env.Project, seen: map[pc.ID]bool{origin.ID: true}}
	n.walk(origin, depth, func(e *pc.Entity) []pc.ID { return dir.next(env, e) })
	var matches []scored
	for i, e := range n.found {
		if f.keep(e) {
			matches = append(matches, scored{e, 1 / float64(n.depth[i])})
		}
	}
	out, err := pageOf(ctx, env, a, matches, fields, false)
	if err != nil {
		return nil, err
	}
	out["origin"] = map[string]any{"id": string(origin.ID), "type": string(origin.Type), "title": origin.Title, "status": string(origin.Status)}
	return out, nil
}

// navigator collects entities reached from an origin, each once, in the
// order found (breadth first), with the level each was found at.
type navigator struct {
	p     *pc.Project
	seen  map[pc.ID]bool
	found []*pc.Entity
	depth []int
}

func (n *navigator) add(ids []pc.ID, level int) []*pc.Entity {
	var added []*pc.Entity
	for _, id := range ids {
		if n.seen[id] {
			continue
		}
		n.seen[id] = true
		if e, err := n.p.Get(string(id)); err == nil {
			n.found = append(n.found, e)
			n.depth = append(n.depth, level)
			added = append(added, e)
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
			nextLevel = append(nextLevel, n.add(next(e), d+1)...)
		}
		level = nextLevel
	}
}
