package insight

import (
	"fmt"
	"github.com/projectcanvas/projectcanvas/internal/plural"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Severity grades a risk.
type Severity string

// The severities, from least to most urgent.
const (
	Low    Severity = "low"
	Medium Severity = "medium"
	High   Severity = "high"
)

// The kinds of risk Analyze reports.
const (
	RiskCycle    = "circular_dependency"
	RiskChain    = "blocked_chain"
	RiskStale    = "stale_in_progress"
	RiskOrphan   = "orphan"
	RiskDangling = "dangling_reference"
)

// longChain is the number of waiting entities from which a blocked chain is
// a high risk: beyond a couple of items the delay spreads across the plan.
const longChain = 3

// Risk is one thing likely to delay the project.
type Risk struct {
	Type        string   `json:"type"`
	Severity    Severity `json:"severity"`
	Entities    []pc.ID  `json:"entities"`
	Description string   `json:"description"`
}

// risks lists every risk, the most severe first; within a severity, by kind
// in the order of the constants above, then by entity.
func (a *analysis) risks() []Risk {
	var all []Risk
	all = append(all, a.cycleRisks()...)
	all = append(all, a.chainRisks()...)
	all = append(all, a.staleRisks()...)
	all = append(all, a.orphanRisks()...)
	all = append(all, a.danglingRisks()...)
	// A pass per severity is a stable sort by it, without instantiating
	// one for Risk in the WebAssembly.
	out := make([]Risk, 0, len(all))
	for _, sev := range [...]Severity{High, Medium, Low} {
		for _, r := range all {
			if r.Severity == sev {
				out = append(out, r)
			}
		}
	}
	return out
}

func (a *analysis) cycleRisks() []Risk {
	out := make([]Risk, 0, len(a.cycles))
	for _, c := range a.cycles {
		out = append(out, cycleRisk(a.s.ids(c), "dependency cycle"))
	}
	return out
}

// cycleRisk reports a cycle given as its path, first entity repeated last.
func cycleRisk(path []pc.ID, what string) Risk {
	return Risk{Type: RiskCycle, Severity: High, Entities: path, Description: what + ": " + joinIDs(path, " -> ")}
}

// chainRisks reports each Blocked entity in scope that holds up unfinished
// work, with everything waiting on it directly or through others.
func (a *analysis) chainRisks() []Risk {
	var out []Risk
	for i, e := range a.s.all {
		if !a.inScope[i] || e.Status != pc.Blocked {
			continue
		}
		waiting := a.waitingOn(int32(i))
		if len(waiting) == 0 {
			continue
		}
		sev := Medium
		if len(waiting) >= longChain {
			sev = High
		}
		ids := a.s.ids(append([]int32{int32(i)}, waiting...))
		out = append(out, Risk{Type: RiskChain, Severity: sev, Entities: ids,
			Description: fmt.Sprintf("%s is Blocked and %s wait on it", e.ID, plural.Count(len(waiting), "unfinished entity", "unfinished entities"))})
	}
	return out
}

// waitingOn walks the dependents of root breadth first through unfinished,
// non-archived entities: finished work no longer waits, and archived work is
// out of the plan. It lists each once, nearest first, in a buffer the next
// call reuses. Marks are stamped per call rather than kept in a map: ready
// walks from every candidate of a large vault.
func (a *analysis) waitingOn(root int32) []int32 {
	if a.seen == nil {
		a.seen = make([]uint32, len(a.s.all))
	}
	a.round++
	a.seen[root] = a.round
	queue := append(a.queue[:0], root)
	for k := 0; k < len(queue); k++ {
		for _, w := range a.g.dependentsOf(queue[k]) {
			e := a.s.all[w]
			if a.seen[w] == a.round || e.Archived || e.Status.Finished() {
				continue
			}
			a.seen[w] = a.round
			queue = append(queue, w)
		}
	}
	a.queue = queue
	return queue[1:]
}

func (a *analysis) staleRisks() []Risk {
	out := make([]Risk, 0, len(a.stale))
	for _, i := range a.stale {
		e := a.s.all[i]
		out = append(out, Risk{Type: RiskStale, Severity: Medium, Entities: a.s.ids([]int32{i}),
			Description: fmt.Sprintf("%s is In Progress but was last updated %s (more than %d days ago)", e.ID, lastUpdated(e), a.opt.StaleDays)})
	}
	return out
}

// orphanRisks reports stories and tasks in scope whose parent is unset or
// names no entity: they fall out of every roll-up.
func (a *analysis) orphanRisks() []Risk {
	var out []Risk
	for i, e := range a.s.all {
		if !a.inScope[i] || (e.Type != pc.Story && e.Type != pc.Task) {
			continue
		}
		var why string
		switch {
		case e.Parent == "":
			why = fmt.Sprintf("%s has no parent %s", e.ID, e.Type.ParentType())
		case a.g.parent[i] < 0:
			why = fmt.Sprintf("%s has parent %s, which does not exist", e.ID, e.Parent)
		default:
			continue
		}
		out = append(out, Risk{Type: RiskOrphan, Severity: Medium, Entities: a.s.ids([]int32{int32(i)}), Description: why})
	}
	return out
}

func (a *analysis) danglingRisks() []Risk {
	out := make([]Risk, 0, len(a.dangling))
	for _, d := range a.dangling {
		holder := a.s.all[d.holder].ID
		ids := append(a.s.alloc(2)[:0], holder, d.target)
		out = append(out, Risk{Type: RiskDangling, Severity: Low, Entities: ids,
			Description: fmt.Sprintf("%s %s names %s, which does not exist", holder, d.field, d.target)})
	}
	return out
}

func joinIDs(ids []pc.ID, sep string) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = string(id)
	}
	return strings.Join(parts, sep)
}
