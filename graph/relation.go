package graph

import "slices"

// The entity types, as written in front matter.
const (
	Milestone = "milestone"
	Story     = "story"
	Task      = "task"
	Decision  = "decision"
	Document  = "document"
	Feature   = "feature"
)

// Pair is a stored relation: the forward field a user writes and the inverse
// field kept on the other entity.
type Pair struct {
	Forward string // depends_on, implements, documents, affects
	Inverse string // blocks, implemented_by, documented_by, decided_by
	// Sources lists the types that may hold the forward field; nil means any.
	Sources []string
	// Targets lists the types the forward field may point to; nil means any.
	Targets []string
	// Rule explains the type restriction in words, for error messages; ""
	// when any two types may be linked.
	Rule string
}

// Pairs is the table of the four relation pairs.
var Pairs = []Pair{
	{Forward: "depends_on", Inverse: "blocks"},
	{Forward: "implements", Inverse: "implemented_by",
		Sources: []string{Milestone, Story, Task}, Targets: []string{Feature},
		Rule: "only milestones, stories and tasks implement features"},
	{Forward: "documents", Inverse: "documented_by",
		Sources: []string{Document},
		Rule:    "only documents document other entities"},
	{Forward: "affects", Inverse: "decided_by",
		Sources: []string{Decision},
		Rule:    "only decisions affect other entities"},
}

// Fields lists the eight relation fields, each forward field followed by its
// inverse.
func Fields() []string {
	out := make([]string, 0, 2*len(Pairs))
	for _, p := range Pairs {
		out = append(out, p.Forward, p.Inverse)
	}
	return out
}

// Lookup finds the pair a relation field belongs to; forward reports whether
// field is the pair's forward side.
func Lookup(field string) (p Pair, forward, ok bool) {
	for _, p := range Pairs {
		switch field {
		case p.Forward:
			return p, true, true
		case p.Inverse:
			return p, false, true
		}
	}
	return Pair{}, false, false
}

// Inverse returns the field on the other side of field's pair: blocks for
// depends_on, depends_on for blocks. ok is false for a field that is not a
// relation.
func Inverse(field string) (inverse string, ok bool) {
	p, forward, ok := Lookup(field)
	switch {
	case !ok:
		return "", false
	case forward:
		return p.Inverse, true
	}
	return p.Forward, true
}

// Allows reports whether an entity of type from may hold field pointing to
// an entity of type to. For an inverse field the roles swap: a feature may
// hold implemented_by pointing to a task because a task may implement a
// feature. Unknown fields are not allowed.
func Allows(field, from, to string) bool {
	p, forward, ok := Lookup(field)
	if !ok {
		return false
	}
	if !forward {
		from, to = to, from
	}
	return admits(p.Sources, from) && admits(p.Targets, to)
}

func admits(types []string, t string) bool { return types == nil || slices.Contains(types, t) }

// hierarchy maps a child type to the type of its parent.
var hierarchy = map[string]string{Story: Milestone, Task: Story}

// ParentType is the type of the parent an entity of type child must have
// ("milestone" for a story, "story" for a task), "" for the types that have
// no parent.
func ParentType(child string) string { return hierarchy[child] }

// ChildType is the type of the children of parent ("story" for a milestone,
// "task" for a story), "" for the types that have none.
func ChildType(parent string) string {
	for c, p := range hierarchy {
		if p == parent {
			return c
		}
	}
	return ""
}

// Hierarchical reports whether entities of type t take part in the
// milestone > story > task hierarchy: they have a parent type or a child
// type. Decisions, documents and features stand beside it.
func Hierarchical(t string) bool { return ParentType(t) != "" || ChildType(t) != "" }
