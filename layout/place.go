package layout

import (
	"cmp"
	"math"
	"slices"

	"github.com/projectcanvas/projectcanvas/graph"
)

// place sets the lanes' x, then places the bands top to bottom, each below
// the previous one and below the obstacles it would overlap.
func (l *layouter) place() {
	pad := l.c.lanePad
	for _, b := range l.bands {
		for _, c := range b.cells {
			if f := c.foreign; f != nil {
				// Grouped by story, in the order of the stories' lanes, then
				// of the stories in their row (orderCells; a story's index is
				// its place in id order): their links cross less.
				slices.SortStableFunc(f.tasks, func(x, y *item) int {
					p, q := x.parent, y.parent
					return cmp.Or(cmp.Compare(p.lane.rank, q.lane.rank), cmp.Compare(p.col.x, q.col.x), cmp.Compare(p.index, q.index))
				})
				if foreignLeft(c) {
					c.cols = append([]*column{f}, c.cols...) // their stories are to the left
				} else {
					c.cols = append(c.cols, f)
				}
			}
			if c.orphans != nil {
				c.cols = append(c.cols, c.orphans)
			}
			for k, col := range c.cols {
				col.at = k
				col.spliceBeside()
			}
			c.lane.content = max(c.lane.content, l.rowWidth(c))
		}
		for _, it := range b.side {
			it.lane.sideW = max(it.lane.sideW, it.rect.W)
		}
		slices.SortFunc(b.cells, func(x, y *cell) int { return cmp.Compare(x.lane.rank, y.lane.rank) })
	}
	x := l.c.origin.X
	for _, ln := range l.lanes {
		ln.x = x
		if ln.content > 0 {
			ln.w = ln.content + 2*pad
			x += ln.w
			if ln.sideW > 0 {
				x += l.c.hGap
			}
		}
		ln.sideX = x
		x += ln.sideW + l.c.laneGap
	}
	y := l.c.origin.Y
	for _, b := range l.bands {
		l.placeBand(b, y)
		l.clearObstacles(b)
		y = b.rect.Y + b.rect.H + l.c.blockGap
	}
	l.ix = newCardIndex(l.items)
	l.blockers = make([]Rect, 0, 8)
}

// spliceBeside puts the column's decisions and documents into its list of
// tasks, each just below the story or task it is about (after the others
// about the same one), once the tasks are in their order.
func (col *column) spliceBeside() {
	if len(col.beside) == 0 {
		return
	}
	out := make([]*item, 0, len(col.tasks)+len(col.beside))
	take := func(anchor *item) {
		for _, s := range col.beside {
			if s.anchor == anchor {
				out = append(out, s)
			}
		}
	}
	take(col.head)
	for _, t := range col.tasks {
		out = append(out, t)
		take(t)
	}
	col.tasks = out
}

// columnWidth is the width of a story and the tasks below it, with room
// for the fan whatever the number of tasks (none too: a first task widens
// nothing).
//
//go:noinline
func (l *layouter) columnWidth(c *column) float64 {
	w := 0.0
	if c.head != nil {
		w = c.head.rect.W
	}
	for _, t := range c.tasks {
		w = max(w, t.rect.W)
	}
	return w + l.c.fan
}

func (l *layouter) rowWidth(c *cell) float64 {
	w := 0.0
	for i, col := range c.cols {
		if i > 0 {
			w += l.c.hGap
		}
		w += l.columnWidth(col)
	}
	return w
}

