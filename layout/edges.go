package layout

import (
	"math"
	"slices"

	"github.com/projectcanvas/projectcanvas/graph"
)

var sideNames = [4]string{"top", "right", "bottom", "left"}

// anchorAt is the middle of side s of r, where an edge attaches.
func anchorAt(r Rect, s int) (float64, float64) {
	switch s {
	case 0:
		return r.X + r.W/2, r.Y
	case 1:
		return r.X + r.W, r.Y + r.H/2
	case 2:
		return r.X + r.W/2, r.Y + r.H
	}
	return r.X, r.Y + r.H/2
}

func sideIndex(s string) int { return slices.Index(sideNames[:], s) }

// outward reports whether the segment from the middle of side s of r to
// (x, y) leaves r: goes no further into r than its side's line. A segment
// that does not would cross its own node.
func outward(r Rect, s int, x, y float64) bool {
	switch s {
	case 0:
		return y <= r.Y
	case 1:
		return x >= r.X+r.W
	case 2:
		return y >= r.Y+r.H
	}
	return x <= r.X
}

// edge is the edge from one node to another with its sides: those Sides
// picks when the straight segment between them passes through no node
// (its ends included: it leaves both outward), else the pair of sides with
// the shortest such segment; when every pair passes through one, those
// Sides picks (and the edge counts as blocked).
func (l *layouter) edge(from, to *item) Edge {
	f, t := sides(from.rect, to.rect)
	if from.Type == graph.Milestone && to.Type == graph.Milestone {
		f, t = 3, 3 // left to left: down the milestones' column, past the bands
	}
	l.blockers = neighbours(to, neighbours(from, l.blockers[:0]))
	if l.clear(from, to, f, t) {
		return edgeOf(from, to, f, t)
	}
	type pair struct {
		f, t int
		d    float64
	}
	var pairs [16]pair
	n := 0
	for i := range pairs { // the pairs that leave both nodes, shortest first
		x1, y1 := anchorAt(from.rect, i/4)
		x2, y2 := anchorAt(to.rect, i%4)
		if i/4 == f && i%4 == t || !outward(from.rect, i/4, x2, y2) || !outward(to.rect, i%4, x1, y1) {
			continue
		}
		p := pair{i / 4, i % 4, (x2-x1)*(x2-x1) + (y2-y1)*(y2-y1)}
		k := n
		for ; k > 0 && pairs[k-1].d > p.d; k-- {
			pairs[k] = pairs[k-1]
		}
		pairs[k] = p
		n++
	}
	for _, p := range pairs[:n] {
		if l.clear(from, to, p.f, p.t) {
			return edgeOf(from, to, p.f, p.t)
		}
	}
	// Every pair passes through a card: the one through fewest, when some
	// pass through few (under fewLimit), the facing sides on a tie, else
	// the shorter; else the facing sides. A count stops at its limit: an
	// edge through many cards whatever its sides (a long one, across
	// bands) costs a short walk per pair, not the segment's whole length.
	l.blocked++
	best, fewest := f*4+t, l.hits(from, to, f, t, fewLimit)
	for _, p := range pairs[:n] {
		if fewest <= 1 {
			break
		}
		if h := l.hits(from, to, p.f, p.t, fewest); h < fewest {
			best, fewest = p.f*4+p.t, h
		}
	}
	return edgeOf(from, to, best/4, best%4)
}

// fewLimit is the number of cards in the way that edge counts to: pairs
// of sides through as many or more are not told apart.
const fewLimit = 10

// hits counts the cards other than a and b that the segment from side f
// of a to side t of b passes through, up to limit.
func (l *layouter) hits(a, b *item, f, t, limit int) int {
	x1, y1 := anchorAt(a.rect, f)
	x2, y2 := anchorAt(b.rect, t)
	if x1 > x2 {
		x1, y1, x2, y2 = x2, y2, x1, y1
	}
	return l.ix.count(a.index, b.index, x1, y1, x2, y2, &l.seen, limit)
}

