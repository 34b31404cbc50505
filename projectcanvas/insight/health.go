package insight

import (
	"math"
	"slices"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// MaxStaleDays bounds AnalysisOptions.StaleDays: a hundred years. Larger
// values count as MaxStaleDays.
const MaxStaleDays = 36_500

// AnalysisOptions scopes an analysis.
type AnalysisOptions struct {
	Now        time.Time
	StaleDays  int    // In Progress work not updated for this many days is stale; at most MaxStaleDays
	Workstream string // normalized; "" for every workstream
	Graph      bool   // also export the dependency graph
	Ready      bool   // also list the work ready to start (see Ready)
	Critical   bool   // also find the critical path (see CriticalPath)
}

// Analysis is the result of Analyze. Every list is non-nil; Graph is nil
// unless asked for.
type Analysis struct {
	HealthScore   int              `json:"health_score"`
	HealthFactors []Factor         `json:"health_factors"`
	Blockers      []Blocker        `json:"blockers"`
	Risks         []Risk           `json:"risks"`
	Graph         *DependencyGraph `json:"dependency_graph,omitempty"`
	Ready         []ReadyItem      `json:"ready,omitempty"`
	CriticalPath  *CriticalPath    `json:"critical_path,omitempty"`
	// Problems are the faults ready and the critical path worked around
	// (dangling or dropped dependencies, waiting cycles); nil unless one of
	// them was asked for.
	Problems []Risk `json:"problems,omitempty"`
}

// Factor is one penalty of the health score. OutOf is the denominator of a
// share-based factor.
type Factor struct {
	Factor  string `json:"factor"`
	Count   int    `json:"count"`
	OutOf   *int   `json:"out_of,omitempty"`
	Penalty int    `json:"penalty"`
}

// Blocker is an entity that cannot go on: Blocked, or waiting on unfinished
// dependencies.
type Blocker struct {
	ID        pc.ID     `json:"id"`
	Title     string    `json:"title"`
	Status    pc.Status `json:"status"`
	BlockedBy []pc.ID   `json:"blocked_by"` // unfinished dependencies
	Blocking  []pc.ID   `json:"blocking"`   // everything that depends on it
}

// The factors of the health score, in the order they are reported.
const (
	FactorBlocked         = "blocked"
	FactorStale           = "stale_in_progress"
	FactorCycle           = "dependency_cycle"
	FactorDangling        = "dangling_reference"
	FactorUnfinishedUnder = "unfinished_under_completed"
)

// The weights of the formula (see the package documentation): the maximum
// penalty of each share, and the penalty per fault with its cap.
const (
	blockedWeight                    = 40.0
	staleWeight                      = 20.0
	cyclePenalty, cycleCap           = 15, 30
	danglingPenalty, danglingCap     = 2, 10
	unfinishedPenalty, unfinishedCap = 5, 20
)

// analysis carries what the parts of Analyze share.
type analysis struct {
	s        *snapshot
	g        *depGraph
	opt      AnalysisOptions
	inScope  []bool // non-archived and in the workstream
	cycles   [][]int32
	dangling []danglingRef
	stale    []int32
	// the marks and queue of waitingOn
	seen  []uint32
	round uint32
	queue []int32
}

// Analyze computes the health score with its factors, the blockers and the
// risks of the entities in scope (see the package documentation).
func Analyze(entities []*pc.Entity, opt AnalysisOptions) Analysis {
	a := newAnalysis(entities, opt)
	a.cycles = a.cyclesInScope()
	a.dangling = a.danglingInScope()
	a.stale = a.staleWork()
	out := Analysis{HealthFactors: a.factors(), Blockers: a.blockers(), Risks: a.risks()}
	out.HealthScore = score(out.HealthFactors)
	if opt.Graph {
		out.Graph = a.g.export(a.inScope)
	}
	if opt.Ready || opt.Critical {
		out.Problems = []Risk{}
	}
	if opt.Ready {
		out.Ready, out.Problems = a.ready(out.Problems)
	}
	if opt.Critical {
		var cp CriticalPath
		cp, out.Problems = a.criticalPath(out.Problems)
		out.CriticalPath = &cp
	}
	return out
}

// newAnalysis indexes the entities and their references and marks the
// ones in scope; the parts compute the rest.
func newAnalysis(entities []*pc.Entity, opt AnalysisOptions) *analysis {
	s := newSnapshot(entities)
	a := &analysis{s: s, g: newDepGraph(s), opt: opt, inScope: make([]bool, len(s.all))}
	for i, e := range s.all {
		a.inScope[i] = !e.Archived && inWorkstream(e, opt.Workstream)
	}
	return a
}

// score clamps 100 minus the penalties to 0..100.
func score(factors []Factor) int {
	total := 100
	for _, f := range factors {
		total -= f.Penalty
	}
	return max(0, min(100, total))
}

func (a *analysis) factors() []Factor {
	open, blocked, inProgress := 0, 0, 0
	for i, e := range a.s.all {
		if !a.inScope[i] || !isWork(e) || e.Status.Finished() {
			continue
		}
		open++
		switch e.Status {
		case pc.Blocked:
			blocked++
		case pc.InProgress:
			inProgress++
		}
	}
	under := a.unfinishedUnderCompleted()
	return []Factor{
		share(FactorBlocked, blocked, open, blockedWeight),
		share(FactorStale, len(a.stale), inProgress, staleWeight),
		capped(FactorCycle, len(a.cycles), cyclePenalty, cycleCap),
		capped(FactorDangling, len(a.dangling), danglingPenalty, danglingCap),
		capped(FactorUnfinishedUnder, under, unfinishedPenalty, unfinishedCap),
	}
}

func share(name string, count, outOf int, weight float64) Factor {
	f := Factor{Factor: name, Count: count, OutOf: &outOf}
	if outOf > 0 {
		f.Penalty = int(math.Round(weight * float64(count) / float64(outOf)))
	}
	return f
}

func capped(name string, count, each, limit int) Factor {
	return Factor{Factor: name, Count: count, Penalty: min(count*each, limit)}
}

// staleWork lists open In Progress work in scope last updated more than
// StaleDays before Now. Work with no readable timestamp is not judged.
func (a *analysis) staleWork() []int32 {
	// AddDate, not Add(-Duration): a Duration of 106,752 days or more
	// overflows and would put the cutoff in the future.
	cutoff := a.opt.Now.AddDate(0, 0, -min(max(a.opt.StaleDays, 0), MaxStaleDays))
	var out []int32
	for i, e := range a.s.all {
		if !a.inScope[i] || !isWork(e) || e.Status != pc.InProgress {
			continue
		}
		if at, ok := parseTime(lastUpdated(e)); ok && at.Before(cutoff) {
			out = append(out, int32(i))
		}
	}
	return out
}

// unfinishedUnderCompleted counts the unfinished children in scope whose
// parent is Completed: a state the API refuses without cascade, so it comes
// from hand edits or reopened children.
func (a *analysis) unfinishedUnderCompleted() int {
	n := 0
	for i, e := range a.s.all {
		if !a.inScope[i] || e.Parent == "" || e.Status.Finished() {
			continue
		}
		if p := a.g.parent[i]; p >= 0 && isCompleted(a.s.all[p].Status) {
			n++
		}
	}
	return n
}

// cyclesInScope keeps the cycles with at least one member in scope.
func (a *analysis) cyclesInScope() [][]int32 {
	var out [][]int32
	for _, c := range a.g.cycles() {
		if slices.ContainsFunc(c, func(v int) bool { return a.inScope[v] }) {
			path := make([]int32, len(c))
			for i, v := range c {
				path[i] = int32(v)
			}
			out = append(out, path)
		}
	}
	return out
}

// danglingInScope keeps the dangling references held by entities in scope.
func (a *analysis) danglingInScope() []danglingRef {
	var out []danglingRef
	for _, d := range a.g.dangling {
		if a.inScope[d.holder] {
			out = append(out, d)
		}
	}
	return out
}

// blockers lists, in id order, the entities in scope that are Blocked or
// unfinished and waiting on an unfinished dependency. Finished entities with
// open dependencies are not blocked by them: their work is over.
func (a *analysis) blockers() []Blocker {
	out := []Blocker{}
	for i, e := range a.s.all {
		if !a.inScope[i] || e.Status.Finished() {
			continue
		}
		deps := a.g.depsOf(int32(i))
		waiting := a.countUnfinished(deps)
		if e.Status != pc.Blocked && waiting == 0 {
			continue
		}
		out = append(out, Blocker{ID: e.ID, Title: e.Title, Status: e.Status,
			BlockedBy: a.unfinishedIDs(deps, waiting), Blocking: a.s.ids(a.g.dependentsOf(int32(i)))})
	}
	return out
}

func (a *analysis) countUnfinished(list []int32) int {
	n := 0
	for _, v := range list {
		if !a.s.all[v].Status.Finished() {
			n++
		}
	}
	return n
}

// unfinishedIDs lists the n unfinished entities of list.
func (a *analysis) unfinishedIDs(list []int32, n int) []pc.ID {
	out := a.s.alloc(n)[:0]
	for _, v := range list {
		if e := a.s.all[v]; !e.Status.Finished() {
			out = append(out, e.ID)
		}
	}
	return out
}
