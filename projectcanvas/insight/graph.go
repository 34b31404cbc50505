package insight

import (
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// depGraph holds the depends_on edges of a snapshot by position: deps[i]
// are the entities i depends on, dependents[i] those that depend on i.
// An edge exists when either side states it (A depends_on B, or B blocks
// A), so a one-sided hand edit is still seen. Lists are sorted and unique.
type depGraph struct {
	s          *snapshot
	deps       [][]int32
	dependents [][]int32
}

func newDepGraph(s *snapshot) *depGraph {
	g := &depGraph{s: s, deps: make([][]int32, len(s.all)), dependents: make([][]int32, len(s.all))}
	for i, e := range s.all {
		from := int32(i)
		for _, id := range e.Links[pc.DependsOn] {
			if to := s.lookup(id); to >= 0 {
				g.add(from, to)
			}
		}
		for _, id := range e.Links[pc.Blocks] {
			if waiter := s.lookup(id); waiter >= 0 {
				g.add(waiter, from)
			}
		}
	}
	for i := range g.deps {
		g.deps[i] = sortUnique(g.deps[i])
		g.dependents[i] = sortUnique(g.dependents[i])
	}
	return g
}

func (g *depGraph) add(from, to int32) {
	g.deps[from] = append(g.deps[from], to)
	g.dependents[to] = append(g.dependents[to], from)
}

func sortUnique(list []int32) []int32 {
	if len(list) < 2 {
		return list
	}
	slices.Sort(list)
	return slices.Compact(list)
}

// cycles finds the strongly connected components of the graph (Tarjan,
// iteratively, so a long chain cannot overflow the stack) and reports, for
// each component that holds a cycle, shortest cycles until every member is
// on one. Each path starts and ends with the same entity.
func (g *depGraph) cycles() [][]int32 {
	var out [][]int32
	for _, comp := range g.components() {
		out = append(out, g.coverComponent(comp)...)
	}
	return out
}

// components returns the components with a cycle: two or more members, or
// one that depends on itself.
func (g *depGraph) components() [][]int32 {
	t := tarjan{g: g, index: make([]int32, len(g.deps)), low: make([]int32, len(g.deps)), onStack: make([]bool, len(g.deps))}
	for v := range g.deps {
		if t.index[v] == 0 && len(g.deps[v]) > 0 {
			t.visit(int32(v))
		}
	}
	return t.found
}

type tarjan struct {
	g       *depGraph
	counter int32
	index   []int32 // 1-based visit order; 0 means not visited
	low     []int32
	onStack []bool
	stack   []int32
	found   [][]int32
}

type frame struct {
	v    int32
	next int
}

func (t *tarjan) enter(v int32) {
	t.counter++
	t.index[v], t.low[v] = t.counter, t.counter
	t.stack = append(t.stack, v)
	t.onStack[v] = true
}

func (t *tarjan) visit(root int32) {
	t.enter(root)
	call := []frame{{v: root}}
	for len(call) > 0 {
		top := &call[len(call)-1]
		v := top.v
		if top.next < len(t.g.deps[v]) {
			w := t.g.deps[v][top.next]
			top.next++
			switch {
			case t.index[w] == 0:
				t.enter(w)
				call = append(call, frame{v: w})
			case t.onStack[w]:
				t.low[v] = min(t.low[v], t.index[w])
			}
			continue
		}
		call = call[:len(call)-1]
		if len(call) > 0 {
			u := call[len(call)-1].v
			t.low[u] = min(t.low[u], t.low[v])
		}
		if t.low[v] == t.index[v] {
			t.pop(v)
		}
	}
}

// pop takes the component rooted at v off the stack, keeping it when it
// holds a cycle.
func (t *tarjan) pop(v int32) {
	i := slices.Index(t.stack, v)
	comp := slices.Clone(t.stack[i:])
	t.stack = t.stack[:i]
	for _, w := range comp {
		t.onStack[w] = false
	}
	if len(comp) > 1 || slices.Contains(t.g.deps[v], v) {
		slices.Sort(comp)
		t.found = append(t.found, comp)
	}
}

// coverComponent reports shortest cycles through the component's members,
// lowest id first, skipping members already on a reported cycle, so every
// member is named without listing every cycle (which can be exponentially
// many).
func (g *depGraph) coverComponent(comp []int32) [][]int32 {
	covered := make(map[int32]bool, len(comp))
	var out [][]int32
	for _, start := range comp {
		if covered[start] {
			continue
		}
		path := g.shortestCycle(start, comp)
		for _, v := range path {
			covered[v] = true
		}
		out = append(out, path)
	}
	return out
}

// shortestCycle runs a breadth-first search from start inside the component
// back to start. Members of a component always lie on a cycle, so it finds
// one.
func (g *depGraph) shortestCycle(start int32, comp []int32) []int32 {
	prev := make(map[int32]int32, len(comp))
	queue := []int32{start}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range g.deps[v] {
			if w == start {
				return tracePath(prev, start, v)
			}
			if _, seen := prev[w]; seen {
				continue
			}
			if _, in := slices.BinarySearch(comp, w); in {
				prev[w] = v
				queue = append(queue, w)
			}
		}
	}
	return []int32{start, start} // unreachable for a real component
}

