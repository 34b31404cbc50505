package reconcile

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/projectcanvas/projectcanvas/graph"
	"github.com/projectcanvas/projectcanvas/internal/ptrsort"
)

// Entity is what reconcile needs of one entity: its identity and the
// references it stores.
type Entity struct {
	ID   string
	Type string // graph.Milestone, graph.Story, ...
	// Parent is the parent id as read; "" when unset or unreadable.
	Parent string
	// ParentList holds the entries of a parent written as a list, which a
	// reader cannot take as the parent; nil when parent is a plain value.
	ParentList []string
	// Children is a stored children list, if the file has one. The parent
	// of each child is the truth; this list only helps to repair a child
	// that lost its parent.
	Children []string
	// Links maps a relation field (graph.Fields) to the ids it holds.
	Links map[string][]string
}

// Kinds of fix.
const (
	AddInverse   = "add_inverse"   // add the missing side of a relation
	DropDangling = "drop_dangling" // remove an id that names no entity
	DropSelf     = "drop_self"     // remove a reference of an entity to itself
	RepairParent = "repair_parent" // set parent to one id
)

// Fix is one change to one entity's file.
type Fix struct {
	Kind   string `json:"kind"`
	Entity string `json:"entity"` // the entity whose file changes
	Field  string `json:"field"`
	// ID is the id added to or removed from Field, or the new parent.
	ID string `json:"id"`
	// Because names the entity whose link the fix mirrors (add_inverse) or
	// that named the child (repair_parent from a children list).
	Because string `json:"because,omitempty"`
}

// String reads like a line of the editor's summary.
func (f Fix) String() string {
	switch f.Kind {
	case AddInverse:
		return fmt.Sprintf("%s: add %s to %s (mirrors %s)", f.Entity, f.ID, f.Field, f.Because)
	case DropDangling:
		return fmt.Sprintf("%s: remove %s from %s (no such entity)", f.Entity, f.ID, f.Field)
	case DropSelf:
		return fmt.Sprintf("%s: remove %s from %s (refers to itself)", f.Entity, f.ID, f.Field)
	}
	return fmt.Sprintf("%s: set %s to %s", f.Entity, f.Field, f.ID)
}

// Kinds of problem.
const (
	TypeMismatch    = "type_mismatch"    // a link the type rules forbid
	ParentType      = "parent_type"      // parent of the wrong type, or on a type without one
	ParentMissing   = "parent_missing"   // a story or task without a parent
	ParentDangling  = "parent_dangling"  // parent names no entity
	Cycle           = "cycle"            // a depends_on cycle
	DuplicateEntity = "duplicate_entity" // two entities with one id
)

// Problem is something reconcile reports but does not fix.
type Problem struct {
	Kind    string   `json:"kind"`
	Entity  string   `json:"entity"`
	Field   string   `json:"field"`
	IDs     []string `json:"ids,omitempty"` // the ids involved; for a cycle its path
	Message string   `json:"message"`
}

// Result is the outcome of Plan.
type Result struct {
	Fixes    []Fix     `json:"fixes"`
	Problems []Problem `json:"problems"`
	// Held lists fixes not proposed because an entity they touch is on a
	// dependency cycle; they come back once the cycle is broken.
	Held []Fix `json:"held,omitempty"`
}

// Plan computes the fixes that make the entities' relations consistent, and
// the problems it cannot fix. The result is sorted (by entity, field, id), so
// the same input always gives the same output.
func Plan(entities []Entity) Result {
	p := newPlanner(entities)
	for i := range p.es {
		p.hierarchy(i)
		p.relations(i)
	}
	p.cycles()
	p.sort()
	return p.res
}

type planner struct {
	es  []Entity
	at  map[string]int // id -> position in es
	res Result
	// planned avoids proposing one fix twice (both sides of a pair missing
	// the same link are seen from one side only, but a link can be listed
	// twice).
	planned map[Fix]bool
	claims  map[string][]string // child id -> entities whose children list names it
}

func newPlanner(es []Entity) *planner {
	p := &planner{es: es, at: make(map[string]int, len(es)), planned: map[Fix]bool{}}
	for i, e := range es {
		if _, dup := p.at[e.ID]; dup {
			p.problem(Problem{Kind: DuplicateEntity, Entity: e.ID, Field: "id", Message: e.ID + " is held by two files"})
			continue
		}
		p.at[e.ID] = i
		for _, c := range e.Children {
			if p.claims == nil {
				p.claims = map[string][]string{}
			}
			p.claims[c] = append(p.claims[c], e.ID)
		}
	}
	return p
}

func (p *planner) fix(f Fix) {
	if !p.planned[f] {
		p.planned[f] = true
		p.res.Fixes = append(p.res.Fixes, f)
	}
}

func (p *planner) problem(pr Problem) { p.res.Problems = append(p.res.Problems, pr) }

func (p *planner) lookup(id string) (*Entity, bool) {
	i, ok := p.at[id]
	if !ok {
		return nil, false
	}
	return &p.es[i], true
}

// relations checks every link of entity i against its target.
func (p *planner) relations(i int) {
	e := &p.es[i]
	for _, pair := range graph.Pairs {
		p.side(e, pair, pair.Forward, pair.Inverse)
		p.side(e, pair, pair.Inverse, pair.Forward)
	}
}

