package graph

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// edges parses "0>1 1>2" into edges.
func edges(s string) []Edge {
	var out []Edge
	for i := 0; i < len(s); {
		var e Edge
		n, _ := fmt.Sscanf(s[i:], "%d>%d", &e.From, &e.To)
		if n != 2 {
			break
		}
		out = append(out, e)
		for i < len(s) && s[i] != ' ' {
			i++
		}
		i++
	}
	return out
}

func TestCycles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		edges string
		want  [][]int
	}{
		{"empty", 0, "", nil},
		{"chain", 4, "0>1 1>2 2>3", nil},
		{"diamond", 4, "0>1 0>2 1>3 2>3", nil},
		{"self loop", 2, "1>1", [][]int{{1, 1}}},
		{"two cycle", 3, "0>1 1>0 1>2", [][]int{{0, 1, 0}}},
		{"triangle entered late", 5, "4>2 2>3 3>1 1>2", [][]int{{1, 2, 3, 1}}},
		{"two components", 6, "0>1 1>0 3>4 4>5 5>3", [][]int{{0, 1, 0}, {3, 4, 5, 3}}},
		{"shortest wins", 4, "0>1 1>2 2>3 3>0 2>0", [][]int{{0, 1, 2, 0}, {3, 0, 1, 2, 3}}},
		{"duplicate edges", 2, "0>1 0>1 1>0", [][]int{{0, 1, 0}}},
		{"out of range ignored", 2, "0>5 5>0", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := New(tc.n, edges(tc.edges))
			assert.Equal(t, tc.want, g.Cycles())
			_, ok := g.TopoOrder()
			assert.Equal(t, tc.want == nil, ok, "a topological order exists exactly when there is no cycle")
		})
	}
}

func TestTopoOrder(t *testing.T) {
	g := New(5, edges("3>1 1>0 4>0 2>4"))
	order, ok := g.TopoOrder()
	require.True(t, ok)
	assert.Equal(t, []int{2, 3, 1, 4, 0}, order) // smallest free vertex first
	g = New(4, edges("0>1 1>2 2>1 3>0"))
	order, ok = g.TopoOrder()
	assert.False(t, ok)
	assert.Equal(t, []int{3, 0}, order, "what precedes the cycle is ordered, the rest is not")
}

func TestReachable(t *testing.T) {
	g := New(6, edges("0>1 1>2 3>4 4>3"))
	assert.Equal(t, []bool{true, true, true, false, false, false}, g.Reachable(0))
	assert.Equal(t, []bool{false, false, false, true, true, true}, g.Reachable(3, 5, 99, -1))
	assert.Equal(t, []bool{true, false, false, false, false, false}, g.Reverse().Reachable(0))
	assert.Equal(t, []bool{true, true, true, false, false, false}, g.Reverse().Reachable(2))
}

func TestCycleThroughLazy(t *testing.T) {
	deps := map[string][]string{
		"T-1": {"T-2"}, "T-2": {"T-3", "T-9"}, "T-3": {"T-1"}, "T-4": {"T-1"},
	}
	var asked []string
	next := func(id string) []string { asked = append(asked, id); return deps[id] }
	assert.Equal(t, []string{"T-1", "T-2", "T-3", "T-1"}, CycleThrough("T-1", next))
	assert.NotContains(t, asked, "T-4", "only what is reachable is visited")
	assert.Nil(t, CycleThrough("T-4", next), "T-4 reaches a cycle but is not on one")
	assert.Nil(t, CycleThrough("T-9", next), "an unknown id ends the search")
	assert.Equal(t, []string{"T-2", "T-3", "T-9"}, Reach("T-1", next))
}

func TestLongChainDoesNotOverflow(t *testing.T) {
	const n = 200_000
	es := make([]Edge, 0, n)
	for v := range n - 1 {
		es = append(es, Edge{v, v + 1})
	}
	es = append(es, Edge{n - 1, 0})
	comps := New(n, es).Components()
	require.Len(t, comps, 1)
	assert.Len(t, comps[0], n)
}

// checkGraph asserts the invariants that tie the algorithms together; the
// fuzz target and the random test share it.
func checkGraph(t *testing.T, n int, es []Edge) {
	g := New(n, es)
	has := func(a, b int) bool { return slices.Contains(g.Succ(a), int32(b)) }
	onCycle := make([]bool, n)
	for _, comp := range g.Components() {
		for _, v := range comp {
			onCycle[v] = true
		}
	}
	for _, c := range g.Cycles() {
		require.GreaterOrEqual(t, len(c), 2)
		require.Equal(t, c[0], c[len(c)-1], "a cycle ends where it starts: %v", c)
		for k := 0; k+1 < len(c); k++ {
			require.True(t, has(c[k], c[k+1]), "cycle %v uses a missing edge %d>%d", c, c[k], c[k+1])
		}
		for _, v := range c {
			require.True(t, onCycle[v])
		}
	}
	covered := make([]bool, n)
	for _, c := range g.Cycles() {
		for _, v := range c {
			covered[v] = true
		}
	}
	require.Equal(t, onCycle, covered, "every vertex on a cycle is named")
	for v := range n {
		lazy := CycleThrough(v, func(x int) []int {
			out := make([]int, 0, len(g.Succ(x)))
			for _, w := range g.Succ(x) {
				out = append(out, int(w))
			}
			return out
		})
		require.Equal(t, onCycle[v], lazy != nil, "vertex %d", v)
	}
	order, ok := g.TopoOrder()
	require.Equal(t, !slices.Contains(onCycle, true), ok)
	pos := make([]int, n)
	for i := range pos {
		pos[i] = -1
	}
	for i, v := range order {
		require.Equal(t, -1, pos[v], "vertex %d twice", v)
		pos[v] = i
	}
	for v := range n {
		for _, w := range g.Succ(v) {
			if pos[v] >= 0 && pos[w] >= 0 {
				require.Less(t, pos[v], pos[w], "edge %d>%d against the order", v, w)
			}
			if pos[w] >= 0 {
				require.GreaterOrEqual(t, pos[v], 0, "an ordered vertex has an unordered predecessor")
			}
		}
	}
	if n > 0 {
		reach := g.Reachable(0)
		for v := range n {
			for _, w := range g.Succ(v) {
				if reach[v] {
					require.True(t, reach[w])
				}
			}
		}
	}
}

// FuzzGraph decodes bytes as a vertex count and edges and checks that the
// algorithms agree with each other and never panic.
func FuzzGraph(f *testing.F) {
	f.Add([]byte{3, 0, 1, 1, 2, 2, 0})
	f.Add([]byte{5, 4, 2, 2, 3, 3, 1, 1, 2})
	f.Add([]byte{1, 0, 0})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := int(data[0]) % 40
		var es []Edge
		for i := 1; i+1 < len(data); i += 2 {
			es = append(es, Edge{int(data[i]) % (n + 2), int(data[i+1]) % (n + 2)}) // some out of range
		}
		checkGraph(t, n, es)
	})
}

func BenchmarkCycles(b *testing.B) {
	const n = 10_000
	var es []Edge
	for v := range n {
		es = append(es, Edge{v, (v*7 + 3) % n}, Edge{v, (v*13 + 1) % n})
	}
	b.ReportAllocs()
	for b.Loop() {
		New(n, es).Cycles()
	}
}

func TestRandomGraphs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		n := rng.IntN(30)
		es := make([]Edge, rng.IntN(3*n+1))
		for i := range es {
			es[i] = Edge{rng.IntN(n), rng.IntN(n)}
		}
		checkGraph(t, n, es)
	}
}
