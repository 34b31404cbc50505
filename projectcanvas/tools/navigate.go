package tools

import (
	"context"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// A direction of navigation: a step of the core's one navigation rule
// (pc.Direction, both sides of every pair), under the name search_entities
// takes. up and down are aliases of parent and children.
type direction struct {
	name string
	step pc.Direction
	// levels: the direction can be followed for depth levels.
	levels bool
}

var directions = []direction{
	{"parent", pc.ToParent, true},
	{"children", pc.ToChildren, true},
	{"dependencies", pc.ToDependencies, true},
	{"dependents", pc.ToDependents, true},
	{"documents", pc.ToDocuments, false},
	{"decisions", pc.ToDecisions, false},
	{"features", pc.ToFeatures, false},
	{"implemented_by", pc.ToImplementedBy, false},
	{"siblings", pc.ToSiblings, false},
	{"up", pc.ToParent, true},
	{"down", pc.ToChildren, true},
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
	g := env.Project.Graph()
	n := navigator{g: g, seen: map[pc.ID]bool{origin.ID: true}}
	n.walk(origin, depth, func(e *pc.Entity) []pc.ID { return g.Neighbours(e, dir.step) })
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
	g     *pc.Graph
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
		if e := n.g.Entity(id); e != nil {
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
