package projectcanvas

import "slices"

// transitions lists, per lifecycle, the statuses each status may move to.
// Milestones, stories and tasks share the work lifecycle, listed under
// Task (see next). A list, not a map of maps: it is short, and a map
// literal of slices is kilobytes of initialization code in the
// WebAssembly build.
var transitions = []struct {
	t    Type
	from Status
	to   []Status
}{
	{Task, NotStarted, []Status{InProgress, Blocked, Deferred}},
	{Task, InProgress, []Status{Completed, Blocked, NotStarted, Deferred}},
	{Task, Blocked, []Status{InProgress, NotStarted}},
	{Task, Completed, []Status{InProgress}},
	{Task, Deferred, []Status{NotStarted, InProgress}},
	{Decision, Pending, []Status{Decided}},
	{Decision, Decided, []Status{Superseded, Pending}},
	{Decision, Superseded, []Status{}},
	{Document, Draft, []Status{Review}},
	{Document, Review, []Status{Draft, Approved}},
	{Document, Approved, []Status{Superseded, Draft}},
	{Document, Superseded, []Status{}},
	{Feature, Planned, []Status{InProgress, Deferred}},
	{Feature, InProgress, []Status{Complete, Deferred, Planned}},
	{Feature, Deferred, []Status{Planned}},
	{Feature, Complete, []Status{InProgress}},
}

// next returns the statuses an entity of type t may move to from from, nil
// for a status t does not have. The caller must not change the list.
func next(t Type, from Status) []Status {
	if t == Milestone || t == Story {
		t = Task
	}
	for _, tr := range transitions {
		if tr.t == t && tr.from == from {
			return tr.to
		}
	}
	return nil
}

// CanTransition reports whether an entity of type t may move from one status
// to another. Staying in the same status is always allowed.
func CanTransition(t Type, from, to Status) bool {
	return from == to || slices.Contains(next(t, from), to)
}

// NextStatuses lists the statuses an entity of type t may move to from s.
func NextStatuses(t Type, from Status) []Status { return slices.Clone(next(t, from)) }

func checkTransition(t Type, id ID, from, to Status) error {
	if CanTransition(t, from, to) {
		return nil
	}
	return Errorf(CodeInvalidTransition, "%s cannot move from %s to %s (allowed: %s)", id, from, to, joinStatuses(next(t, from))).
		With("id", id).With("from", from).With("to", to).With("allowed", NextStatuses(t, from))
}
