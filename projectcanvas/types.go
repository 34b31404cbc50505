package projectcanvas

import (
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