// placeBand places a band with its top at y: the milestone, then, a label's
// height lower, the cells: in each the row of the band's stories of the
// lane and below each story the column of its tasks of the lane, fanned a
// step right every other task; the decisions, documents and features in
// the side slots, each level with its anchor or just below the one above.
// The milestone sits at the top left, the band's header.
func (l *layouter) placeBand(b *band, y float64) {
	pad := l.c.lanePad
	top := y
	if h := b.head; h != nil {
		y += h.rect.H + l.c.vGap
	}
	b.cellTop = y + LabelHeight
	storyY := b.cellTop + pad
	rowH := 0.0
	n := 1 + len(b.side)
	for _, c := range b.cells {
		for _, col := range c.cols {
			if col.head != nil {
				rowH = max(rowH, col.head.rect.H)
			}
			n += 1 + len(col.tasks)
		}
	}
	b.members = slices.Grow(b.members, n) // once, not by appends
	if h := b.head; h != nil {
		b.members = append(b.members, h)
	}
	taskY := storyY
	if rowH > 0 {
		taskY += rowH + l.c.vGap
	}
	bottom := storyY
	for _, c := range b.cells {
		colX := c.lane.x + pad
		for _, col := range c.cols {
			if s := col.head; s != nil {
				s.rect.X, s.rect.Y = colX, storyY
				b.members = append(b.members, s)
				bottom = max(bottom, storyY+s.rect.H)
			}
			ty := taskY
			for k, t := range col.tasks {
				t.rect.X, t.rect.Y = colX+float64(k%2)*l.c.fan, ty
				t.pos = int32(k)
				b.members = append(b.members, t)
				bottom = max(bottom, ty+t.rect.H)
				ty += t.rect.H + l.c.vGap/2
			}
			colX += l.columnWidth(col) + l.c.hGap
		}
	}
	bottom = max(bottom, l.placeSide(b))
	b.bottom = bottom + pad
	if len(b.cells) == 0 && len(b.side) == 0 { // a milestone alone
		b.bottom = b.cellTop - LabelHeight - l.c.vGap
	}
	if h := b.head; h != nil {
		// Every milestone at the left of its band's head row, at one x: the
		// band's header, and the edges between milestones run down the
		// canvas's left edge (left side to left side), clear of the cells.
		h.rect.X, h.rect.Y = l.c.origin.X, top
	}
	minX, maxX := math.Inf(1), math.Inf(-1)
	for _, it := range b.members {
		minX, maxX = min(minX, it.rect.X), max(maxX, it.rect.X+it.rect.W)
	}
	for _, c := range b.cells {
		minX, maxX = min(minX, c.lane.x), max(maxX, c.lane.x+c.lane.w)
	}
	b.rect = Rect{minX, top, maxX - minX, b.bottom - top}
}

// placeSide stacks the band's decisions, documents and features in the side
// slot of their lane, each at the height of its anchor or just below the
// one above, none above the cells' top. It returns the bottom of the
// lowest.
func (l *layouter) placeSide(b *band) float64 {
	slices.SortFunc(b.side, func(x, y *item) int {
		if x.lane != y.lane {
			return cmp.Compare(x.lane.rank, y.lane.rank)
		}
		if ax, ay := anchorY(x), anchorY(y); ax != ay {
			return cmp.Compare(ax, ay)
		}
		return compareItems(x, y)
	})
	bottom := 0.0
	var ln *lane
	next := 0.0
	for _, it := range b.side {
		if it.lane != ln {
			ln, next = it.lane, b.cellTop
		}
		y := next
		if ay := anchorY(it); !math.IsInf(ay, 1) {
			y = max(ay, next)
		}
		it.rect.X, it.rect.Y = ln.sideX, y
		b.members = append(b.members, it)
		bottom = max(bottom, y+it.rect.H)
		next = y + it.rect.H + l.c.vGap/2
	}
	return bottom
}

// clearObstacles moves a band down, as a whole, until its rectangle (which
// holds its cells' labels) overlaps no obstacle.
func (l *layouter) clearObstacles(b *band) {
	for {
		low := math.Inf(-1)
		for _, o := range l.in.Obstacles {
			if b.rect.Overlaps(o) {
				low = max(low, o.Y+o.H)
			}
		}
		if math.IsInf(low, -1) {
			return
		}
		dy := low + l.c.vGap - b.rect.Y
		b.rect.Y += dy
		b.cellTop += dy
		b.bottom += dy
		for _, it := range b.members {
			it.rect.Y += dy
		}
	}
}

