package insight

import (
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// depGraph holds what the analyses need from the references between
// entities, resolved in one pass over the snapshot: the depends_on edges,
// the parent of each entity and the references that name no entity.
//
// An edge exists when either side states it (A depends_on B, or B blocks
// A), so a one-sided hand edit is still seen. Edges are kept in compressed
// rows (one shared array per direction, sliced by position) rather than a
// slice per entity: on a large vault that spares thousands of allocations.
type depGraph struct {
	s                 *snapshot
	depRows, depEdges []int32 // depsOf(i) = depEdges[depRows[i]:depRows[i+1]]
	revRows, revEdges []int32 // dependentsOf(i), likewise
	parent            []int32 // position of the parent; -1 when unset or dangling
	dangling          []danglingRef
}

// danglingRef is an id held in parent or a relation that names no entity.
type danglingRef struct {
	holder int32
	field  string
	target pc.ID
}

type edge struct{ from, to int32 }

func newDepGraph(s *snapshot) *depGraph {
	g := &depGraph{s: s, parent: make([]int32, len(s.all))}
	var edges []edge
	for i, e := range s.all {
		self := int32(i)
		g.parent[i] = g.resolve(self, "parent", e.Parent)
		for _, r := range pc.Relations {
			for _, id := range e.Links[r] {
				j := g.resolve(self, r.Field(), id)
				switch {
				case j >= 0 && r == pc.DependsOn:
					edges = append(edges, edge{self, j})
				case j >= 0 && r == pc.Blocks:
					edges = append(edges, edge{j, self})
				}
			}
		}
	}
	g.depRows, g.depEdges = rows(len(s.all), edges)
	for k := range edges {
		edges[k] = edge{edges[k].to, edges[k].from}
	}
	g.revRows, g.revEdges = rows(len(s.all), edges)
	return g
}

// resolve returns the position of id, recording it as dangling when no
// entity has it; "" (an unset parent) resolves to -1 quietly.
func (g *depGraph) resolve(holder int32, field string, id pc.ID) int32 {
	if id == "" {
		return -1
	}
	j := g.s.lookup(id)
	if j < 0 {
		g.dangling = append(g.dangling, danglingRef{holder: holder, field: field, target: id})
	}
	return j
}

// rows sorts the edges and packs them into compressed rows by from,
// dropping duplicates (a link stated on both sides).
func rows(n int, edges []edge) (start, to []int32) {
	slices.SortFunc(edges, func(a, b edge) int {
		if a.from != b.from {
			return int(a.from - b.from)
		}
		return int(a.to - b.to)
	})
	edges = slices.Compact(edges)
	start, to = make([]int32, n+1), make([]int32, len(edges))
	for k, e := range edges {
		start[e.from+1]++
		to[k] = e.to
	}
	for i := range n {
		start[i+1] += start[i]
	}
	return start, to
}

func (g *depGraph) depsOf(i int32) []int32 { return g.depEdges[g.depRows[i]:g.depRows[i+1]] }

func (g *depGraph) dependentsOf(i int32) []int32 {
	return g.revEdges[g.revRows[i]:g.revRows[i+1]]
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
	n := len(g.s.all)
	t := tarjan{g: g, index: make([]int32, n), low: make([]int32, n), onStack: make([]bool, n)}
	for v := range int32(n) {
		if t.index[v] == 0 && len(g.depsOf(v)) > 0 {
			t.visit(v)
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
		if deps := t.g.depsOf(v); top.next < len(deps) {
			w := deps[top.next]
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
	// The component sits on top of the stack: search from the top, or a
	// long chain of single entities costs quadratic time.
	i := len(t.stack) - 1
	for t.stack[i] != v {
		i--
	}
	comp := slices.Clone(t.stack[i:])
	t.stack = t.stack[:i]
	for _, w := range comp {
		t.onStack[w] = false
	}
	if len(comp) > 1 || slices.Contains(t.g.depsOf(v), v) {
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

// shortestCycle finds a shortest cycle from start back to start inside the
// component, with the project's one cycle finder. Members of a component
// always lie on a cycle, so it finds one.
func (g *depGraph) shortestCycle(start int32, comp []int32) []int32 {
	path := pc.CycleThrough(start, g.depsOf, func(w int32) bool {
		_, in := slices.BinarySearch(comp, w)
		return in
	})
	if path == nil {
		return []int32{start, start} // unreachable for a real component
	}
	return path
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
	used := make([]bool, len(g.s.all))
	edges, nodes := 0, 0
	g.eachEdge(inScope, func(from, to int32) {
		edges++
		for _, v := range [2]int32{from, to} {
			if !used[v] {
				used[v] = true
				nodes++
			}
		}
	})
	out := &DependencyGraph{Nodes: make([]GraphNode, 0, nodes), Edges: make([]GraphEdge, 0, edges)}
	g.eachEdge(inScope, func(from, to int32) {
		out.Edges = append(out.Edges, GraphEdge{From: g.s.all[from].ID, To: g.s.all[to].ID})
	})
	for i, ok := range used {
		if ok {
			e := g.s.all[i]
			out.Nodes = append(out.Nodes, GraphNode{ID: e.ID, Title: e.Title, Status: e.Status, Type: e.Type})
		}
	}
	return out
}

// eachEdge calls fn for the edges with at least one end in scope, in id
// order.
func (g *depGraph) eachEdge(inScope []bool, fn func(from, to int32)) {
	for from := range int32(len(g.s.all)) {
		for _, to := range g.depsOf(from) {
			if inScope[from] || inScope[to] {
				fn(from, to)
			}
		}
	}
}
