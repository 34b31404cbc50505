package layout

import (
	"cmp"
	"math"
	"slices"
)

// placeLanes puts the lanes side by side, each as wide as its content, and
// each as far down as its obstacles need.
func (l *layouter) placeLanes() {
	l.buildLanes()
	x := l.c.origin.X
	for _, ln := range l.lanes {
		l.placeLane(ln, x)
		x += ln.rect.W + l.c.laneGap
	}
}

// placeLane places a lane's blocks top to bottom and its side column inside
// its rectangle, the rectangle's top at y = 0, then moves the lane down
// below the obstacles its rectangle or label would overlap.
func (l *layouter) placeLane(ln *lane, x float64) {
	pad := l.c.lanePad
	treeW := 0.0
	for _, b := range ln.blocks {
		treeW = max(treeW, l.blockWidth(b))
	}
	var members []*item
	y, bottom := pad, 0.0
	for _, b := range ln.blocks {
		bottom = l.placeBlock(b, x+pad, y, &members)
		y = bottom + l.c.blockGap
	}
	sideW := 0.0
	for _, it := range ln.side {
		sideW = max(sideW, it.w)
	}
	sideX := x + pad
	if treeW > 0 && sideW > 0 {
		sideX += treeW + l.c.hGap
	}
	bottom = max(bottom, l.placeSide(ln, sideX, pad, &members))
	w := treeW
	if sideW > 0 {
		w = sideX - x - pad + sideW
	}
	ln.rect = Rect{x, 0, w + 2*pad, bottom + pad}
	dy := l.clearObstacles(ln.rect) + l.c.origin.Y
	ln.rect.Y += dy
	for _, it := range members {
		it.rect.Y += dy
	}
}

// columnWidth is the width of a story and the tasks below it.
func (l *layouter) columnWidth(c *column) float64 {
	w := 0.0
	if c.head != nil {
		w = c.head.w
	}
	for _, t := range c.tasks {
		w = max(w, t.w+l.c.fan) // room for the fan whatever the number of tasks
	}
	return w
}

func (l *layouter) rowWidth(b *block) float64 {
	w := 0.0
	for i, c := range b.cols {
		if i > 0 {
			w += l.c.hGap
		}
		w += l.columnWidth(c)
	}
	return w
}

func (l *layouter) blockWidth(b *block) float64 {
	w := l.rowWidth(b)
	if b.head != nil {
		w = max(w, b.head.w)
	}
	return w
}

// placeBlock places a milestone centred over the row of its stories, each
// story's tasks in a column below it, fanned a step right every other task.
// Tasks of a story in another lane start where the tasks of the row's
// stories do. It returns the bottom of the block.
func (l *layouter) placeBlock(b *block, x, y float64, members *[]*item) float64 {
	w := l.blockWidth(b)
	bottom := y
	if h := b.head; h != nil {
		h.rect = Rect{x + (w-h.w)/2, y, h.w, h.h}
		*members = append(*members, h)
		bottom = y + h.h
		y = bottom + l.c.vGap
	}
	rowH := 0.0
	for _, c := range b.cols {
		if c.head != nil {
			rowH = max(rowH, c.head.h)
		}
	}
	taskY := y
	if rowH > 0 {
		taskY = y + rowH + l.c.vGap
	}
	colX := x + (w-l.rowWidth(b))/2
	for _, c := range b.cols {
		if s := c.head; s != nil {
			s.rect = Rect{colX, y, s.w, s.h}
			*members = append(*members, s)
			bottom = max(bottom, y+s.h)
		}
		ty := taskY
		for k, t := range c.tasks {
			t.rect = Rect{colX + float64(k%2)*l.c.fan, ty, t.w, t.h}
			*members = append(*members, t)
			bottom = max(bottom, ty+t.h)
			ty += t.h + l.c.vGap/2
		}
		colX += l.columnWidth(c) + l.c.hGap
	}
	return bottom
}

// placeSide stacks decisions, documents and features in the lane's side
// column, each at the height of its anchor or just below the one above,
// the first no higher than top. It returns the bottom of the column.
func (l *layouter) placeSide(ln *lane, x, top float64, members *[]*item) float64 {
	anchorY := func(it *item) float64 {
		if it.anchor != nil {
			return it.anchor.rect.Y
		}
		return math.Inf(1) // unanchored ones at the end
	}
	slices.SortStableFunc(ln.side, func(a, b *item) int {
		return cmp.Or(cmp.Compare(anchorY(a), anchorY(b)), compareItems(a, b))
	})
	next, bottom := top, 0.0
	for _, it := range ln.side {
		y := next
		if ay := anchorY(it); !math.IsInf(ay, 1) {
			y = max(ay, next)
		}
		it.rect = Rect{x, y, it.w, it.h}
		*members = append(*members, it)
		bottom = y + it.h
		next = bottom + l.c.vGap/2
	}
	return bottom
}

// clearObstacles returns how far down a lane whose rectangle is r (top at
// y = 0) must move so that neither the rectangle nor its label overlaps an
// obstacle: 0 when none does, else below every obstacle in its x span.
func (l *layouter) clearObstacles(r Rect) float64 {
	r.Y += l.c.origin.Y - LabelHeight
	r.H += LabelHeight
	hit, bottom := false, math.Inf(-1)
	for _, o := range l.in.Obstacles {
		if o.X < r.X+r.W && r.X < o.X+o.W {
			bottom = max(bottom, o.Y+o.H)
			hit = hit || r.Overlaps(o)
		}
	}
	if !hit {
		return 0
	}
	return bottom + l.c.vGap + LabelHeight - l.c.origin.Y
}

func (l *layouter) result() Result {
	res := Result{Nodes: make([]Rect, len(l.in.Nodes))}
	for i := range l.in.Nodes {
		if it := l.byID[l.in.Nodes[i].ID]; it != nil {
			res.Nodes[i] = it.rect
		}
	}
	for _, ln := range l.lanes {
		res.Lanes = append(res.Lanes, Lane{Workstream: ln.name, X: ln.rect.X, Y: ln.rect.Y, W: ln.rect.W, H: ln.rect.H})
	}
	for _, it := range l.items {
		deps := slices.Clone(it.DependsOn)
		slices.SortFunc(deps, compareIDs)
		deps = slices.Compact(deps)
		for _, id := range deps {
			to := l.byID[id]
			if to == nil || to == it {
				continue
			}
			res.Edges = append(res.Edges, edge(it, to))
		}
		if p := it.parent; p != nil && p.lane != it.lane {
			res.Parents = append(res.Parents, edge(it, p))
		}
	}
	return res
}

func edge(from, to *item) Edge {
	fs, ts := Sides(from.rect, to.rect)
	return Edge{From: from.ID, To: to.ID, FromSide: fs, ToSide: ts}
}

// Sides picks the sides of two nodes an edge between them attaches to: the
// sides that face each other along the axis where they are farther apart,
// relative to their sizes. Edges then leave a node toward their other end
// instead of wrapping around it, which keeps crossings low.
func Sides(from, to Rect) (fromSide, toSide string) {
	fx, fy := from.center()
	tx, ty := to.center()
	dx, dy := tx-fx, ty-fy
	ax := math.Abs(dx) / math.Max((from.W+to.W)/2, 1)
	ay := math.Abs(dy) / math.Max((from.H+to.H)/2, 1)
	switch {
	case ay >= ax && dy < 0:
		return "top", "bottom"
	case ay >= ax:
		return "bottom", "top"
	case dx < 0:
		return "left", "right"
	}
	return "right", "left"
}
