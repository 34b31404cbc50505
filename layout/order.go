package layout

import (
	"cmp"
	"slices"

	"github.com/projectcanvas/projectcanvas/graph"
)

// resolveDeps lists each item's dependencies (depsOf): the items it
// depends on, in id order, once each, itself left out. The ordering and
// the edges read them (one lookup of each id).
func (l *layouter) resolveDeps() {
	n := 0
	for _, it := range l.items {
		n += len(it.DependsOn)
	}
	slab := make([]*item, 0, n) // one allocation for all
	for _, it := range l.items {
		ids := it.DependsOn // copied only to sort them (the input is not ours)
		if !sortedOnce(ids) {
			ids = slices.Clone(ids)
			slices.SortFunc(ids, compareIDs)
			ids = slices.Compact(ids)
		}
		it.deps[0] = int32(len(slab))
		for _, id := range ids {
			if d := l.byID[id]; d != nil && d != it {
				slab = append(slab, d)
			}
		}
		it.deps[1] = int32(len(slab))
	}
	l.deps = slab
}

// orderCells orders the story columns of each cell, left to right, and the
// tasks of each column, top to bottom, so that dependency links are short
// and cross less: a column moves to the barycentre of the entities its
// story and tasks are linked to (two rounds, every column at once), a
// task up when its links go to bands above, down when to bands below.
//
// Positions count in columns, not pixels (a lane starts after the widest
// row of the lanes left of it), and a task's links by band: a task added
// without links changes no other band's order, wherever it widens or
// lengthens its own.
func (l *layouter) orderCells() {
	if len(l.deps) == 0 {
		return
	}
	var linked []*item // the items with a link to pull by
	for _, it := range l.items {
		if it.deps[1] > it.deps[0] || acrossLanes(it) {
			linked = append(linked, it)
		}
	}
	start, side := l.laneStarts()
	placeColumns(l.bands, start)
	// Every column at once (not band by band, sweeping down and up): as
	// few crossings on the benchmark graph, less code. Two rounds: the
	// example vault and a generated one of 2,000 entities are as after
	// four, the benchmark graph within 0.5% of its crossings.
	for range 2 {
		l.pullColumns(linked, side)
		for _, b := range l.bands {
			for _, c := range b.cells {
				slices.SortStableFunc(c.cols, func(p, q *column) int {
					return cmp.Compare((p.x+p.pull)/(1+p.links), (q.x+q.pull)/(1+q.links))
				})
			}
		}
		placeColumns(l.bands, start)
	}
	l.sortTasks(linked)
}

// laneStarts are, by lane rank, where each lane's cells start and where
// its side slot is, in columns: a lane after the widest row of the lanes
// left of it, its side slot, and a gap. It numbers the bands too.
func (l *layouter) laneStarts() (start, side []float64) {
	start = make([]float64, 2*len(l.lanes))
	start, side = start[:len(l.lanes)], start[len(l.lanes):]
	for i, b := range l.bands {
		b.index = i
		for _, c := range b.cells {
			w := len(c.cols) // and the columns place adds
			if c.foreign != nil {
				w++
			}
			if c.orphans != nil {
				w++
			}
			side[c.lane.rank] = max(side[c.lane.rank], float64(w))
		}
	}
	x := 0.0
	for r, w := range side {
		start[r] = x
		side[r] = x + w + 0.5
		x += w + 2
	}
	return start, side
}

// pullColumns sums, for each column, the places of what its story and
// tasks are linked to (side: the lanes' side slots): their dependencies
// and dependents, and a story's tasks in other lanes.
func (l *layouter) pullColumns(linked []*item, side []float64) {
	for _, b := range l.bands {
		for _, c := range b.cells {
			for _, col := range c.cols {
				col.pull, col.links = 0, 0
			}
		}
	}
	for _, it := range linked {
		xi := it.orderX(side)
		for _, d := range l.depsOf(it) {
			it.col.add(d.orderX(side))
			d.col.add(xi)
		}
		if acrossLanes(it) {
			it.parent.col.add(xi)
		}
	}
}

// add counts a link of the column's story or a task of it to x; nothing
// for no column (a milestone or side entity).
func (col *column) add(x float64) {
	if col != nil {
		col.pull += x
		col.links++
	}
}

// orderX is where an item is in orderCells: at its column, a milestone
// over its band's stories, a side entity in its lane's side slot.
func (it *item) orderX(side []float64) float64 {
	switch {
	case it.col != nil:
		return it.col.x
	case graph.Hierarchical(it.Type):
		return it.band.x // a milestone
	}
	return side[it.lane.rank]
}

// placeColumns sets the place of every column from their order (start is
// where each lane's cells start, by rank): the story columns in a row, the
// lane's tasks of stories in other lanes left or right of them (as place
// puts them), the tasks without a story after; a milestone over its
// band's stories.
func placeColumns(bands []*band, start []float64) {
	for _, b := range bands {
		sum, n := 0.0, 0
		for _, c := range b.cells {
			x := start[c.lane.rank] + 0.5
			left := c.foreign != nil && foreignLeft(c)
			if left {
				c.foreign.x = x
				x++
			}
			for _, col := range c.cols {
				col.x = x
				sum += x
				n++
				x++
			}
			if c.foreign != nil && !left {
				c.foreign.x = x
				x++
			}
			if c.orphans != nil {
				c.orphans.x = x
			}
		}
		if n > 0 {
			b.x = sum / float64(n)
		}
	}
}

// sortTasks orders each column's tasks by where their links go: up the
// ones with more links to bands above than below, down the ones with more
// to bands below (links in their own band count as neither), the others
// between, in id order: a link to a band above then leaves from high in
// the column, past fewer cards.
func (l *layouter) sortTasks(linked []*item) {
	for _, it := range linked {
		for _, d := range l.depsOf(it) {
			dir := float32(cmp.Compare(d.band.index, it.band.index))
			it.up += dir
			d.up -= dir
		}
	}
	for _, b := range l.bands {
		for _, c := range b.cells {
			for _, col := range c.cols {
				sortByUp(col.tasks)
			}
			if c.orphans != nil {
				sortByUp(c.orphans.tasks)
			}
		}
	}
}

// sortByUp sorts tasks by their up, stably: by insertion (a column is
// short, and most are 0, in order already), or slices.SortStableFunc when
// long.
func sortByUp(tasks []*item) {
	if len(tasks) > 32 {
		slices.SortStableFunc(tasks, func(a, b *item) int { return cmp.Compare(a.up, b.up) })
		return
	}
	for i := 1; i < len(tasks); i++ {
		t := tasks[i]
		j := i
		for ; j > 0 && tasks[j-1].up > t.up; j-- {
		}
		if j < i { // a task in place is not written again (a pointer write pays for the collector)
			copy(tasks[j+1:i+1], tasks[j:i])
			tasks[j] = t
		}
	}
}