func edgeOf(from, to *item, f, t int) Edge {
	return Edge{From: from.ID, To: to.ID, FromSide: sideNames[f], ToSide: sideNames[t], FromNode: int(from.input), ToNode: int(to.input)}
}

// neighbours appends to list the rectangles of the cards next to it: for
// a task, those just above (its story, for the first) and below in its
// column; for a story, its first task and the stories beside it in its
// row. They are the cards most often in the way of an edge leaving it, and
// cheaper to test first than a walk of the grid.
func neighbours(it *item, list []Rect) []Rect {
	col := it.col
	switch {
	case col == nil:
		return list
	case it == col.head:
		if len(col.tasks) > 0 {
			list = append(list, col.tasks[0].rect)
		}
		row, a := col.cell.cols, col.at
		if a > 0 && row[a-1].head != nil {
			list = append(list, row[a-1].head.rect)
		}
		if a+1 < len(row) && row[a+1].head != nil {
			list = append(list, row[a+1].head.rect)
		}
		return list
	}
	if k := int(it.pos); k > 0 {
		list = append(list, col.tasks[k-1].rect)
	} else if col.head != nil {
		list = append(list, col.head.rect)
	}
	if k := int(it.pos); k+1 < len(col.tasks) {
		list = append(list, col.tasks[k+1].rect)
	}
	return list
}

// clear reports whether the segment from side f of a to side t of b
// leaves both and passes through no other node. The blockers are tried
// first: the cards next to a and b (edge puts them there), then the nodes
// found in the way of earlier pairs (a node between two far-apart ones is
// in the way of most pairs); testing one alone is cheaper than walking
// the grid.
func (l *layouter) clear(a, b *item, f, t int) bool {
	x1, y1 := anchorAt(a.rect, f)
	x2, y2 := anchorAt(b.rect, t)
	if !outward(a.rect, f, x2, y2) || !outward(b.rect, t, x1, y1) {
		return false
	}
	// Every test, of a rectangle found before or in the walk, takes the
	// segment left end first: a card's corner a rounding away from the line
	// gets one answer, whichever test meets the card.
	if x1 > x2 {
		x1, y1, x2, y2 = x2, y2, x1, y1
	}
	for _, o := range l.blockers {
		if SegmentCrosses(x1, y1, x2, y2, o) {
			return false
		}
	}
	hit, found := l.ix.blocker(a.index, b.index, x1, y1, x2, y2)
	if found {
		if len(l.blockers) == cap(l.blockers) {
			copy(l.blockers, l.blockers[1:])
			l.blockers = l.blockers[:len(l.blockers)-1]
		}
		l.blockers = append(l.blockers, hit)
	}
	return !found
}

// cardIndex is a grid of square cells over the placed nodes, each cell
// listing the nodes that overlap it, for finding the nodes a segment passes
// through without looking at every node.
type cardIndex struct {
	x0, y0, cs float64
	inv        float64 // 1/cs
	cols, rows int
	start      []int32 // cell k's nodes are at[start[k]:start[k+1]]
	at         []int32
	// items are the nodes by index (item.index). A node over several
	// cells may be tested twice in a walk: cheaper than remembering which
	// were.
	items []*item
}

const cellSize = 1024 // a power of two (see inv)