// side checks the ids entity e holds in field, one side of pair.
func (p *planner) side(e *Entity, pair graph.Pair, field, inverse string) {
	for _, id := range e.Links[field] {
		switch other, ok := p.lookup(id); {
		case id == e.ID:
			p.fix(Fix{Kind: DropSelf, Entity: e.ID, Field: field, ID: id})
		case !ok:
			p.fix(Fix{Kind: DropDangling, Entity: e.ID, Field: field, ID: id})
		case !graph.Allows(field, e.Type, other.Type):
			p.problem(Problem{Kind: TypeMismatch, Entity: e.ID, Field: field, IDs: []string{id},
				Message: fmt.Sprintf("a %s cannot hold %s %s, a %s (%s)", e.Type, field, id, other.Type, pair.Rule)})
		case !slices.Contains(other.Links[inverse], e.ID):
			p.fix(Fix{Kind: AddInverse, Entity: other.ID, Field: inverse, ID: e.ID, Because: e.ID})
		}
	}
}

// hierarchy checks the parent of entity i and the children it lists.
func (p *planner) hierarchy(i int) {
	e := &p.es[i]
	want := graph.ParentType(e.Type)
	parent := e.Parent
	if e.ParentList != nil && parent == "" {
		parent = p.repairList(e, want)
	}
	switch other, ok := p.lookup(parent); {
	case parent == "" && want != "":
		if from := p.claimedBy(e, want); from != "" {
			p.fix(Fix{Kind: RepairParent, Entity: e.ID, Field: "parent", ID: from, Because: from})
		} else if e.ParentList == nil {
			p.problem(Problem{Kind: ParentMissing, Entity: e.ID, Field: "parent", Message: fmt.Sprintf("a %s needs a parent %s", e.Type, want)})
		}
	case parent == "":
	case want == "":
		p.problem(Problem{Kind: ParentType, Entity: e.ID, Field: "parent", IDs: []string{parent},
			Message: fmt.Sprintf("a %s has no parent; only stories and tasks do", e.Type)})
	case !ok:
		p.problem(Problem{Kind: ParentDangling, Entity: e.ID, Field: "parent", IDs: []string{parent},
			Message: fmt.Sprintf("parent %s names no entity", parent)})
	case other.Type != want:
		p.problem(Problem{Kind: ParentType, Entity: e.ID, Field: "parent", IDs: []string{parent},
			Message: fmt.Sprintf("the parent of a %s must be a %s, and %s is a %s", e.Type, want, parent, other.Type)})
	}
}

// repairList picks the parent out of a parent written as a list: the first
// entry that names an entity of the right type. It proposes the fix and
// returns the parent, or reports the list and returns "".
func (p *planner) repairList(e *Entity, want string) string {
	for _, id := range e.ParentList {
		if other, ok := p.lookup(id); ok && want != "" && other.Type == want {
			p.fix(Fix{Kind: RepairParent, Entity: e.ID, Field: "parent", ID: id})
			return id
		}
	}
	p.problem(Problem{Kind: ParentType, Entity: e.ID, Field: "parent", IDs: slices.Clone(e.ParentList),
		Message: fmt.Sprintf("parent is written as a list and no entry is a %s that exists", cmp.Or(want, "valid parent"))})
	return ""
}

// claimedBy returns the one entity of type want whose children list names
// e, or "" when none or several do.
func (p *planner) claimedBy(e *Entity, want string) string {
	found := ""
	for _, id := range p.claims[e.ID] {
		if o, _ := p.lookup(id); o != nil && o.Type == want && o.ID != found {
			if found != "" {
				return ""
			}
			found = o.ID
		}
	}
	return found
}

// cycles reports the dependency cycles (an edge is stated by either side)
// and holds back the dependency fixes that touch an entity on one.
func (p *planner) cycles() {
	var edges []graph.Edge
	for i, e := range p.es {
		for _, id := range e.Links["depends_on"] {
			if j, ok := p.at[id]; ok && j != i { // a self link is dropped, not a cycle
				edges = append(edges, graph.Edge{From: i, To: j})
			}
		}
		for _, id := range e.Links["blocks"] {
			if j, ok := p.at[id]; ok && j != i {
				edges = append(edges, graph.Edge{From: j, To: i})
			}
		}
	}
	g := graph.New(len(p.es), edges)
	onCycle := map[string]bool{}
	for _, path := range g.Cycles() {
		ids := make([]string, len(path))
		for k, v := range path {
			ids[k] = p.es[v].ID
			onCycle[ids[k]] = true
		}
		p.problem(Problem{Kind: Cycle, Entity: ids[0], Field: "depends_on", IDs: ids,
			Message: "dependency cycle: " + joinPath(ids)})
	}
	if len(onCycle) == 0 {
		return
	}
	kept := p.res.Fixes[:0]
	for _, f := range p.res.Fixes {
		dep := f.Field == "depends_on" || f.Field == "blocks"
		if f.Kind == AddInverse && dep && (onCycle[f.Entity] || onCycle[f.ID]) {
			p.res.Held = append(p.res.Held, f)
			continue
		}
		kept = append(kept, f)
	}
	p.res.Fixes = kept
}

func joinPath(ids []string) string {
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += " -> "
		}
		s += id
	}
	return s
}

func (p *planner) sort() {
	byFix := func(a, b *Fix) int {
		return cmp.Or(cmp.Compare(a.Entity, b.Entity), cmp.Compare(a.Field, b.Field), cmp.Compare(a.ID, b.ID), cmp.Compare(a.Kind, b.Kind))
	}
	ptrsort.Func(p.res.Fixes, byFix)
	ptrsort.Func(p.res.Held, byFix)
	ptrsort.StableFunc(p.res.Problems, func(a, b *Problem) int {
		return cmp.Or(cmp.Compare(a.Entity, b.Entity), cmp.Compare(a.Field, b.Field), cmp.Compare(a.Kind, b.Kind))
	})
	if p.res.Fixes == nil {
		p.res.Fixes = []Fix{}
	}
	if p.res.Problems == nil {
		p.res.Problems = []Problem{}
	}
}
