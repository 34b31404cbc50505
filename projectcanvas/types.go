package projectcanvas

import (
	"fmt"
	"strings"

	"github.com/projectcanvas/projectcanvas/graph"
)

// Type is an entity type.
type Type string

// The six entity types.
const (
	Milestone Type = "milestone"
	Story     Type = "story"
	Task      Type = "task"
	Decision  Type = "decision"
	Document  Type = "document"
	Feature   Type = "feature"
)

// Types lists every entity type in the order used for output.
var Types = []Type{Milestone, Story, Task, Decision, Document, Feature}

var typeInfo = map[Type]struct {
	prefix string
	folder string
}{
	Milestone: {"M", "milestones"},
	Story:     {"S", "stories"},
	Task:      {"T", "tasks"},
	Decision:  {"DEC", "decisions"},
	Document:  {"DOC", "documents"},
	Feature:   {"F", "features"},
}

// ParseType accepts a type name in any case, singular or plural.
func ParseType(s string) (Type, error) {
	t := Type(strings.ToLower(strings.TrimSpace(s)))
	if _, ok := typeInfo[t]; ok {
		return t, nil
	}
	for typ, info := range typeInfo {
		if string(t) == info.folder {
			return typ, nil
		}
	}
	return "", Errorf(CodeInvalidArgument, "unknown entity type %q (want one of milestone, story, task, decision, document, feature)", s).With("field", "type")
}

// Valid reports whether t is one of the six types.
func (t Type) Valid() bool { _, ok := typeInfo[t]; return ok }

// Prefix is the id prefix of the type: M, S, T, DEC, DOC or F.
func (t Type) Prefix() string { return typeInfo[t].prefix }

// IDPattern is a regular expression matching the ids of the type, as in
// ^M-\d{3,}$.
func (t Type) IDPattern() string { return "^" + t.Prefix() + `-\d{3,}$` }

// Folder is the folder new entities of the type are written to, under the
// projects folder.
func (t Type) Folder() string { return typeInfo[t].folder }

// Hierarchical reports whether the type takes part in the
// milestone > story > task hierarchy and its shared lifecycle.
func (t Type) Hierarchical() bool { return graph.Hierarchical(string(t)) }

// ParentType is the type a parent must have: story for a task, milestone for
// a story, and "" for every other type.
func (t Type) ParentType() Type { return Type(graph.ParentType(string(t))) }

// ID identifies an entity: a type prefix and a sequence number, as in T-004
// or DEC-012. Numbers are zero-padded to three digits and grow past 999.
type ID string

// NewID formats the id of the n-th entity of type t.
func NewID(t Type, n int) ID { return ID(fmt.Sprintf("%s-%03d", t.Prefix(), n)) }

// ParseID validates s as an id and returns it in canonical form (upper-case
// prefix). It also tells the type and the number.
func ParseID(s string) (ID, Type, int, error) {
	s = strings.TrimSpace(s)
	prefix, num, ok := strings.Cut(s, "-")
	t := typeOfPrefix(prefix)
	// Three digits at least; past three no leading zero, or T-0004 would be
	// a second T-004.
	n, digits := 0, true
	for i := 0; i < len(num); i++ {
		c := num[i]
		digits = digits && c >= '0' && c <= '9'
		n = n*10 + int(c-'0')
	}
	if !ok || t == "" || !digits || len(num) < 3 || len(num) > 3 && num[0] == '0' || len(num) > 9 {
		return "", "", 0, Errorf(CodeInvalidArgument, "%q is not an entity id (like M-001, S-001, T-001, DEC-001, DOC-001 or F-001)", s)
	}
	if prefix != t.Prefix() {
		s = t.Prefix() + "-" + num
	}
	return ID(s), t, n, nil
}

// typeOfPrefix maps an id prefix, in any case, to its type.
func typeOfPrefix(p string) Type {
	switch {
	case strings.EqualFold(p, "T"):
		return Task
	case strings.EqualFold(p, "S"):
		return Story
	case strings.EqualFold(p, "M"):
		return Milestone
	case strings.EqualFold(p, "F"):
		return Feature
	case strings.EqualFold(p, "DEC"):
		return Decision
	case strings.EqualFold(p, "DOC"):
		return Document
	}
	return ""
}

// Type is the type the id's prefix names, or "" for a malformed id.
func (id ID) Type() Type {
	_, t, _, err := ParseID(string(id))
	if err != nil {
		return ""
	}
	return t
}

// Number is the id's sequence number, or 0 for a malformed id.
func (id ID) Number() int {
	_, _, n, _ := ParseID(string(id))
	return n
}
