package layout

import (
	"cmp"
	"slices"
)

// resolveDeps sets each item's deps: the items it depends on, in id order,
// once each, itself left out. The ordering and the edges read them (one
// lookup of each id).
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
		from := len(slab)
		for _, id := range ids {
			if d := l.byID[id]; d != nil && d != it {
				slab = append(slab, d)
				l.links++
			}
		}
		it.deps = slab[from:len(slab):len(slab)]
	}
}

// orderCells orders the story columns of each cell, left to right, and the
// tasks of each column, top to bottom, so that dependency links are short
// and cross less: a column moves to the barycentre of the entities its
// story and tasks are linked to (a few rounds, every column at once), a
// task up when its links go to bands above, down when to bands below.
//
// Positions count in columns, not pixels (a lane starts after the widest
// row of the lanes left of it), and a task's links by band: a task added
// without links changes no other band's order, wherever it widens or
// lengthens its own.
func (l *layouter) orderCells() {
	if l.links == 0 {
		return
	}
	n := len(l.items)
	o := orderer{l: l, x: make([]float64, 3*n), start: make([]float64, 2*len(l.lanes))}
	o.x, o.sum, o.n = o.x[:n], o.x[n:2*n], o.x[2*n:]
	o.start, o.side = o.start[:len(l.lanes)], o.start[len(l.lanes):]
	slots := make([]int, len(l.lanes))
	for i, b := range l.bands {
		b.index = i
		for _, c := range b.cells {
			slots[c.lane.rank] = max(slots[c.lane.rank], len(c.cols)+boolInt(c.foreign != nil)+boolInt(c.orphans != nil))
		}
	}
	x := 0.0
	for r, s := range slots {
		o.start[r] = x
		o.side[r] = x + float64(s) + 0.5
		x += float64(s) + 2 // its side slot, and a gap
	}
	o.place()
	// Every column at once (not band by band, sweeping down and up): as
	// few crossings on the benchmark graph, half the code.
	for range 4 {
		o.pull()
		for _, b := range l.bands {
			for _, c := range b.cells {
				o.sortColumns(c)
			}
		}
		o.place()
	}
	o.pullBands()
	for _, b := range l.bands {
		for _, c := range b.cells {
			for _, col := range c.cols {
				o.sortTasks(col)
			}
			if c.orphans != nil {
				o.sortTasks(c.orphans)
			}
		}
	}
}

// orderer holds orderCells' positions and sums, by item index.
type orderer struct {
	l     *layouter
	x     []float64 // in columns
	sum   []float64 // of the positions an item's links pull it to
	n     []float64 // how many
	start []float64 // of each lane, by rank
	side  []float64 // of each lane's side slot, by rank
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// place sets the position of every item from the order of the columns:
// a column's story and tasks at its place, the lane's tasks of stories in
// other lanes left or right of the stories (as place puts them), the
// tasks without a story after, a milestone over its band's stories, the
// side entities in their lane's side slot.
func (o *orderer) place() {
	for _, b := range o.l.bands {
		sum, n := 0.0, 0
		for _, c := range b.cells {
			x := o.start[c.lane.rank] + 0.5
			left := c.foreign != nil && foreignLeft(c)
			if left {
				o.setColumn(c.foreign, x)
				x++
			}
			for _, col := range c.cols {
				o.setColumn(col, x)
				sum += x
				n++
				x++
			}
			if c.foreign != nil && !left {
				o.setColumn(c.foreign, x)
				x++
			}
			if c.orphans != nil {
				o.setColumn(c.orphans, x)
			}
		}
		if h := b.head; h != nil && n > 0 {
			o.x[h.index] = sum / float64(n)
		}
		for _, it := range b.side {
			o.x[it.index] = o.side[it.lane.rank]
		}
	}
}

func (o *orderer) setColumn(col *column, x float64) {
	col.x = x
	if col.head != nil {
		o.x[col.head.index] = x
	}
	for _, t := range col.tasks {
		o.x[t.index] = x
	}
}

// pull sums, for each item, the positions of the items it is linked to:
// its dependencies, its dependents, and for a story its tasks in other
// lanes.
func (o *orderer) pull() {
	clear(o.sum)
	clear(o.n)
	for _, it := range o.l.items {
		i := it.index
		for _, d := range it.deps {
			o.sum[i] += o.x[d.index]
			o.n[i]++
			o.sum[d.index] += o.x[i]
			o.n[d.index]++
		}
		if acrossLanes(it) {
			o.sum[it.parent.index] += o.x[i]
			o.n[it.parent.index]++
		}
	}
}

// sortColumns orders a cell's story columns by the barycentre of what
// their story and tasks are linked to, their own place counting once (a
// column without links stays).
func (o *orderer) sortColumns(c *cell) {
	for _, col := range c.cols {
		sum, n := col.x, 1.0
		for _, t := range col.tasks {
			sum, n = sum+o.sum[t.index], n+o.n[t.index]
		}
		if h := col.head; h != nil {
			sum, n = sum+o.sum[h.index], n+o.n[h.index]
		}
		col.key = sum / n
	}
	slices.SortStableFunc(c.cols, func(a, b *column) int { return cmp.Compare(a.key, b.key) })
}

// pullBands sums, for each item, where its links go: -1 for each to a
// band above, +1 for each to a band below, 0 for each to its own (pulling
// those down as well crossed no fewer links on the benchmark graph, and
// took a task below its column's others away from its neighbour).
func (o *orderer) pullBands() {
	clear(o.sum)
	clear(o.n)
	for _, it := range o.l.items {
		i := it.index
		for _, d := range it.deps {
			dir := float64(cmp.Compare(d.band.index, it.band.index))
			o.sum[i] += dir
			o.sum[d.index] -= dir
			o.n[i]++
			o.n[d.index]++
		}
	}
}

// sortTasks orders a column's tasks by where their links go (pullBands):
// up the ones linked to bands above, down the ones linked to bands below,
// the others between, in id order: a link to a band above then leaves
// from high in the column, past fewer cards.
func (o *orderer) sortTasks(col *column) {
	for _, t := range col.tasks {
		t.order = 0
		if n := o.n[t.index]; n > 0 {
			t.order = o.sum[t.index] / n
		}
	}
	slices.SortStableFunc(col.tasks, func(a, b *item) int { return cmp.Compare(a.order, b.order) })
}
