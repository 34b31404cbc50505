package insight

import (
	"github.com/projectcanvas/projectcanvas/graph"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// depGraph holds what the analyses need from the references between
// entities, resolved in one pass over the snapshot: the depends_on edges,
// the parent of each entity and the references that name no entity.
//
// An edge exists when either side states it (A depends_on B, or B blocks
// A), so a one-sided hand edit is still seen. The edges live in a
// graph.Graph (compressed rows, duplicates merged), vertex i being the
// snapshot's i-th entity, which also gives the one cycle finder.
type depGraph struct {
	s        *snapshot
	deps     *graph.Graph // i -> what i depends on
	rev      *graph.Graph // i -> what depends on i
	parent   []int32      // position of the parent; -1 when unset or dangling
	dangling []danglingRef
}

// danglingRef is an id held in parent or a relation that names no entity.
type danglingRef struct {
	holder int32
	field  string
	target pc.ID
}

func newDepGraph(s *snapshot) *depGraph {
	g := &depGraph{s: s, parent: make([]int32, len(s.all))}
	var edges []graph.Edge
	for i, e := range s.all {
		self := int32(i)
		g.parent[i] = g.resolve(self, "parent", e.Parent)
		for _, r := range pc.Relations {
			for _, id := range e.Links[r] {
				j := int(g.resolve(self, r.Field(), id))
				switch {
				case j >= 0 && r == pc.DependsOn:
					edges = append(edges, graph.Edge{From: i, To: j})
				case j >= 0 && r == pc.Blocks:
					edges = append(edges, graph.Edge{From: j, To: i})
				}
			}
		}
	}
	g.deps = graph.New(len(s.all), edges)
	g.rev = g.deps.Reverse()
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

func (g *depGraph) depsOf(i int32) []int32 { return g.deps.Succ(int(i)) }

func (g *depGraph) dependentsOf(i int32) []int32 { return g.rev.Succ(int(i)) }

// cycles reports the dependency cycles with the project's one cycle
// finder (graph.Cycles): for each strongly connected component with a
// cycle, shortest cycles until every member is on one. Each path starts and
// ends with the same entity.
func (g *depGraph) cycles() [][]int { return g.deps.Cycles() }

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
