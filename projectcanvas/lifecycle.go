package projectcanvas

import "slices"

// transitions lists, per type, the statuses each status may move to.
var transitions = map[Type]map[Status][]Status{
	Milestone: workTransitions,
	Story:     workTransitions,
	Task:      workTransitions,
	Decision: {
		Pending:    {Decided},
		Decided:    {Superseded, Pending},
		Superseded: {},
	},
	Document: {
		Draft:      {Review},
		Review:     {Draft, Approved},
		Approved:   {Superseded, Draft},
		Superseded: {},
	},
	Feature: {
		Planned:    {InProgress, Deferred},
		InProgress: {Complete, Deferred, Planned},
		Deferred:   {Planned},
		Complete:   {InProgress},
	},
}

var workTransitions = map[Status][]Status{
	NotStarted: {InProgress, Blocked, Deferred},
	InProgress: {Completed, Blocked, NotStarted, Deferred},
	Blocked:    {InProgress, NotStarted},
	Completed:  {InProgress},
	Deferred:   {NotStarted, InProgress},
}

// CanTransition reports whether an entity of type t may move from one status
// to another. Staying in the same status is always allowed.
func CanTransition(t Type, from, to Status) bool {
	return from == to || slices.Contains(transitions[t][from], to)
}

// NextStatuses lists the statuses an entity of type t may move to from s.
func NextStatuses(t Type, from Status) []Status { return slices.Clone(transitions[t][from]) }

func checkTransition(t Type, id ID, from, to Status) error {
	if CanTransition(t, from, to) {
		return nil
	}
	return Errorf(CodeInvalidTransition, "%s cannot move from %s to %s (allowed: %s)", id, from, to, joinStatuses(transitions[t][from])).
		With("id", id).With("from", from).With("to", to).With("allowed", NextStatuses(t, from))
}