// tracePath rebuilds start -> ... -> last -> start from the search's
// predecessor links.
func tracePath(prev map[int32]int32, start, last int32) []int32 {
	path := []int32{start}
	for v := last; v != start; v = prev[v] {
		path = append(path, v)
	}
	slices.Reverse(path[1:])
	return append(path, start)
}

// DependencyGraph is the depends_on graph: an edge from A to B means A
// depends on B.
type DependencyGraph struct {
	Nodes []GraphNode `json:"nodes"`
	Edges []GraphEdge `json:"edges"`
}

// GraphNode is one entity of the dependency graph.
type GraphNode struct {
	ID     pc.ID     `json:"id"`
	Title  string    `json:"title"`
	Status pc.Status `json:"status"`
	Type   pc.Type   `json:"type"`
}

// GraphEdge is one depends_on link.
type GraphEdge struct {
	From pc.ID `json:"from"`
	To   pc.ID `json:"to"`
}

// export lists the edges with at least one end in scope, and as nodes the
// entities at their ends. Entities without any dependency are left out: they
// would only bury the structure in a large project.
func (g *depGraph) export(inScope []bool) *DependencyGraph {
	out := &DependencyGraph{Nodes: []GraphNode{}, Edges: []GraphEdge{}}
	used := make([]bool, len(g.deps))
	for from, deps := range g.deps {
		for _, to := range deps {
			if !inScope[from] && !inScope[to] {
				continue
			}
			used[from], used[to] = true, true
			out.Edges = append(out.Edges, GraphEdge{From: g.s.all[from].ID, To: g.s.all[to].ID})
		}
	}
	for i, ok := range used {
		if ok {
			e := g.s.all[i]
			out.Nodes = append(out.Nodes, GraphNode{ID: e.ID, Title: e.Title, Status: e.Status, Type: e.Type})
		}
	}
	return out
}

// danglingRef is an id held in parent or a relation that names no entity.
type danglingRef struct {
	holder int32
	field  string
	target pc.ID
}

// dangling lists the dangling references held by the entities in scope, in
// id order of the holder, then field order.
func (s *snapshot) dangling(inScope []bool) []danglingRef {
	var out []danglingRef
	for i, e := range s.all {
		if !inScope[i] {
			continue
		}
		if e.Parent != "" && s.lookup(e.Parent) < 0 {
			out = append(out, danglingRef{holder: int32(i), field: "parent", target: e.Parent})
		}
		for _, r := range pc.Relations {
			for _, id := range e.Links[r] {
				if s.lookup(id) < 0 {
					out = append(out, danglingRef{holder: int32(i), field: r.Field(), target: id})
				}
			}
		}
	}
	return out
}
