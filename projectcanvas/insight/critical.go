package insight

import (
	"math"
	"strconv"

	"github.com/projectcanvas/projectcanvas/graph"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// CriticalPath is the longest chain of unfinished work, overall and for
// each unfinished milestone in scope (in id order).
type CriticalPath struct {
	Overall    Chain   `json:"overall"`
	Milestones []Chain `json:"milestones"`
}

// Chain is a chain of work, each entity waiting for the one before it: IDs
// come in the order the work can be done, the first to start first.
// EstimateHours sums the estimate_hours of those that carry one; it is
// left out when none does.
type Chain struct {
	Milestone     pc.ID    `json:"milestone,omitempty"`
	Length        int      `json:"length"`
	EstimateHours *float64 `json:"estimate_hours,omitempty"`
	IDs           []pc.ID  `json:"ids"`
}

// criticalPath finds the longest chains of the waiting graph: the open
// milestones, stories and tasks in scope, an entity waiting for what it
// depends on and for its children (a milestone for its stories, a story for
// its tasks). Longest means the most entities, then the largest estimate,
// then the smallest ids, step by step from the end of the chain. Entities
// on a waiting cycle are left out, so the walk never loops; each cycle is
// added to problems as a circular_dependency.
func (a *analysis) criticalPath(problems []Risk) (CriticalPath, []Risk) {
	open := make([]bool, len(a.s.all))
	for i, e := range a.s.all {
		open[i] = a.inScope[i] && isWork(e) && !e.Status.Finished()
	}
	waits := a.waitingGraph(open, nil)
	onCycle := make([]bool, len(a.s.all))
	cycles := waits.Cycles()
	for _, c := range cycles {
		ids := a.s.alloc(len(c))
		for k, v := range c {
			ids[k], onCycle[v] = a.s.all[v].ID, true
		}
		problems = append(problems, cycleRisk(ids, "waiting cycle, left off the critical path"))
	}
	if len(cycles) > 0 {
		waits = a.waitingGraph(open, onCycle)
	}
	c := a.longestChains(open, onCycle, waits)
	out := CriticalPath{Overall: Chain{IDs: []pc.ID{}}, Milestones: []Chain{}}
	best := int32(-1)
	for i := range int32(len(a.s.all)) {
		if !open[i] || onCycle[i] {
			continue
		}
		if c.better(i, best) {
			best = i
		}
		if a.s.all[i].Type == pc.Milestone {
			ch := c.chain(a.s, i)
			ch.Milestone = a.s.all[i].ID
			out.Milestones = append(out.Milestones, ch)
		}
	}
	if best >= 0 {
		out.Overall = c.chain(a.s, best)
	}
	return out, problems
}

// waitingGraph has an edge from each open entity to what it waits for:
// its open dependencies and open children. Entities marked in skip keep no
// edges.
func (a *analysis) waitingGraph(open, skip []bool) *graph.Graph {
	keep := func(i int32) bool { return i >= 0 && open[i] && (skip == nil || !skip[i]) }
	var edges []graph.Edge
	for i := range int32(len(a.s.all)) {
		if !keep(i) {
			continue
		}
		for _, d := range a.g.depsOf(i) {
			if keep(d) {
				edges = append(edges, graph.Edge{From: int(i), To: int(d)})
			}
		}
		if p := a.g.parent[i]; keep(p) {
			edges = append(edges, graph.Edge{From: int(p), To: int(i)})
		}
	}
	return graph.New(len(a.s.all), edges)
}

// chains holds, for each entity, the longest chain of work it waits for,
// itself included: its length, estimate and the next entity on it.
type chains struct {
	length    []int32
	estimate  []float64
	estimated []bool // some entity on the chain carries an estimate
	next      []int32
}

// longestChains fills chains by dynamic programming in an order where what
// an entity waits for comes first; waits must have no cycle.
func (a *analysis) longestChains(open, onCycle []bool, waits *graph.Graph) *chains {
	n := len(a.s.all)
	c := &chains{length: make([]int32, n), estimate: make([]float64, n), estimated: make([]bool, n), next: make([]int32, n)}
	order := waitedForFirst(waits)
	for _, v := range order {
		if !open[v] || onCycle[v] {
			continue
		}
		next := int32(-1)
		for _, w := range waits.Succ(int(v)) {
			if c.better(w, next) {
				next = w
			}
		}
		c.next[v], c.length[v] = next, 1
		c.estimate[v], c.estimated[v] = estimateOf(a.s.all[v])
		if next >= 0 {
			c.length[v] += c.length[next]
			c.estimate[v] += c.estimate[next]
			c.estimated[v] = c.estimated[v] || c.estimated[next]
		}
	}
	return c
}

// waitedForFirst orders the vertices of an acyclic graph so that each comes
// after its successors (Kahn's algorithm from the sinks). Unlike
// graph.TopoOrder it needs no heap: any such order gives the same chains,
// since better breaks ties by id, and the WebAssembly stays smaller.
func waitedForFirst(g *graph.Graph) []int32 {
	waiters := g.Reverse()
	waiting := make([]int32, g.Len()) // successors not yet ordered
	order := make([]int32, 0, g.Len())
	for v := range g.Len() {
		if waiting[v] = int32(len(g.Succ(v))); waiting[v] == 0 {
			order = append(order, int32(v))
		}
	}
	for k := 0; k < len(order); k++ {
		for _, u := range waiters.Succ(int(order[k])) {
			if waiting[u]--; waiting[u] == 0 {
				order = append(order, u)
			}
		}
	}
	return order
}

// better reports whether the chain of v beats that of w (-1: none): longer,
// then a larger estimate, then the smaller id.
func (c *chains) better(v, w int32) bool {
	switch {
	case w < 0:
		return true
	case c.length[v] != c.length[w]:
		return c.length[v] > c.length[w]
	case c.estimate[v] != c.estimate[w]:
		return c.estimate[v] > c.estimate[w]
	}
	return v < w
}

// chain renders the chain of v in the order of work: what v waits for
// first, v last.
func (c *chains) chain(s *snapshot, v int32) Chain {
	ids := s.alloc(int(c.length[v]))
	for k, x := len(ids)-1, v; x >= 0; k, x = k-1, c.next[x] {
		ids[k] = s.all[x].ID
	}
	out := Chain{Length: len(ids), IDs: ids}
	if c.estimated[v] {
		est := c.estimate[v]
		out.EstimateHours = &est
	}
	return out
}

// estimateOf reads estimate_hours as the loader left it (a YAML number, or a
// string a hand edit wrote); a value that is not a finite number of 0 or
// more does not count.
func estimateOf(e *pc.Entity) (float64, bool) {
	var f float64
	switch v := e.Fields["estimate_hours"].(type) {
	case float64:
		f = v
	case int:
		f = float64(v)
	case int64:
		f = float64(v)
	case string:
		g, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return 0, false
		}
		f = g
	default:
		return 0, false
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return 0, false
	}
	return f, true
}
