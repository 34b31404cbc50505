package insight

import (
	"cmp"
	"slices"
	"strconv"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// ProblemDropped is the problem of work that depends on work which will
// never be Completed: Deferred, Superseded, or archived unfinished.
const ProblemDropped = "dropped_dependency"

// ReadyItem is one piece of work that can start now (see Ready).
type ReadyItem struct {
	ID       pc.ID        `json:"id"`
	Type     pc.Type      `json:"type"`
	Title    string       `json:"title"`
	Priority *pc.Priority `json:"priority"` // null when unset or not P0..P9
	Status   pc.Status    `json:"status"`
	Reason   string       `json:"reason"`
	Unblocks int          `json:"unblocks"` // unfinished work waiting on it, directly or through others
}

// Ready lists the work in the workstream (normalized; "" for all) that can
// start now, in the order Analyze gives it with Ready set, and the problems
// that kept work off the list. It is search_entities' ready filter.
func Ready(entities []*pc.Entity, workstream string) ([]ReadyItem, []Risk) {
	return newAnalysis(entities, AnalysisOptions{Workstream: workstream}).ready([]Risk{})
}

// ready lists the work that can start: the tasks, and stories without
// tasks, in scope that have not started (neither In Progress nor finished)
// and are not Blocked, whose every dependency is Completed and which no
// Blocked or Deferred ancestor holds. A dependency that names no entity, or
// names dropped work, is not Completed: it keeps the work off the list and
// is added to problems. The order: priority (P0 first, none last), then the
// unfinished work each unblocks (waitingOn, the blocked_chain rule), most
// first, then id.
func (a *analysis) ready(problems []Risk) ([]ReadyItem, []Risk) {
	hasTasks := a.storiesWithTasks()
	dangling := a.danglingDeps()
	var rows []*readyRow
	for i := range int32(len(a.s.all)) {
		if !a.candidate(i, hasTasks) {
			continue
		}
		var ok bool
		if ok, problems = a.depsCompleted(i, dangling[i], problems); ok && !a.heldByAncestor(i) {
			rows = append(rows, &readyRow{pos: i, prio: priorityRank(a.s.all[i].Priority), unblocks: len(a.waitingOn(i))})
		}
	}
	// Rows are sorted through pointers: every pointer slice shares one
	// instantiation of the generic sort, which keeps the WebAssembly small.
	slices.SortFunc(rows, func(x, y *readyRow) int {
		return cmp.Or(cmp.Compare(x.prio, y.prio), cmp.Compare(y.unblocks, x.unblocks), cmp.Compare(x.pos, y.pos))
	})
	out := make([]ReadyItem, len(rows))
	for k, r := range rows {
		e := a.s.all[r.pos]
		out[k] = ReadyItem{ID: e.ID, Type: e.Type, Title: e.Title, Status: e.Status,
			Reason: a.readyReason(r.pos), Unblocks: r.unblocks}
		if r.prio < noPriority {
			p := e.Priority
			out[k].Priority = &p
		}
	}
	return out, problems
}

type readyRow struct {
	pos      int32
	prio     int
	unblocks int
}

// depsCompleted reports whether every dependency of i is Completed, adding
// to problems those that name no entity (dangling) or dropped work.
func (a *analysis) depsCompleted(i int32, dangling []pc.ID, problems []Risk) (bool, []Risk) {
	holder := a.s.all[i].ID
	for _, target := range dangling {
		problems = append(problems, notReady(RiskDangling, holder, target, "does not exist"))
	}
	ok := len(dangling) == 0
	for _, d := range a.g.depsOf(i) {
		dep := a.s.all[d]
		if isCompleted(dep.Status) {
			continue
		}
		ok = false
		if dep.Archived || dep.Status.Finished() {
			problems = append(problems, notReady(ProblemDropped, holder, dep.ID, "is "+dropped(dep)+" and will not be completed"))
		}
	}
	return ok, problems
}

func notReady(kind string, holder, dep pc.ID, why string) Risk {
	return Risk{Type: kind, Severity: Low, Entities: []pc.ID{holder, dep},
		Description: string(holder) + " is not ready: its dependency " + string(dep) + " " + why}
}

// candidate reports whether i is open work of the kind ready lists: a task,
// or a story without tasks, in scope, neither finished nor Blocked.
func (a *analysis) candidate(i int32, hasTasks []bool) bool {
	e := a.s.all[i]
	if !a.inScope[i] || e.Status.Finished() || e.Status == pc.Blocked || e.Status == pc.InProgress {
		return false // started work is in the overview and filters.status, not on the list of what can start
	}
	return e.Type == pc.Task || e.Type == pc.Story && !hasTasks[i]
}

// storiesWithTasks marks the stories with at least one task that is not
// archived: archived work is out of the plan, so a story whose tasks are all
// archived is work of its own again.
func (a *analysis) storiesWithTasks() []bool {
	out := make([]bool, len(a.s.all))
	for i, e := range a.s.all {
		if p := a.g.parent[i]; p >= 0 && e.Type == pc.Task && !e.Archived {
			out[p] = true
		}
	}
	return out
}

// danglingDeps lists, by holder, the depends_on ids that name no entity.
func (a *analysis) danglingDeps() map[int32][]pc.ID {
	out := map[int32][]pc.ID{}
	for _, d := range a.g.dangling {
		if d.field == pc.DependsOn.Field() {
			out[d.holder] = append(out[d.holder], d.target)
		}
	}
	return out
}

// maxDepth bounds the walk up the parents: the hierarchy is three levels
// deep, and a hand edit can make two entities each other's parent.
const maxDepth = 8

// heldByAncestor reports whether a parent, grandparent... of i is Blocked
// or Deferred: the work under it waits too.
func (a *analysis) heldByAncestor(i int32) bool {
	for p, n := a.g.parent[i], 0; p >= 0 && n < maxDepth; p, n = a.g.parent[p], n+1 {
		if s := a.s.all[p].Status; s == pc.Blocked || s == pc.Deferred {
			return true
		}
	}
	return false
}

// readyReason says why i is ready, in a sentence.
func (a *analysis) readyReason(i int32) string {
	deps := a.g.depsOf(i)
	var why string
	switch len(deps) {
	case 0:
		why = "no dependencies"
	case 1:
		why = "its dependency " + string(a.s.all[deps[0]].ID) + " is completed"
	default:
		why = "its " + strconv.Itoa(len(deps)) + " dependencies are completed"
	}
	if a.s.all[i].Type == pc.Story {
		why += "; a story without tasks"
	}
	return why
}

// dropped names why a dependency will not be completed.
func dropped(e *pc.Entity) string {
	if e.Archived && !e.Status.Finished() {
		return "archived"
	}
	return string(e.Status)
}

// noPriority ranks work without a valid priority after P9.
const noPriority = 10

// priorityRank is 0 for P0 ... 9 for P9. The loader keeps a priority it
// cannot read as written, so anything else ranks as none.
func priorityRank(p pc.Priority) int {
	if len(p) == 2 && p[0] == 'P' && p[1] >= '0' && p[1] <= '9' {
		return int(p[1] - '0')
	}
	return noPriority
}
