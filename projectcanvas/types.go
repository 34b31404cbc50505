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

// typeTable gives each type its id prefix and folder, in the order of
// Types. A list: lookups by type or prefix compare a few short strings,
// cheaper than a map's hashing for the ids a vault's index parses by the
// ten thousand.
var typeTable = []typeInfo{
	{Milestone, "M", "milestones"},
	{Story, "S", "stories"},
	{Task, "T", "tasks"},
	{Decision, "DEC", "decisions"},
	{Document, "DOC", "documents"},
	{Feature, "F", "features"},
}

type typeInfo struct {
	t              Type
	prefix, folder string
}

// info returns the table's row of t, or an empty one.
func (t Type) info() typeInfo {
	for _, ti := range typeTable {
		if ti.t == t {
			return ti
		}
	}
	return typeInfo{}
}

// ParseType accepts a type name in any case, singular or plural.
func ParseType(s string) (Type, error) {
	t := Type(strings.ToLower(strings.TrimSpace(s)))
	for _, ti := range typeTable {
		if t == ti.t || string(t) == ti.folder {
			return ti.t, nil
		}
	}
	return "", Errorf(CodeInvalidArgument, "unknown entity type %q (want one of milestone, story, task, decision, document, feature)", s).With("field", "type")
}

// Valid reports whether t is one of the six types.
func (t Type) Valid() bool { return t.info().t != "" }

// Prefix is the id prefix of the type: M, S, T, DEC, DOC or F.
func (t Type) Prefix() string { return t.info().prefix }

// IDPattern is a regular expression matching the ids of the type, as in
// ^M-\d{3,}$.
func (t Type) IDPattern() string { return "^" + t.Prefix() + `-\d{3,}$` }

// Folder is the folder new entities of the type are written to, under the
// projects folder.
func (t Type) Folder() string { return t.info().folder }

// Hierarchical reports whether the type takes part in the
// milestone > story > task hierarchy and its shared lifecycle.
func (t Type) Hierarchical() bool { return graph.Hierarchical(string(t)) }

// ParentType is the type a parent must have: story for a task, milestone for
// a story, and "" for every other type.
func (t Type) ParentType() Type { return Type(graph.ParentType(string(t))) }
