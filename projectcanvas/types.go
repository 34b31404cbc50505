package projectcanvas

import (
	"fmt"
	"strconv"
	"strings"
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

// Folder is the folder new entities of the type are written to, under the
// projects folder.
func (t Type) Folder() string { return typeInfo[t].folder }

// Hierarchical reports whether the type takes part in the
// milestone > story > task hierarchy and its shared lifecycle.
func (t Type) Hierarchical() bool { return t == Milestone || t == Story || t == Task }

// ParentType is the type a parent must have: story for a task, milestone for
// a story, and "" for every other type.
func (t Type) ParentType() Type {
	switch t {
	case Story:
		return Milestone
	case Task:
		return Story
	}
	return ""
}

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
	if ok {
		prefix = strings.ToUpper(prefix)
		for t, info := range typeInfo {
			if info.prefix != prefix || len(num) < 3 {
				continue
			}
			n, err := strconv.Atoi(num)
			// Past three digits no leading zero: T-0004 would be a second T-004.
			if err != nil || n < 0 || num[0] == '+' || num[0] == '-' || len(num) > 3 && num[0] == '0' {
				break
			}
			return ID(prefix + "-" + num), t, n, nil
		}
	}
	return "", "", 0, Errorf(CodeInvalidArgument, "%q is not an entity id (like M-001, S-001, T-001, DEC-001, DOC-001 or F-001)", s)
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
