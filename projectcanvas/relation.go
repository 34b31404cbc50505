package projectcanvas

import "github.com/projectcanvas/projectcanvas/graph"

// Relation names one side of a stored relation pair. Both sides of every pair
// are written to the files of the two entities on every change, so that a
// reader of either file sees the link.
//
// The pairs, their field names and the types allowed on each side are the
// ones of graph.Pairs, the project's one table of relations: Relation is
// only a compact index into it (Relation/2 is the pair, Relation%2 the side).
type Relation int

// The eight stored relation fields, forward side then inverse side, in the
// order of graph.Pairs.
const (
	DependsOn Relation = iota
	Blocks
	Implements
	ImplementedBy
	Documents
	DocumentedBy
	Affects
	DecidedBy
	relationCount
)

// Relations lists every stored relation field.
var Relations = []Relation{DependsOn, Blocks, Implements, ImplementedBy, Documents, DocumentedBy, Affects, DecidedBy}

// relationHolders holds, per relation, the types allowed to hold it (nil:
// any), converted once from graph.Pairs so Holders does not allocate.
var relationHolders = func() (out [relationCount][]Type) {
	for i, p := range graph.Pairs {
		out[2*i], out[2*i+1] = typesOf(p.Sources), typesOf(p.Targets)
	}
	return out
}()

func typesOf(names []string) []Type {
	if names == nil {
		return nil
	}
	out := make([]Type, len(names))
	for i, n := range names {
		out[i] = Type(n)
	}
	return out
}

func (r Relation) pair() graph.Pair { return graph.Pairs[r/2] }

// Field is the front matter key of the relation.
func (r Relation) Field() string {
	if r.Forward() {
		return r.pair().Forward
	}
	return r.pair().Inverse
}

// Inverse is the other side of the pair: Blocks for DependsOn and so on.
func (r Relation) Inverse() Relation { return r ^ 1 }

// Forward reports whether r is the side a user normally writes (depends_on,
// implements, documents, affects).
func (r Relation) Forward() bool { return r%2 == 0 }

// Holders lists the types that may hold relation r (nil: any type). The
// slice is shared: do not change it.
func (r Relation) Holders() []Type { return relationHolders[r] }

// Targets lists the types relation r may point to (nil: any type).
func (r Relation) Targets() []Type { return r.Inverse().Holders() }

// relationByField maps a front matter key to its relation.
func relationByField(field string) (Relation, bool) {
	for _, r := range Relations {
		if r.Field() == field {
			return r, true
		}
	}
	return 0, false
}

// allowed reports whether an entity of type from may hold relation r to an
// entity of type to.
func (r Relation) allowed(from, to Type) bool {
	return graph.Allows(r.Field(), string(from), string(to))
}

// rule explains in words why a link of r was refused.
func (r Relation) rule() string { return r.pair().Rule }
