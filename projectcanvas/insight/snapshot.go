package insight

import (
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// snapshot indexes the entities of one analysis by id. Positions follow id
// order, so lists built by walking positions come out sorted.
type snapshot struct {
	all   []*pc.Entity
	index map[pc.ID]int32
	arena []pc.ID // see alloc
}

func newSnapshot(entities []*pc.Entity) *snapshot {
	all := entities
	// Project.All is already in id order; sorting again would cost more than
	// the analyses themselves on a large vault, so only check.
	if !slices.IsSortedFunc(all, byID) {
		all = slices.Clone(entities)
		slices.SortFunc(all, byID)
	}
	index := make(map[pc.ID]int32, len(all))
	for i, e := range all {
		index[e.ID] = int32(i)
	}
	return &snapshot{all: all, index: index}
}

// lookup returns the position of id, or -1 when no entity has it.
func (s *snapshot) lookup(id pc.ID) int32 {
	if i, ok := s.index[id]; ok {
		return i
	}
	return -1
}

func byID(a, b *pc.Entity) int { return compareIDs(a.ID, b.ID) }

// compareIDs is the id order of Project.All.
var compareIDs = pc.CompareIDs

// isWork reports whether e takes part in the milestone > story > task
// lifecycle, the only one with Blocked and stale In Progress work.
func isWork(e *pc.Entity) bool { return e.Type.Hierarchical() }

// isCompleted reports the statuses include_completed=false leaves out: work
// that is done, as opposed to dropped (Deferred, Superseded).
func isCompleted(s pc.Status) bool {
	switch s {
	case pc.Completed, pc.Complete, pc.Decided, pc.Approved:
		return true
	}
	return false
}

// lastUpdated and parseTime are the project's one "last updated" rule and
// one timestamp parser.
func lastUpdated(e *pc.Entity) string { return e.LastUpdated() }

var parseTime = pc.ParseTime

// inWorkstream matches e against a normalized workstream filter; "" matches
// everything and "unassigned" the entities without a workstream.
func inWorkstream(e *pc.Entity, ws string) bool {
	switch ws {
	case "":
		return true
	case Unassigned:
		return e.Workstream == ""
	}
	return e.Workstream == ws
}

// ids converts positions back to ids.
func (s *snapshot) ids(pos []int32) []pc.ID {
	out := s.alloc(len(pos))
	for i, p := range pos {
		out[i] = s.all[p].ID
	}
	return out
}

// alloc returns a list of n ids carved from a shared block. Results hold
// thousands of short id lists (blocked_by, blocking, risk entities); one
// allocation per block instead of one per list keeps the garbage collector
// out of the way on a large vault. Lists are capped, so appending to one
// copies it instead of overwriting its neighbour.
func (s *snapshot) alloc(n int) []pc.ID {
	if n == 0 {
		return []pc.ID{}
	}
	if len(s.arena) < n {
		s.arena = make([]pc.ID, max(n, 1024))
	}
	out := s.arena[:n:n]
	s.arena = s.arena[n:]
	return out
}
