package graph

import "container/heap"

// TopoOrder returns the vertices so that every edge goes from an earlier
// vertex to a later one (for depends_on edges, reverse it to get an order of
// work). Among the vertices free to come next, the smallest comes first, so
// the order is deterministic. ok is false when the graph has a cycle; order
// then holds the vertices that could be ordered (none on or behind a
// cycle), and Cycles names the culprits.
func (g *Graph) TopoOrder() (order []int, ok bool) {
	n := g.Len()
	indeg := make([]int32, n)
	for v := range n {
		for _, w := range g.Succ(v) {
			indeg[w]++
		}
	}
	ready := &minHeap{}
	for v := range n {
		if indeg[v] == 0 {
			*ready = append(*ready, v)
		}
	}
	heap.Init(ready)
	order = make([]int, 0, n)
	for ready.Len() > 0 {
		v := heap.Pop(ready).(int)
		order = append(order, v)
		for _, w := range g.Succ(v) {
			if indeg[w]--; indeg[w] == 0 {
				heap.Push(ready, int(w))
			}
		}
	}
	return order, len(order) == n
}

type minHeap []int

func (h minHeap) Len() int           { return len(h) }
func (h minHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h minHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *minHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *minHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// Reachable marks every vertex reachable from the given ones by following
// edges, the start vertices included.
func (g *Graph) Reachable(from ...int) []bool {
	seen := make([]bool, g.Len())
	stack := make([]int, 0, len(from))
	for _, v := range from {
		if v >= 0 && v < g.Len() && !seen[v] {
			seen[v] = true
			stack = append(stack, v)
		}
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, w := range g.Succ(v) {
			if !seen[w] {
				seen[w] = true
				stack = append(stack, int(w))
			}
		}
	}
	return seen
}

// Reach lists the vertices reachable from start in the graph whose edges
// next gives, start excluded, in breadth-first order (nearest first). Like
// CycleThrough it walks lazily.
func Reach[V comparable](start V, next func(V) []V) []V {
	seen := map[V]bool{start: true}
	var out []V
	queue := []V{start}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range next(v) {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
				queue = append(queue, w)
			}
		}
	}
	return out
}
