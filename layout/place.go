package layout

import (
	"cmp"
	"math"
	"slices"
)

func (l *layouter) placeLanes() {
	l.buildLanes()
	x := l.c.origin.X
	for _, ln := range l.lanes {
		ln.x = x
		l.placeLane(ln)
		x += ln.w + l.c.laneGap
	}
}

// placeLane places a lane's blocks top to bottom and its side column, with
// the lane's top at y = 0, then moves it down below any obstacle it would
// overlap.
func (l *layouter) placeLane(ln *lane) {
	treeW := 0.0
	for _, b := range ln.blocks {
		treeW = max(treeW, l.blockWidth(b))
	}
	y := 0.0
	var members []*item
	for _, b := range ln.blocks {
		y = l.placeBlock(b, ln.x, y, &members) + l.c.blockGap
	}
	sideW := 0.0
	for _, it := range ln.side {
		sideW = max(sideW, it.w)
	}
	sideX := ln.x
	if treeW > 0 && sideW > 0 {
		sideX += treeW + l.c.hGap
	}
	l.placeSide(ln, sideX, &members)
	ln.w = treeW
	if sideW > 0 {
		ln.w = sideX - ln.x + sideW
	}
	dy := l.clearObstacles(ln, members) + l.c.origin.Y
	for _, it := range members {
		it.rect.Y += dy
	}
}

// column is a story and the tasks below it.
func (l *layouter) columnWidth(story *item) float64 {
	w := story.w
	for _, t := range story.children {
		w = max(w, t.w+l.c.fan) // room for the fan whatever the number of tasks
	}
	return w
}

func (l *layouter) rowWidth(b *item) float64 {
	w := 0.0
	for i, s := range b.children {
		if i > 0 {
			w += l.c.hGap
		}
		w += l.columnWidth(s)
	}
	return w
}

func (l *layouter) blockWidth(b *item) float64 {
	if b.idx < 0 { // a pseudo-block: no head
		return l.rowWidth(b)
	}
	return max(b.w, l.rowWidth(b))
}

// placeBlock places a milestone centred over the row of its stories, each
// story's tasks in a column below it, fanned a step right every other task.
// It returns the bottom of the block.
func (l *layouter) placeBlock(b *item, x, y float64, members *[]*item) float64 {
	w := l.blockWidth(b)
	bottom := y
	if b.idx >= 0 {
		b.rect = Rect{x + (w-b.w)/2, y, b.w, b.h}
		*members = append(*members, b)
		y += b.h + l.c.vGap
		bottom = y - l.c.vGap
	}
	rowH := 0.0
	for _, s := range b.children {
		if s.idx >= 0 {
			rowH = max(rowH, s.h)
		}
	}
	colX := x + (w-l.rowWidth(b))/2
	for _, s := range b.children {
		ty := y
		if s.idx >= 0 { // a real story, not the holder of parentless tasks
			s.rect = Rect{colX, y, s.w, s.h}
			*members = append(*members, s)
			ty = y + rowH + l.c.vGap
			bottom = max(bottom, s.rect.Y+s.h)
		}
		for k, t := range s.children {
			t.rect = Rect{colX + float64(k%2)*l.c.fan, ty, t.w, t.h}
			*members = append(*members, t)
			ty += t.h + l.c.vGap/2
			bottom = max(bottom, t.rect.Y+t.h)
		}
		colX += l.columnWidth(s) + l.c.hGap
	}
	return bottom
}

// placeSide stacks decisions, documents and features in the lane's side
// column, each at the height of its anchor or just below the one above.
func (l *layouter) placeSide(ln *lane, x float64, members *[]*item) {
	anchorY := func(it *item) float64 {
		if a := l.anchor(it); a != nil {
			return a.rect.Y
		}
		return math.Inf(1) // unanchored ones at the end
	}
	slices.SortStableFunc(ln.side, func(a, b *item) int {
		return cmp.Or(cmp.Compare(anchorY(a), anchorY(b)), compareItems(a, b))
	})
	next := 0.0
	for _, it := range ln.side {
		y := next
		if ay := anchorY(it); !math.IsInf(ay, 1) {
			y = max(ay, next)
		}
		it.rect = Rect{x, y, it.w, it.h}
		*members = append(*members, it)
		next = y + it.h + l.c.vGap/2
	}
}

// clearObstacles returns how far down the lane must move so that none of
// its nodes overlaps an obstacle: 0 when none does, else below every
// obstacle in the lane's span.
func (l *layouter) clearObstacles(ln *lane, members []*item) float64 {
	var inSpan []Rect
	for _, o := range l.in.Obstacles {
		if o.X < ln.x+ln.w && ln.x < o.X+o.W {
			inSpan = append(inSpan, o)
		}
	}
	hit := false
	for _, it := range members {
		r := it.rect
		r.Y += l.c.origin.Y
		for _, o := range inSpan {
			if r.Overlaps(o) {
				hit = true
				break
			}
		}
		if hit {
			break
		}
	}
	if !hit {
		return 0
	}
	bottom := math.Inf(-1)
	for _, o := range inSpan {
		bottom = max(bottom, o.Y+o.H)
	}
	return bottom + l.c.vGap - l.c.origin.Y
}

func (l *layouter) result() Result {
	res := Result{Nodes: make([]Rect, len(l.in.Nodes))}
	for i := range l.in.Nodes {
		if it := l.byID[l.in.Nodes[i].ID]; it != nil {
			res.Nodes[i] = it.rect
		}
	}
	for _, ln := range l.lanes {
		res.Lanes = append(res.Lanes, Lane{Workstream: ln.name, X: ln.x, W: ln.w})
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
			fs, ts := Sides(it.rect, to.rect)
			res.Edges = append(res.Edges, Edge{From: it.ID, To: to.ID, FromSide: fs, ToSide: ts})
		}
	}
	return res
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