func (l *layouter) result() Result {
	res := Result{Nodes: make([]Rect, len(l.in.Nodes))}
	for i := range l.in.Nodes {
		if it := &l.byInput[i]; it.Node != nil {
			res.Nodes[i] = it.rect
		} else if it := l.byID[l.in.Nodes[i].ID]; it != nil { // a node again
			res.Nodes[i] = it.rect
		}
	}
	for _, b := range l.bands {
		id := ""
		if b.head != nil {
			id = b.head.ID
		}
		res.Bands = append(res.Bands, Band{Milestone: id, Rect: b.rect})
		for _, c := range b.cells {
			if len(c.cols) > 0 {
				res.Lanes = append(res.Lanes, Lane{Workstream: c.lane.name, Band: id, X: c.lane.x, Y: b.cellTop, W: c.lane.w, H: b.bottom - b.cellTop})
			}
		}
	}
	parents := 0
	for _, it := range l.items {
		if acrossLanes(it) {
			parents++
		}
	}
	res.Edges = make([]Edge, 0, len(l.deps))
	if parents > 0 { // else nil, as before
		res.Parents = make([]Edge, 0, parents)
	}
	for _, it := range l.items {
		for _, to := range l.depsOf(it) {
			res.Edges = append(res.Edges, l.edge(it, to))
		}
		if acrossLanes(it) {
			res.Parents = append(res.Parents, l.edge(it, it.parent))
		}
	}
	res.Blocked = l.blocked
	return res
}

// foreignLeft reports whether the lane's tasks of stories in other lanes
// go left of its stories: when one of those stories is in a lane to the
// left.
func foreignLeft(c *cell) bool {
	for _, t := range c.foreign.tasks {
		if t.parent.lane.rank < c.lane.rank {
			return true
		}
	}
	return false
}

// acrossLanes reports whether it is a task in another lane than its story,
// linked to it by an edge (Result.Parents).
func acrossLanes(it *item) bool {
	return it.parent != nil && it.Type == graph.Task && it.parent.lane != it.lane
}

// Sides picks the sides of two nodes an edge between them attaches to: the
// sides that face each other along the axis where they are farther apart,
// relative to their sizes. Edges then leave a node toward their other end
// instead of wrapping around it, which keeps crossings low.
func Sides(from, to Rect) (fromSide, toSide string) {
	f, t := sides(from, to)
	return sideNames[f], sideNames[t]
}

// sides is Sides as indexes of sideNames, for the layout's edges (no
// lookup of the names back).
func sides(from, to Rect) (int, int) {
	fx, fy := from.center()
	tx, ty := to.center()
	dx, dy := tx-fx, ty-fy
	ax := math.Abs(dx) / math.Max((from.W+to.W)/2, 1)
	ay := math.Abs(dy) / math.Max((from.H+to.H)/2, 1)
	switch {
	case ay >= ax && dy < 0:
		return 0, 2 // top, bottom
	case ay >= ax:
		return 2, 0
	case dx < 0:
		return 3, 1 // left, right
	}
	return 1, 3
}

// sortedOnce reports whether ids are in id order with no id twice.
func sortedOnce(ids []string) bool {
	for i := 1; i < len(ids); i++ {
		if compareIDs(ids[i-1], ids[i]) >= 0 {
			return false
		}
	}
	return true
}

// anchorY is the height a decision, document or feature is placed at: its
// anchor's (placed before it), +Inf for none or a milestone (placed after
// the band's work), which go last.
//
//go:noinline
func anchorY(it *item) float64 {
	if it.anchor != nil && it.anchor.Type != "milestone" {
		return it.anchor.rect.Y
	}
	return math.Inf(1)
}
