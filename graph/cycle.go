package graph

import "slices"

// Components returns the strongly connected components that hold a cycle:
// two or more vertices, or one vertex with an edge to itself. Each component
// is sorted; components come in order of their smallest vertex.
//
// It is Tarjan's algorithm run iteratively, so a chain of a million
// dependencies cannot overflow the stack.
func (g *Graph) Components() [][]int {
	n := g.Len()
	t := tarjan{g: g, index: make([]int32, n), low: make([]int32, n), onStack: make([]bool, n)}
	for v := range n {
		if t.index[v] == 0 && len(g.Succ(v)) > 0 {
			t.visit(int32(v))
		}
	}
	slices.SortFunc(t.found, func(a, b []int) int { return a[0] - b[0] })
	return t.found
}

type tarjan struct {
	g       *Graph
	counter int32
	index   []int32 // 1-based visit order; 0 means not visited
	low     []int32
	onStack []bool
	stack   []int32
	found   [][]int
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
		if succ := t.g.Succ(int(v)); top.next < len(succ) {
			w := succ[top.next]
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
	// long chain of single vertices costs quadratic time.
	i := len(t.stack) - 1
	for t.stack[i] != v {
		i--
	}
	members := t.stack[i:]
	t.stack = t.stack[:i]
	for _, w := range members {
		t.onStack[w] = false
	}
	if len(members) == 1 && !slices.Contains(t.g.Succ(int(v)), v) {
		return
	}
	comp := make([]int, len(members))
	for k, w := range members {
		comp[k] = int(w)
	}
	slices.Sort(comp)
	t.found = append(t.found, comp)
}

// Cycles reports, for each component with a cycle, shortest cycles through
// its members, smallest vertex first, skipping members already on a
// reported cycle: every vertex that lies on a cycle is named at least once,
// without listing every cycle (there can be exponentially many). Each path
// starts and ends with the same vertex: [a b c a].
func (g *Graph) Cycles() [][]int {
	comps := g.Components()
	if len(comps) == 0 {
		return nil
	}
	// comp[v] names the component of v (+1; 0 is none); the search arrays
	// are shared by every search, a stamp telling fresh marks from stale.
	s := &cycleSearch{g: g, comp: make([]int32, g.Len()), prev: make([]int32, g.Len()), stamp: make([]int32, g.Len())}
	for k, c := range comps {
		for _, v := range c {
			s.comp[v] = int32(k + 1)
		}
	}
	var out [][]int
	covered := make([]bool, g.Len())
	for _, c := range comps {
		for _, start := range c {
			if covered[start] {
				continue
			}
			path := s.shortest(int32(start))
			for _, v := range path {
				covered[v] = true
			}
			out = append(out, path)
		}
	}
	return out
}

type cycleSearch struct {
	g                 *Graph
	comp, prev, stamp []int32
	round             int32
	queue             []int32
}

// shortest searches breadth-first from start, inside its component, back to
// start. Members of a component always lie on a cycle.
func (s *cycleSearch) shortest(start int32) []int {
	s.round++
	s.queue = append(s.queue[:0], start)
	for len(s.queue) > 0 {
		v := s.queue[0]
		s.queue = s.queue[1:]
		for _, w := range s.g.Succ(int(v)) {
			if w == start {
				path := []int{int(start)}
				for x := v; x != start; x = s.prev[x] {
					path = append(path, int(x))
				}
				slices.Reverse(path[1:])
				return append(path, int(start))
			}
			if s.stamp[w] != s.round && s.comp[w] == s.comp[start] {
				s.stamp[w], s.prev[w] = s.round, v
				s.queue = append(s.queue, w)
			}
		}
	}
	return []int{int(start), int(start)} // unreachable for a real component
}

// CycleThrough returns a shortest cycle through start in the graph whose
// edges next gives, as the path start, ..., start; nil when start lies on
// no cycle. next is called at most once per vertex reachable from start, so
// a check after one edit does not build the whole graph. Vertices for which
// next returns nothing end the search there (an unknown id, for example).
func CycleThrough[V comparable](start V, next func(V) []V) []V {
	prev := map[V]V{}
	queue := []V{start}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range next(v) {
			if w == start {
				return tracePath(prev, start, v)
			}
			if _, seen := prev[w]; !seen {
				prev[w] = v
				queue = append(queue, w)
			}
		}
	}
	return nil
}

// tracePath rebuilds start -> ... -> last -> start from the predecessor
// links of a breadth-first search.
func tracePath[V comparable](prev map[V]V, start, last V) []V {
	path := []V{start}
	for v := last; v != start; v = prev[v] {
		path = append(path, v)
	}
	slices.Reverse(path[1:])
	return append(path, start)
}
