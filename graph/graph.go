package graph

import (
	"cmp"
	"slices"

	"github.com/projectcanvas/projectcanvas/internal/ptrsort"
)

// Edge is a directed edge between two vertices of a Graph.
type Edge struct{ From, To int }

// Graph is an immutable directed graph over the vertices 0..N-1, its edges
// kept in compressed rows (one shared array, sliced per vertex) so that a
// graph of a large vault costs a handful of allocations. Duplicate edges are
// merged; the successors of each vertex are sorted, which makes every
// algorithm of the package deterministic.
type Graph struct {
	rows  []int32 // Succ(v) = succ[rows[v]:rows[v+1]]
	succ  []int32
	edges int
}

// New builds a graph of n vertices. Edges with an end outside 0..n-1 are
// ignored.
func New(n int, edges []Edge) *Graph {
	kept := make([]Edge, 0, len(edges))
	for _, e := range edges {
		if e.From >= 0 && e.From < n && e.To >= 0 && e.To < n {
			kept = append(kept, e)
		}
	}
	ptrsort.Func(kept, func(a, b *Edge) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To))
	})
	kept = slices.Compact(kept)
	g := &Graph{rows: make([]int32, n+1), succ: make([]int32, len(kept)), edges: len(kept)}
	for k, e := range kept {
		g.rows[e.From+1]++
		g.succ[k] = int32(e.To)
	}
	for v := range n {
		g.rows[v+1] += g.rows[v]
	}
	return g
}

// Len is the number of vertices.
func (g *Graph) Len() int { return len(g.rows) - 1 }

// Edges is the number of distinct edges.
func (g *Graph) Edges() int { return g.edges }

// Succ returns the successors of v in increasing order. The slice belongs to
// the graph: do not change it.
func (g *Graph) Succ(v int) []int32 { return g.succ[g.rows[v]:g.rows[v+1]] }

// Reverse returns the graph with every edge turned around.
func (g *Graph) Reverse() *Graph {
	edges := make([]Edge, 0, g.edges)
	for v := range g.Len() {
		for _, w := range g.Succ(v) {
			edges = append(edges, Edge{int(w), v})
		}
	}
	return New(g.Len(), edges)
}
