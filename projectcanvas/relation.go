package projectcanvas

import "slices"

// Relation names one side of a stored relation pair. Both sides of every pair
// are written to the files of the two entities on every change, so that a
// reader of either file sees the link.
type Relation int

// The eight stored relation fields, forward side then inverse side.
const (
	DependsOn Relation = iota
	Blocks
	Implements
	ImplementedBy
	Documents
	DocumentedBy
	Affects
	DecidedBy
	relationCount
)

// relationPair is one row of the relation table: the field written on the
// holder's side, the field on the target's side, which types may hold the
// forward side and which they may point to (nil: any type).
type relationPair struct {
	forward, inverse string
	from, to         []Type
	rule             string // why a link was refused
}

// relationPairs is the one table of relation pairs and their allowed types.
// The schema's Inverse and Targets, the write path's checks and the
// navigation of search all read it. Indexed by Relation/2.
var relationPairs = [relationCount / 2]relationPair{
	{forward: "depends_on", inverse: "blocks"},
	{forward: "implements", inverse: "implemented_by", from: []Type{Milestone, Story, Task}, to: []Type{Feature},
		rule: "only milestones, stories and tasks implement features"},
	{forward: "documents", inverse: "documented_by", from: []Type{Document},
		rule: "only documents document other entities"},
	{forward: "affects", inverse: "decided_by", from: []Type{Decision},
		rule: "only decisions affect other entities"},
}

// Relations lists every stored relation field.
var Relations = []Relation{DependsOn, Blocks, Implements, ImplementedBy, Documents, DocumentedBy, Affects, DecidedBy}

func (r Relation) pair() relationPair { return relationPairs[r/2] }

// Field is the front matter key of the relation.
func (r Relation) Field() string {
	if r.Forward() {
		return r.pair().forward
	}
	return r.pair().inverse
}

// Inverse is the other side of the pair: Blocks for DependsOn and so on.
func (r Relation) Inverse() Relation { return r ^ 1 }

// Forward reports whether r is the side a user normally writes (depends_on,
// implements, documents, affects).
func (r Relation) Forward() bool { return r%2 == 0 }

// Holders lists the types that may hold relation r (nil: any type).
func (r Relation) Holders() []Type {
	if r.Forward() {
		return r.pair().from
	}
	return r.pair().to
}

// Targets lists the types relation r may point to (nil: any type).
func (r Relation) Targets() []Type { return r.Inverse().Holders() }

// relationByField maps a front matter key to its relation.
func relationByField(field string) (Relation, bool) {
	for _, r := range Relations {
		if r.Field() == field {
			return r, true
		}
	}
	return 0, false
}

// allowed reports whether an entity of type from may hold relation r to an
// entity of type to.
func (r Relation) allowed(from, to Type) bool {
	ok := func(types []Type, t Type) bool { return types == nil || slices.Contains(types, t) }
	return ok(r.Holders(), from) && ok(r.Targets(), to)
}

func (r Relation) rule() string { return r.pair().rule }

// Cycles finds the cycles of a graph of n nodes numbered 0..n-1, next
// giving each node's successors: it finds the strongly connected components
// (Tarjan, iteratively, so a long chain cannot overflow the stack) and
// reports, for each component that holds a cycle, shortest cycles through
// its members, lowest first, until every member is on one (listing every
// cycle could take exponential time). Each path starts and ends with the
// same node. Analysis uses it for dependency risks.
func Cycles(n int, next func(int32) []int32) [][]int32 {
	t := tarjan{next: next, index: make([]int32, n), low: make([]int32, n), onStack: make([]bool, n)}
	for v := range int32(n) {
		if t.index[v] == 0 && len(next(v)) > 0 {
			t.visit(v)
		}
	}
	var out [][]int32
	for _, comp := range t.found {
		covered := make(map[int32]bool, len(comp))
		for _, start := range comp {
			if covered[start] {
				continue
			}
			path := CycleThrough(start, next, func(w int32) bool {
				_, in := slices.BinarySearch(comp, w)
				return in
			})
			for _, v := range path {
				covered[v] = true
			}
			out = append(out, path)
		}
	}
	return out
}

type tarjan struct {
	next    func(int32) []int32
	counter int32
	index   []int32 // 1-based visit order; 0 means not visited
	low     []int32
	onStack []bool
	stack   []int32
	found   [][]int32 // components with a cycle, each sorted
}

type tarjanFrame struct {
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
	call := []tarjanFrame{{v: root}}
	for len(call) > 0 {
		top := &call[len(call)-1]
		v := top.v
		if succ := t.next(v); top.next < len(succ) {
			w := succ[top.next]
			top.next++
			switch {
			case t.index[w] == 0:
				t.enter(w)
				call = append(call, tarjanFrame{v: w})
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
// holds a cycle: two or more members, or one that is its own successor.
func (t *tarjan) pop(v int32) {
	// The component sits on top of the stack: search from the top, or a
	// long chain of single nodes costs quadratic time.
	i := len(t.stack) - 1
	for t.stack[i] != v {
		i--
	}
	comp := slices.Clone(t.stack[i:])
	t.stack = t.stack[:i]
	for _, w := range comp {
		t.onStack[w] = false
	}
	if len(comp) > 1 || slices.Contains(t.next(v), v) {
		slices.Sort(comp)
		t.found = append(t.found, comp)
	}
}

// CycleThrough returns a shortest cycle of next-links from start back to
// start (start first and last), or nil when there is none. It only steps on
// nodes for which within is true (nil: every node). With Cycles it is the
// one cycle finder of the project: the write path checks each changed
// entity's depends_on with it, and Cycles names the cycles of each strongly
// connected component with it.
func CycleThrough[N comparable](start N, next func(N) []N, within func(N) bool) []N {
	prev := map[N]N{}
	queue := []N{start}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range next(v) {
			if w == start {
				path := []N{start}
				for u := v; u != start; u = prev[u] {
					path = append(path, u)
				}
				slices.Reverse(path[1:])
				return append(path, start)
			}
			if _, seen := prev[w]; seen || (within != nil && !within(w)) {
				continue
			}
			prev[w] = v
			queue = append(queue, w)
		}
	}
	return nil
}
