package layout

import (
	"math"
	"slices"
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
	fs, ts := Sides(from.rect, to.rect)
	f, t := sideIndex(fs), sideIndex(ts)
	l.blockers = l.blockers[:0]
	if l.clear(from, to, f, t) {
		return Edge{From: from.ID, To: to.ID, FromSide: fs, ToSide: ts}
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
			return Edge{From: from.ID, To: to.ID, FromSide: sideNames[p.f], ToSide: sideNames[p.t]}
		}
	}
	l.blocked++
	return Edge{From: from.ID, To: to.ID, FromSide: fs, ToSide: ts}
}

// clear reports whether the segment from side f of a to side t of b
// leaves both and passes through no other node. The nodes it found in the
// way of earlier pairs are tried first: a node between two far-apart ones
// is in the way of most pairs, and testing it alone is cheaper than
// walking the grid.
func (l *layouter) clear(a, b *item, f, t int) bool {
	x1, y1 := anchorAt(a.rect, f)
	x2, y2 := anchorAt(b.rect, t)
	if !outward(a.rect, f, x2, y2) || !outward(b.rect, t, x1, y1) {
		return false
	}
	for _, o := range l.blockers {
		if SegmentCrosses(x1, y1, x2, y2, o.rect) {
			return false
		}
	}
	hit := l.ix.blocker(a, b, f, t)
	if hit != nil {
		if len(l.blockers) == cap(l.blockers) {
			copy(l.blockers, l.blockers[1:])
			l.blockers = l.blockers[:len(l.blockers)-1]
		}
		l.blockers = append(l.blockers, hit)
	}
	return hit == nil
}

// cardIndex is a grid of square cells over the placed nodes, each cell
// listing the nodes that overlap it, for finding the nodes a segment passes
// through without looking at every node.
type cardIndex struct {
	items      []*item
	x0, y0, cs float64
	cols, rows int
	start      []int32 // cell k's nodes are at[start[k]:start[k+1]]
	at         []int32
	seen       []uint32 // stamp per node: tested for this query already
	stamp      uint32
}

const cellSize = 512

func newCardIndex(items []*item) *cardIndex {
	ix := &cardIndex{items: items, cs: cellSize, seen: make([]uint32, len(items))}
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
		ix.cs = math.Max(x1-x0, y1-y0)/1024 + 1
		ix.cols, ix.rows = int((x1-x0)/ix.cs)+1, int((y1-y0)/ix.cs)+1
	}
	ix.start = make([]int32, ix.cols*ix.rows+1)
	var fill []int32
	for pass := range 2 { // count the nodes of each cell, then list them
		for i, it := range items {
			c0, c1 := ix.col(it.rect.X), ix.col(it.rect.X+it.rect.W)
			for r := ix.row(it.rect.Y); r <= ix.row(it.rect.Y+it.rect.H); r++ {
				for c := c0; c <= c1; c++ {
					if k := r*ix.cols + c; pass == 0 {
						ix.start[k+1]++
					} else {
						ix.at[fill[k]] = int32(i)
						fill[k]++
					}
				}
			}
		}
		if pass == 0 {
			for k := 1; k < len(ix.start); k++ {
				ix.start[k] += ix.start[k-1]
			}
			ix.at = make([]int32, ix.start[len(ix.start)-1])
			fill = slices.Clone(ix.start)
		}
	}
	return ix
}

func (ix *cardIndex) col(x float64) int {
	return min(max(int((x-ix.x0)/ix.cs), 0), ix.cols-1)
}

func (ix *cardIndex) row(y float64) int {
	return min(max(int((y-ix.y0)/ix.cs), 0), ix.rows-1)
}

// blocker is a node other than a and b that the segment from side f of a
// to side t of b passes through; nil when there is none.
func (ix *cardIndex) blocker(a, b *item, f, t int) *item {
	x1, y1 := anchorAt(a.rect, f)
	x2, y2 := anchorAt(b.rect, t)
	if ix.cols == 0 {
		return nil
	}
	ix.stamp++
	if ix.stamp == 0 {
		clear(ix.seen)
		ix.stamp = 1
	}
	if x1 > x2 {
		x1, y1, x2, y2 = x2, y2, x1, y1
	}
	c0, c1 := ix.col(x1), ix.col(x2)
	for c := c0; c <= c1; c++ {
		// The part of the segment over this column of cells.
		lo, hi := max(x1, ix.x0+float64(c)*ix.cs), min(x2, ix.x0+float64(c+1)*ix.cs)
		ya, yb := y1, y2
		if x2 > x1 {
			ya = y1 + (y2-y1)*(lo-x1)/(x2-x1)
			yb = y1 + (y2-y1)*(hi-x1)/(x2-x1)
		}
		if c == c0 && c == c1 {
			ya, yb = y1, y2
		}
		r0, r1 := ix.row(min(ya, yb)), ix.row(max(ya, yb))
		for r := r0; r <= r1; r++ {
			k := r*ix.cols + c
			for _, i := range ix.at[ix.start[k]:ix.start[k+1]] {
				if ix.seen[i] == ix.stamp {
					continue
				}
				ix.seen[i] = ix.stamp
				if it := ix.items[i]; it != a && it != b && SegmentCrosses(x1, y1, x2, y2, it.rect) {
					return it
				}
			}
		}
	}
	return nil
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
	dx, dy := x2-x1, y2-y1
	side := func(x, y float64) float64 { return dx*(y-y1) - dy*(x-x1) }
	a, b := side(r.X, r.Y), side(r.X+r.W, r.Y)
	c, d := side(r.X, r.Y+r.H), side(r.X+r.W, r.Y+r.H)
	return max(a, b, c, d) > 0 && min(a, b, c, d) < 0
}
