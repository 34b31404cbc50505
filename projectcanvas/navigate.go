package projectcanvas

import (
	"slices"

	"github.com/projectcanvas/projectcanvas/graph"
)

// Navigation: the one rule that answers "the neighbours of X in direction
// D". search_entities' directions, the editor's navigate-to-* commands,
// feature coverage and the canvas all ask it, so that they never disagree.
//
// Both sides of a relation pair count. Every change writes both sides, but
// a hand edit, a sync or a merge may leave a link on one side only: a task
// whose depends_on names T-001 depends on it whether or not T-001's blocks
// names the task. Ids that name no entity (dangling links, reported by
// validate_project) are dropped, as are links between types the pair does
// not allow (a task "implementing" a story). The answer is sorted by id and
// holds each id once.

// Direction is a way to step from an entity to its neighbours.
type Direction string

// The directions. Relation directions read the pair from the side of the
// entity they start at: documents of a task are the documents that document
// it; documents of a document are the entities it documents.
const (
	ToParent        Direction = "parent"
	ToChildren      Direction = "children"
	ToSiblings      Direction = "siblings" // the other children of the parent
	ToDependencies  Direction = "dependencies"
	ToDependents    Direction = "dependents"
	ToDocuments     Direction = "documents"
	ToDecisions     Direction = "decisions"
	ToFeatures      Direction = "features"
	ToImplementedBy Direction = "implemented_by" // of a feature: what implements it
)

// Directions lists every Direction.
var Directions = []Direction{ToParent, ToChildren, ToSiblings, ToDependencies, ToDependents,
	ToDocuments, ToDecisions, ToFeatures, ToImplementedBy}

// relation is the relation field direction d follows from an entity of
// type t, false for the hierarchy directions.
func (d Direction) relation(t Type) (Relation, bool) {
	side := func(holder Type, forward Relation) Relation {
		if t == holder {
			return forward
		}
		return forward.Inverse()
	}
	switch d {
	case ToDependencies:
		return DependsOn, true
	case ToDependents:
		return Blocks, true
	case ToDocuments:
		return side(Document, Documents), true
	case ToDecisions:
		return side(Decision, Affects), true
	case ToFeatures:
		return side(Feature, ImplementedBy), true
	case ToImplementedBy:
		return ImplementedBy, true
	}
	return 0, false
}

// Graph is the entities of one moment with their links readable from both
// ends. Project.Graph gives the project's current one; NewGraph builds one
// from any entities (an analysis of a snapshot).
type Graph struct {
	all      []*Entity // in id order
	byID     map[ID]*Entity
	children map[ID][]ID
	// linkedFrom[x][r] lists the entities whose relation r names x.
	linkedFrom map[ID]*[relationCount][]ID
}

// NewGraph indexes entities (in any order; ids must be unique).
func NewGraph(entities []*Entity) *Graph {
	if !slices.IsSortedFunc(entities, func(a, b *Entity) int { return compareIDs(a.ID, b.ID) }) {
		entities = slices.Clone(entities)
		slices.SortFunc(entities, func(a, b *Entity) int { return compareIDs(a.ID, b.ID) })
	}
	g := &Graph{all: entities, byID: make(map[ID]*Entity, len(entities)), children: map[ID][]ID{}, linkedFrom: map[ID]*[relationCount][]ID{}}
	for _, e := range entities {
		g.byID[e.ID] = e
	}
	for _, e := range entities {
		if e.Parent != "" {
			g.children[e.Parent] = append(g.children[e.Parent], e.ID)
		}
		for r, ids := range e.Links {
			for _, id := range ids {
				from := g.linkedFrom[id]
				if from == nil {
					from = new([relationCount][]ID)
					g.linkedFrom[id] = from
				}
				from[r] = append(from[r], e.ID)
			}
		}
	}
	for _, kids := range g.children {
		slices.SortFunc(kids, compareIDs)
	}
	return g
}

// All returns the graph's entities in id order. The slice is shared: do not
// change it.
func (g *Graph) All() []*Entity { return g.all }

// Entity returns the entity with id, or nil.
func (g *Graph) Entity(id ID) *Entity { return g.byID[id] }

// Neighbours returns the ids of the entities one step from e in direction d
// (see the rule above), sorted by id. An unknown direction has none.
func (g *Graph) Neighbours(e *Entity, d Direction) []ID {
	var out []ID
	switch d {
	case ToParent:
		out = []ID{e.Parent}
	case ToChildren:
		out = g.children[e.ID]
	case ToSiblings:
		out = slices.DeleteFunc(slices.Clone(g.children[e.Parent]), func(id ID) bool { return id == e.ID || e.Parent == "" })
	default:
		r, ok := d.relation(e.Type)
		if !ok {
			return nil
		}
		var back []ID // the entities whose inverse relation names e
		if from := g.linkedFrom[e.ID]; from != nil {
			back = from[r.Inverse()]
		}
		out = make([]ID, 0, len(e.Links[r])+len(back)) // one allocation for both
		out = append(append(out, e.Links[r]...), back...)
		out = slices.DeleteFunc(out, func(id ID) bool {
			o := g.byID[id]
			return o == nil || !graph.Allows(r.Field(), string(e.Type), string(o.Type))
		})
		if len(out) == 0 {
			return nil
		}
		slices.SortFunc(out, compareIDs)
		return slices.Compact(out)
	}
	out = slices.DeleteFunc(slices.Clone(out), func(id ID) bool { return g.byID[id] == nil })
	if len(out) == 0 {
		return nil
	}
	return out
}

// Graph returns the project's entities as a Graph, built once per state of
// the index. Like All, it is shared: do not change what it returns.
// The graph is built without the write lock, which would hold off every
// reader and writer meanwhile, and kept if no write came in between.
func (p *Project) Graph() *Graph {
	p.mu.RLock()
	idx, g, gen := p.idx, p.idx.graph, p.idx.gen
	p.mu.RUnlock()
	if g != nil {
		return g
	}
	g = NewGraph(p.All())
	p.mu.Lock()
	if p.idx == idx && idx.gen == gen && idx.graph == nil {
		p.idx.graph = g
	}
	p.mu.Unlock()
	return g
}
