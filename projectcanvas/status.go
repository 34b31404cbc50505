package projectcanvas

import (
	"slices"
	"strings"
)

// Status is a canonical status value, such as "In Progress".
type Status string

// The canonical statuses. Which apply depends on the type; see Statuses.
const (
	NotStarted Status = "Not Started"
	InProgress Status = "In Progress"
	Blocked    Status = "Blocked"
	Completed  Status = "Completed"
	Deferred   Status = "Deferred"

	Pending    Status = "Pending"
	Decided    Status = "Decided"
	Superseded Status = "Superseded"

	Draft    Status = "Draft"
	Review   Status = "Review"
	Approved Status = "Approved"

	Planned  Status = "Planned"
	Complete Status = "Complete"
)

var workStatuses = []Status{NotStarted, InProgress, Blocked, Completed, Deferred}

var statusesByType = map[Type][]Status{
	Milestone: workStatuses,
	Story:     workStatuses,
	Task:      workStatuses,
	Decision:  {Pending, Decided, Superseded},
	Document:  {Draft, Review, Approved, Superseded},
	Feature:   {Planned, InProgress, Complete, Deferred},
}

// Statuses lists the canonical statuses of type t, the initial one first.
func Statuses(t Type) []Status { return slices.Clone(statusesByType[t]) }

// InitialStatus is the status a new entity of type t starts in.
func InitialStatus(t Type) Status { return statusesByType[t][0] }

// statusAliases maps a folded spelling (lower case, no spaces, dashes or
// underscores) to the statuses it may mean, in order of preference. The first
// one valid for the type wins. A list, not a map: it is read only for a
// status not written as its canonical self, and a map literal this size is
// 16 KB of initialization code in the WebAssembly build.
var statusAliases = []struct {
	folded   string
	statuses []Status
}{
	{"notstarted", []Status{NotStarted, Planned, Pending, Draft}},
	{"todo", []Status{NotStarted, Planned, Pending, Draft}},
	{"new", []Status{NotStarted, Planned, Pending, Draft}},
	{"open", []Status{NotStarted, Planned, Pending, Draft}},
	{"backlog", []Status{NotStarted, Planned, Pending, Draft}},
	{"planned", []Status{Planned, NotStarted}},
	{"pending", []Status{Pending, NotStarted, Planned}},
	{"proposed", []Status{Pending, Draft}},
	{"draft", []Status{Draft}},
	{"inprogress", []Status{InProgress, Review}},
	{"wip", []Status{InProgress, Draft}},
	{"doing", []Status{InProgress}},
	{"started", []Status{InProgress}},
	{"active", []Status{InProgress}},
	{"ongoing", []Status{InProgress}},
	{"blocked", []Status{Blocked}},
	{"stuck", []Status{Blocked}},
	{"waiting", []Status{Blocked, Pending}},
	{"done", []Status{Completed, Complete, Decided, Approved}},
	{"complete", []Status{Completed, Complete}},
	{"completed", []Status{Completed, Complete}},
	{"finished", []Status{Completed, Complete}},
	{"closed", []Status{Completed, Complete}},
	{"resolved", []Status{Completed, Complete, Decided}},
	{"shipped", []Status{Complete, Completed}},
	{"deferred", []Status{Deferred}},
	{"onhold", []Status{Deferred}},
	{"hold", []Status{Deferred}},
	{"paused", []Status{Deferred}},
	{"postponed", []Status{Deferred}},
	{"later", []Status{Deferred}},
	{"cancelled", []Status{Deferred, Superseded}},
	{"canceled", []Status{Deferred, Superseded}},
	{"decided", []Status{Decided}},
	{"accepted", []Status{Decided, Approved}},
	{"agreed", []Status{Decided}},
	{"superseded", []Status{Superseded}},
	{"replaced", []Status{Superseded}},
	{"obsolete", []Status{Superseded}},
	{"deprecated", []Status{Superseded}},
	{"review", []Status{Review}},
	{"inreview", []Status{Review}},
	{"reviewing", []Status{Review}},
	{"approved", []Status{Approved}},
	{"published", []Status{Approved}},
	{"final", []Status{Approved}},
}

func foldStatus(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case ' ', '-', '_', '\t':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ParseStatus maps forgiving input (any case, spaces, dashes, underscores,
// and aliases such as todo, wip, doing, done, on hold) to the canonical status
// of type t. It fails with invalid_argument naming the valid values.
func ParseStatus(t Type, s string) (Status, error) {
	valid := statusesByType[t]
	if i := slices.Index(valid, Status(s)); i >= 0 {
		return valid[i], nil // as written in files: no folding (cold index)
	}
	folded := foldStatus(s)
	for _, st := range valid {
		if foldStatus(string(st)) == folded {
			return st, nil
		}
	}
	for _, a := range statusAliases {
		if a.folded != folded {
			continue
		}
		for _, st := range a.statuses {
			if slices.Contains(valid, st) {
				return st, nil
			}
		}
	}
	return "", Errorf(CodeInvalidArgument, "status %q is not valid for a %s (want one of %s)", s, t, joinStatuses(valid)).
		With("field", "status").With("allowed", valid)
}

func joinStatuses(sts []Status) string {
	parts := make([]string, len(sts))
	for i, s := range sts {
		parts[i] = string(s)
	}
	return strings.Join(parts, ", ")
}

// Finished reports whether s ends the work of an entity: Completed, Complete,
// Decided, Approved, Superseded or Deferred no longer need anything done.
func (s Status) Finished() bool {
	switch s {
	case Completed, Complete, Decided, Approved, Superseded, Deferred:
		return true
	}
	return false
}