func newCardIndex(items []*item) *cardIndex {
	ix := &cardIndex{cs: cellSize, items: items}
	if len(items) == 0 {
		return ix
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, it := range items {
		x0, y0 = min(x0, it.rect.X), min(y0, it.rect.Y)
		x1, y1 = max(x1, it.rect.X+it.rect.W), max(y1, it.rect.Y+it.rect.H)
	}
	ix.x0, ix.y0 = x0, y0
	ix.cols = int((x1-x0)/ix.cs) + 1
	ix.rows = int((y1-y0)/ix.cs) + 1
	if ix.cols*ix.rows > 1<<22 { // far-flung sizes: one coarse grid
		// A power of two, as cellSize: dividing by it is multiplying by inv.
		ix.cs = math.Exp2(math.Ceil(math.Log2(math.Max(x1-x0, y1-y0)/1024 + 1)))
		ix.cols, ix.rows = int((x1-x0)/ix.cs)+1, int((y1-y0)/ix.cs)+1
	}
	ix.inv = 1 / ix.cs
	ix.start = make([]int32, ix.cols*ix.rows+1)
	// Count the nodes of each cell in start[k], sum the counts (start[k]
	// is then where cell k's list ends), then list the nodes, each cell's
	// from its end back (start[k] is then where it begins): no second
	// array to fill from.
	for pass := range 2 {
		for i, it := range items {
			r := it.rect
			c0, c1 := ix.cell(r.X, ix.x0, ix.cols), ix.cell(r.X+r.W, ix.x0, ix.cols)
			for row := ix.cell(r.Y, ix.y0, ix.rows); row <= ix.cell(r.Y+r.H, ix.y0, ix.rows); row++ {
				for c := c0; c <= c1; c++ {
					if k := row*ix.cols + c; pass == 0 {
						ix.start[k]++
					} else {
						ix.start[k]--
						ix.at[ix.start[k]] = int32(i)
					}
				}
			}
		}
		if pass == 0 {
			for k := 1; k < len(ix.start); k++ {
				ix.start[k] += ix.start[k-1] // the last, of no cell: the total
			}
			ix.at = make([]int32, ix.start[len(ix.start)-1])
		}
	}
	return ix
}

// cell is the column (origin x0, n columns) or row (y0, n rows) of the
// cells that v falls in, clamped to the grid.
func (ix *cardIndex) cell(v, origin float64, n int) int {
	return min(max(int((v-origin)*ix.inv), 0), n-1)
}

// blocker is a node other than nodes a and b (by index) that the segment
// from (x1, y1) to (x2, y2), x1 <= x2, passes through: its rectangle and
// true; false when there is none.
//
// It walks the cells the segment passes over a strip at a time along the
// axis it runs along more (a strip then spans one or two cells), from the
// middle strip outward. The pairs of sides of one edge tried in turn have
// segments that start and end a card apart but run close together
// between, so a node in the way in the middle is most often in the way of
// the next pair too (clear tries it first): one walk for several pairs.
func (ix *cardIndex) blocker(a, b int32, x1, y1, x2, y2 float64) (Rect, bool) {
	hit, n := ix.walk(a, b, x1, y1, x2, y2, nil, 1)
	return hit, n > 0
}

// count is the number of nodes other than a and b that the segment from
// (x1, y1) to (x2, y2), x1 <= x2, passes through, each once however many
// cells it spans, counted up to limit (seen is scratch space for the ones
// counted).
func (ix *cardIndex) count(a, b int32, x1, y1, x2, y2 float64, seen *[]int32, limit int) int {
	*seen = (*seen)[:0]
	_, n := ix.walk(a, b, x1, y1, x2, y2, seen, limit)
	return n
}

// walk finds the nodes the segment passes through, as blocker says, until
// it has found limit of them: the last found and how many. With seen nil,
// a node found twice (over two cells) counts twice: limit 1 needs no list.
func (ix *cardIndex) walk(a, b int32, x1, y1, x2, y2 float64, seen *[]int32, limit int) (Rect, int) {
	found := 0
	if ix.cols == 0 {
		return Rect{}, 0
	}
	// u is the axis along the strips, v across; su and sv step a cell
	// index along them.
	u1, v1, u2, v2 := x1, y1, x2, y2
	u0, v0, nu, nv, su, sv := ix.x0, ix.y0, ix.cols, ix.rows, 1, ix.cols
	if math.Abs(y2-y1) > x2-x1 {
		u1, v1, u2, v2 = y1, x1, y2, x2
		if u1 > u2 {
			u1, v1, u2, v2 = u2, v2, u1, v1
		}
		u0, v0, nu, nv, su, sv = ix.y0, ix.x0, ix.rows, ix.cols, ix.cols, 1
	}
	slope := 0.0
	if u2 > u1 {
		slope = (v2 - v1) / (u2 - u1)
	}
	// The cells across a strip come from v at its two ends; a hair more
	// each way keeps a rounding at a cell's border from missing a cell.
	pad := 1e-9 * (math.Abs(v1) + math.Abs(v2) + ix.cs)
	ymin, ymax := y1, y2
	if y1 > y2 {
		ymin, ymax = y2, y1
	}
	dx, dy := x2-x1, y2-y1
	m0, m1 := ix.cell(u1, u0, nu), ix.cell(u2, u0, nu)
	mid := (m0 + m1) / 2
	for j := range m1 - m0 + 1 {
		m := mid - j/2 // mid, mid+1, mid-1, mid+2...: m0 to m1 in all
		if j%2 == 1 {
			m = mid + (j+1)/2
		}
		va, vb := v1, v2
		if m > m0 {
			va = v1 + slope*(u0+float64(m)*ix.cs-u1)
		}
		if m < m1 {
			vb = v1 + slope*(u0+float64(m+1)*ix.cs-u1)
		}
		if va > vb {
			va, vb = vb, va
		}
		for n, n1 := ix.cell(va-pad, v0, nv), ix.cell(vb+pad, v0, nv); n <= n1; n++ {
			k := m*su + n*sv
			for _, i := range ix.at[ix.start[k]:ix.start[k+1]] {
				c := &ix.items[i].rect
				// SegmentCrosses's first test, here to save most calls.
				if c.X >= x2 || c.X+c.W <= x1 || c.Y >= ymax || c.Y+c.H <= ymin || i == a || i == b {
					continue
				}
				if !straddles(x1, y1, dx, dy, *c) {
					continue
				}
				if seen != nil {
					if slices.Contains(*seen, i) {
						continue
					}
					*seen = append(*seen, i)
				}
				if found++; found >= limit {
					return *c, found
				}
			}
		}
	}
	return Rect{}, found
}

// SegmentCrosses reports whether the segment from (x1, y1) to (x2, y2)
// passes through the inside of r (touching its border does not count). It
// looks for a separating axis: the segment misses the open rectangle when
// their extents do not overlap in x or in y, or when the rectangle lies
// wholly on one side of the segment's line (corners on the line count as
// that side). No division: it runs for every card near every edge.
func SegmentCrosses(x1, y1, x2, y2 float64, r Rect) bool {
	if max(x1, x2) <= r.X || min(x1, x2) >= r.X+r.W || max(y1, y2) <= r.Y || min(y1, y2) >= r.Y+r.H {
		return false
	}
	return straddles(x1, y1, x2-x1, y2-y1, r)
}

// straddles reports whether r has corners strictly on both sides of the
// line through (x1, y1) with direction (dx, dy): SegmentCrosses past its
// bounding-box test, which the grid walk makes itself.
func straddles(x1, y1, dx, dy float64, r Rect) bool {
	a := dx*(r.Y-y1) - dy*(r.X-x1)
	b := dx*(r.Y-y1) - dy*(r.X+r.W-x1)
	c := dx*(r.Y+r.H-y1) - dy*(r.X-x1)
	d := dx*(r.Y+r.H-y1) - dy*(r.X+r.W-x1)
	// max(a, b, c, d) > 0 && min(a, b, c, d) < 0 without max and min
	// (which pay for NaN and signed zeros): false when one is NaN.
	return (a > 0 || b > 0 || c > 0 || d > 0) && (a < 0 || b < 0 || c < 0 || d < 0) && a == a && b == b && c == c && d == d
}
