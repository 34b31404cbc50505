package layout

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/projectcanvas/projectcanvas/graph"
)

// Node is one entity to place.
type Node struct {
	ID         string
	Type       string // milestone, story, task, decision, document, feature
	Workstream string
	// Parent is the milestone of a story, the story of a task.
	Parent string
	// Anchors are the entities a decision affects, a document documents, or
	// a feature is implemented by: it is placed beside the first one.
	Anchors []string
	// DependsOn lists the entities this one depends on; each becomes an
	// edge.
	DependsOn     []string
	Width, Height float64 // 0 takes the default size
}

// Rect is a rectangle: top-left corner and size.
type Rect struct {
	X, Y, W, H float64
}

// Overlaps reports whether two rectangles share any area.
func (r Rect) Overlaps(o Rect) bool {
	return r.X < o.X+o.W && o.X < r.X+r.W && r.Y < o.Y+o.H && o.Y < r.Y+r.H
}

func (r Rect) center() (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Input is what Layout places.
type Input struct {
	Nodes []Node
	// Obstacles are areas to keep clear: nodes of the canvas the layout does
	// not own.
	Obstacles []Rect
}

// Edge is a dependency edge with the sides it attaches to.
type Edge struct {
	From, To         string // From depends on To
	FromSide, ToSide string // top, right, bottom, left
	// FromNode and ToNode are the places of From's and To's nodes in
	// Input.Nodes (the first, for an id given twice): a caller that keeps
	// its nodes by place finds them without looking the ids up.
	FromNode, ToNode int
}

// Lane is one cell of the grid: the rectangle of a workstream's lane in one
// band. Every story and task of the band in the workstream lies inside it,
// a margin from its sides; the cells of one workstream share x in every
// band (a lane reads as one column from top to bottom) and the cells of two
// workstreams never share x. The canvas draws each as a group labelled
// with the workstream; the label sits above the rectangle (as the editor
// draws group labels), in a band of LabelHeight the layout keeps clear of
// other nodes.
type Lane struct {
	Workstream string `json:"workstream"`
	// Band is the id of the band's milestone; "" for the final band (work
	// without a milestone).
	Band string  `json:"band"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	W    float64 `json:"width"`
	H    float64 `json:"height"`
}

// Rect is the lane's rectangle.
func (l Lane) Rect() Rect { return Rect{l.X, l.Y, l.W, l.H} }

// LabelHeight is the band above a lane kept for its label.
const LabelHeight = 40

// Band is one horizontal band of the grid: a milestone and its work, or
// (Milestone "") the final band.
type Band struct {
	Milestone string `json:"milestone"`
	Rect
}

// Result holds the position of every node, in the order of Input.Nodes.
type Result struct {
	Nodes []Rect
	Edges []Edge
	// Lanes are the cells of the grid, band by band, left to right.
	Lanes []Lane
	Bands []Band
	// Parents are the links from a task (From) to its story (To) in another
	// lane, where position cannot show the link: the canvas draws them as
	// edges. In id order of the child.
	Parents []Edge
	// Blocked counts the edges (of Edges and Parents) whose straight
	// segment between their sides passes through a node other than their
	// ends, whichever sides are chosen.
	Blocked int
}

// Option changes a spacing or a default of the layout.
type Option func(*config)

type config struct {
	defW, defH float64
	hGap, vGap float64 // between neighbours
	laneGap    float64 // between the rectangles of two lanes
	lanePad    float64 // inside a lane's rectangle, around its entities
	blockGap   float64 // between milestone blocks of a lane
	fan        float64 // x step of each task below the previous one
	origin     Rect    // X, Y: the top-left corner of the first lane
}

// WithDefaultSize sets the size of nodes that come without one (400x120).
func WithDefaultSize(w, h float64) Option { return func(c *config) { c.defW, c.defH = w, h } }

// WithGaps sets the gap between neighbouring nodes (40, 60) and between
// lanes (160).
func WithGaps(horizontal, vertical, lanes float64) Option {
	return func(c *config) { c.hGap, c.vGap, c.laneGap = horizontal, vertical, lanes }
}

// WithOrigin sets where the first lane starts (0, 0).
func WithOrigin(x, y float64) Option { return func(c *config) { c.origin.X, c.origin.Y = x, y } }

// Layout places the nodes.
func Layout(in Input, opts ...Option) Result {
	c := config{defW: 400, defH: 120, hGap: 40, vGap: 60, laneGap: 160, lanePad: 40, blockGap: 160, fan: 24}
	for _, o := range opts {
		o(&c)
	}
	l := newLayouter(in, c)
	l.build()
	l.orderLanes()
	l.orderCells()
	l.place()
	return l.result()
}

// item is a node with what the layout found out about it.
type item struct {
	*Node
	rect   Rect  // W and H from the start, X and Y once placed
	parent *item // its milestone or story, when in the input
	anchor *item // of a decision, document or feature: what it is beside
	lane   *lane // nil for a milestone whose workstream has no lane
	band   *band
	col    *column // of a story or task: its column
	// key orders most ids with one comparison: the place of the id's
	// prefix among the input's, then the value of its number when it is
	// digits alone (short enough), else after every such number (see
	// rankIDs).
	key uint64
	// index is its place in items, and in the card index.
	index int32
	pos   int32 // of a task: its place in its column
	input int32 // its node's place in Input.Nodes
	// up orders a task in its column (sortTasks): its links to bands
	// below less those to bands above.
	up   float32
	deps [2]int32 // where its dependencies are in layouter.deps (depsOf)
}

// compareItems orders items by id as compareIDs does, except that within a
// prefix the plain numbers come before other ids ("T-999" before "T-1a");
// most pairs differ in key, one comparison (sorting the items is much of
// the layout's time).
func compareItems(a, b *item) int {
	if a.key != b.key {
		return cmp.Compare(a.key, b.key)
	}
	_, na := splitID(a.ID) // not kept: most pairs differ in key
	_, nb := splitID(b.ID)
	return cmp.Or(cmp.Compare(len(na), len(nb)), strings.Compare(na, nb), strings.Compare(a.ID, b.ID))
}

type layouter struct {
	c     config
	in    Input
	items []*item
	byID  map[string]*item
	// byInput are the items by their node's place in the input; an item
	// without its node (Node nil) for a node whose id was there before.
	byInput []item
	lanes   []*lane
	byName  map[string]*lane
	last    *lane // the lane laneNamed found last
	bands   []*band
	final   *band // of the work without a milestone, and the side entities of several bands or none
	ix      *cardIndex
	// blocked counts the edges no choice of sides keeps off the cards.
	blocked int
	deps    []*item // the items' dependencies, item by item (depsOf)
	// blockers are the rectangles of the cards next to the ends of the
	// edge being placed and of the nodes found in its way (see clear).
	blockers []Rect
	seen     []int32 // scratch of cardIndex.count
}

// lane is one workstream: a column of cells, one per band it has work in,
// and at its right a slot for the decisions, documents and features beside
// its work.
type lane struct {
	name         string
	rank         int     // its place, left to right
	content      float64 // the widest row of its cells
	x, w         float64 // of its cells (w 0: it has none, only side entities)
	sideX, sideW float64
}

// band is a milestone (head) over its work; the final band has no head.
type band struct {
	head    *item
	cells   []*cell
	side    []*item
	members []*item
	rect    Rect
	cellTop float64
	bottom  float64 // of the cells
	index   int     // top to bottom (orderCells)
	x       float64 // of its milestone, in orderCells
}

// cell is a band's work in one lane: a row of columns.
type cell struct {
	lane    *lane
	cols    []*column
	foreign *column // the tasks of stories in other lanes
	orphans *column // the tasks without a story
}

// column is a story of the cell with its tasks of the lane below it; or,
// with no head, the lane's tasks of stories in other lanes, or the tasks
// without a story.
type column struct {
	head  *item
	tasks []*item
	n     int // its tasks, counted before they are listed
	lane  *lane
	cell  *cell
	at    int // its place in the cell's row, once placed
	// beside are the decisions and documents placed just below their
	// story or task in this column (workAnchor), in id order; place
	// splices them into tasks.
	beside []*item
	// In orderCells: its place, in columns; the sum of the places its
	// links pull it to, and how many.
	x, pull, links float64
}

func newLayouter(in Input, c config) *layouter {
	l := &layouter{c: c, in: in, byID: make(map[string]*item, len(in.Nodes)), byName: map[string]*lane{}}
	l.items = make([]*item, 0, len(in.Nodes))
	slab := make([]item, len(in.Nodes)) // one allocation for all
	l.byInput = slab
	// Each id once, the first node that has it. Most inputs have no id
	// twice: the ids go in without a lookup first, and only when the map
	// comes out smaller than the items is it done again with them.
	for pass := range 2 {
		for i := range in.Nodes {
			n := &in.Nodes[i]
			if n.ID == "" {
				continue
			}
			if pass == 1 {
				if _, dup := l.byID[n.ID]; dup {
					continue
				}
			}
			it := &slab[i]
			it.Node, it.rect.W, it.rect.H = n, or(n.Width, c.defW), or(n.Height, c.defH) // the rest is zero
			it.input = int32(i)
			l.items = append(l.items, it)
			l.byID[n.ID] = it
		}
		if len(l.byID) == len(l.items) {
			break
		}
		clear(l.byID)
		clear(slab)
		l.items = l.items[:0]
	}
	l.rankIDs()
	var last *item // the parent looked up last: a story's tasks mostly come together
	for _, it := range l.items {
		p := last
		if p == nil || p.ID != it.Parent {
			p = l.byID[it.Parent]
			last = p
		}
		if p != nil && p.Type == graph.ParentType(it.Type) && p.Type != "" {
			it.parent = p
		}
	}
	// Every decision below depends on the order of items: make it the
	// order of ids, not of the input.
	l.items = sortItems(l.items)
	for i, it := range l.items {
		it.index = int32(i)
	}
	l.resolveDeps()
	return l
}

// sortItems returns items sorted by compareItems: a radix sort of their
// indexes on their keys (a byte at a time, the bytes all keys share
// skipped; indexes, not pointers, move, and are written out once), then
// compareItems on the runs of equal keys (ids that are not plain numbers).
// Items in order already, with distinct keys, are returned as they are.
func sortItems(items []*item) []*item {
	inOrder := true
	all, some := ^uint64(0), uint64(0) // the bits all keys have, some have
	for i, it := range items {
		all, some = all&it.key, some|it.key
		inOrder = inOrder && (i == 0 || items[i-1].key < it.key)
	}
	if inOrder {
		return items
	}
	order := make([]int32, 2*len(items))
	cur, tmp := order[:len(items)], order[len(items):]
	for i := range cur {
		cur[i] = int32(i)
	}
	var count [256]int
	for shift := uint(0); shift < 64; shift += 8 {
		if byte((all^some)>>shift) == 0 {
			continue // one value in this byte: nothing to do
		}
		clear(count[:])
		for _, it := range items {
			count[byte(it.key>>shift)]++
		}
		sum := 0
		for b, c := range count {
			count[b], sum = sum, sum+c
		}
		for _, i := range cur {
			b := byte(items[i].key >> shift)
			tmp[count[b]] = i
			count[b]++
		}
		cur, tmp = tmp, cur
	}
	sorted := make([]*item, len(items))
	for k, i := range cur {
		sorted[k] = items[i]
	}
	items = sorted
	for i := 0; i < len(items); {
		j := i + 1
		for j < len(items) && items[j].key == items[i].key {
			j++
		}
		if j-i > 1 {
			slices.SortFunc(items[i:j], compareItems)
		}
		i = j
	}
	return items
}

// rankIDs sets each item's key: the rank of its id's prefix among the
// input's (47 bits up), then the number of its id when it is digits alone
// and below 2^47 (digits without leading zeros: by value is by length,
// then text, as compareIDs orders them), else 2^47-1, after them, for
// compareItems to order by length and text.
func (l *layouter) rankIDs() {
	const last = 1<<47 - 1
	var pfxs []string // the distinct prefixes, as they come: a handful
	pfx, rank := "", uint64(0)
	for i, it := range l.items {
		p, num := splitID(it.ID)
		if p != pfx || i == 0 { // runs of one prefix: no search
			k := slices.Index(pfxs, p)
			if k < 0 {
				k, pfxs = len(pfxs), append(pfxs, p)
			}
			pfx, rank = p, uint64(k)
		}
		n := uint64(last)
		if len(num) > 0 && len(num) <= 14 {
			n = 0
			for k := 0; k < len(num) && n < last; k++ {
				if d := num[k]; d >= '0' && d <= '9' {
					n = n*10 + uint64(d-'0')
				} else {
					n = last
				}
			}
		}
		it.key = rank<<47 | min(n, last)
	}
	// The ranks as the prefixes came to their ranks in order, when not the
	// same.
	sorted := slices.Clone(pfxs)
	slices.Sort(sorted)
	if slices.Equal(sorted, pfxs) {
		return
	}
	to := make([]uint64, len(pfxs))
	for k, p := range pfxs {
		to[k] = uint64(slices.Index(sorted, p))
	}
	for _, it := range l.items {
		it.key = to[it.key>>47]<<47 | it.key&last
	}
}

func or(v, def float64) float64 {
	if v > 0 && !math.IsInf(v, 0) {
		return v
	}
	return def
}

// compareIDs orders ids by prefix, then number (M-2 before M-10), then text.
func compareIDs(a, b string) int {
	pa, na := splitID(a)
	pb, nb := splitID(b)
	return cmp.Or(cmp.Compare(pa, pb), cmp.Compare(len(na), len(nb)), cmp.Compare(na, nb), cmp.Compare(a, b))
}

func splitID(id string) (string, string) {
	i := strings.LastIndexByte(id, '-')
	if i < 0 {
		return id, ""
	}
	return id[:i], strings.TrimLeft(id[i+1:], "0")
}

// laneOf is the workstream of the lane an entity of the hierarchy goes
// in: its own workstream, else (none set) its parent's lane, else "".
func laneOf(it *item) string {
	for ; it != nil; it = it.parent {
		if it.Workstream != "" {
			return it.Workstream
		}
	}
	return ""
}

// depsOf is what it depends on (resolveDeps): ints in the item rather
// than a slice, which the garbage collector would have to follow.
func (l *layouter) depsOf(it *item) []*item { return l.deps[it.deps[0]:it.deps[1]] }

// Not inlined: called from several places, one copy keeps the WebAssembly small.
//
//go:noinline
func (l *layouter) laneNamed(name string) *lane {
	if l.last != nil && l.last.name == name {
		return l.last // runs of one workstream: no hashing
	}
	ln := l.byName[name]
	if ln == nil {
		ln = &lane{name: name}
		l.byName[name] = ln
		l.lanes = append(l.lanes, ln)
	}
	l.last = ln
	return ln
}

// Not inlined: called from several places, one copy keeps the WebAssembly small.
//
//go:noinline
func (b *band) cellOf(ln *lane) *cell {
	for _, c := range b.cells {
		if c.lane == ln {
			return c
		}
	}
	c := &cell{lane: ln}
	b.cells = append(b.cells, c)
	return c
}

// Not inlined: called from several places, one copy keeps the WebAssembly small.
//
//go:noinline
func (l *layouter) finalBand() *band {
	if l.final == nil {
		l.final = &band{}
	}
	return l.final
}

// build sorts the entities into bands, lanes, cells and columns.
func (l *layouter) build() {
	l.buildBands()
	stories, tasks := 0, 0
	for _, it := range l.items {
		switch it.Type {
		case graph.Story:
			stories++
		case graph.Task:
			tasks++
		}
	}
	cols := make([]column, 0, stories) // one allocation for all
	for _, it := range l.items {
		if it.Type != graph.Story {
			continue
		}
		if m := it.parent; m != nil {
			it.band = m.band
		} else {
			it.band = l.finalBand()
		}
		it.lane = l.laneNamed(laneOf(it))
		c := it.band.cellOf(it.lane)
		cols = append(cols, column{head: it, lane: it.lane, cell: c})
		it.col = &cols[len(cols)-1]
		c.cols = append(c.cols, it.col)
	}
	for _, it := range l.items {
		if it.Type == graph.Task {
			it.col = l.columnOf(it)
			it.col.n++
		}
	}
	// Each column's tasks in one slice, cut to its count: no appends
	// that grow.
	slab := make([]*item, tasks)
	for _, it := range l.items {
		if col := it.col; it.Type == graph.Task {
			if col.tasks == nil {
				col.tasks, slab = slab[:0:col.n], slab[col.n:]
			}
			col.tasks = append(col.tasks, it)
		}
	}
	for _, it := range l.items {
		if it.Type == graph.Milestone {
			it.lane = l.byName[laneOf(it)] // nil when no work of its workstream
		}
	}
	for _, it := range l.items {
		if !graph.Hierarchical(it.Type) {
			l.placeSideItem(it)
		}
	}
	if l.final != nil {
		l.bands = append(l.bands, l.final)
	}
}

// columnOf sets a task's lane and band and returns its column: below its
// story in its story's lane, else in its lane's column of tasks of
// stories in other lanes of the band, or of tasks without a story in the
// final band.
func (l *layouter) columnOf(it *item) *column {
	it.lane = l.laneNamed(laneOf(it))
	s := it.parent
	if s == nil {
		it.band = l.finalBand()
		c := it.band.cellOf(it.lane)
		if c.orphans == nil {
			c.orphans = &column{lane: it.lane, cell: c}
		}
		return c.orphans
	}
	it.band = s.band
	if it.lane == s.lane {
		return s.col
	}
	c := it.band.cellOf(it.lane)
	if c.foreign == nil {
		c.foreign = &column{lane: it.lane, cell: c}
	}
	return c.foreign
}

// buildBands makes a band per milestone, in dependency order (a milestone
// after those it depends on), else in id order; a cycle is broken at its
// lowest id.
func (l *layouter) buildBands() {
	var todo []*item
	for _, it := range l.items {
		if it.Type == graph.Milestone {
			todo = append(todo, it)
		}
	}
	for len(todo) > 0 {
		k := 0 // the first whose milestones all have their band; none (a cycle): the first
	next:
		for i, m := range todo {
			for _, id := range m.DependsOn {
				if d := l.byID[id]; d != nil && d != m && d.Type == graph.Milestone && d.band == nil {
					continue next
				}
			}
			k = i
			break
		}
		m := todo[k]
		todo = append(todo[:k], todo[k+1:]...)
		m.band = &band{head: m}
		l.bands = append(l.bands, m.band)
	}
}

// placeSideItem puts a decision, document or feature just below the story
// or task it is about (workAnchor); one about milestones only in the band
// of the work it relates to (the final band when that work spans several
// bands or there is none), beside the lane of the first such entity, else
// of its own workstream.
func (l *layouter) placeSideItem(it *item) {
	if a := l.workAnchor(it); a != nil {
		// Beside its work: in the column of the story or task it is about,
		// just below it (place splices it in), so a reader sees which work
		// it belongs to without an edge, and no slot between the lanes
		// stands in the way of the edges across them.
		it.anchor, it.band, it.lane, it.col = a, a.band, a.lane, a.col
		a.col.beside = append(a.col.beside, it)
		return
	}
	var b *band
	several := false
	for _, id := range it.Anchors {
		a := l.byID[id]
		if a == nil || !graph.Hierarchical(a.Type) || a.band == nil {
			continue
		}
		if b != nil && a.band != b {
			several = true
		}
		b = a.band
		if it.anchor == nil || compareItems(a, it.anchor) < 0 {
			it.anchor = a
		}
	}
	if several || b == nil {
		b = l.finalBand()
	}
	if it.anchor != nil && it.anchor.band == b && it.anchor.lane != nil {
		it.lane = it.anchor.lane
	} else {
		if it.anchor != nil && it.anchor.band != b {
			it.anchor = nil
		}
		it.lane = l.laneNamed(laneOf(it))
	}
	it.band = b
	b.side = append(b.side, it)
}

// workAnchor is the story or task a decision, document or feature is
// placed just below: the first, in id order, of those it affects,
// documents or is implemented by; nil for one about no story or task.
func (l *layouter) workAnchor(it *item) *item {
	if graph.Hierarchical(it.Type) {
		return nil
	}
	var first *item
	for _, id := range it.Anchors {
		a := l.byID[id]
		if a == nil || a.col == nil || a.Type != graph.Story && a.Type != graph.Task {
			continue
		}
		if first == nil || compareItems(a, first) < 0 {
			first = a
		}
	}
	return first
}

// orderLanes orders the lanes so that the links between them are short:
// starting from name order (the lane without a workstream last), each lane
// moves to the barycentre of the lanes its tasks' stories and its
// dependencies are in, a few rounds.
func (l *layouter) orderLanes() {
	slices.SortFunc(l.lanes, func(a, b *lane) int {
		if (a.name == "") != (b.name == "") {
			return cmp.Compare(b.name, a.name) // "" last
		}
		return cmp.Compare(a.name, b.name)
	})
	n := len(l.lanes)
	for i, ln := range l.lanes {
		ln.rank = i
	}
	if n < 3 {
		return
	}
	w := make([]float64, n*n)
	link := func(a, b *lane) {
		if a != nil && b != nil && a != b {
			w[a.rank*n+b.rank]++
			w[b.rank*n+a.rank]++
		}
	}
	for _, it := range l.items {
		if it.Type == graph.Task && it.parent != nil {
			link(it.lane, it.parent.lane)
		}
		for _, d := range l.depsOf(it) {
			link(it.lane, d.lane)
		}
	}
	pos := make([]float64, n) // by initial rank
	for i := range pos {
		pos[i] = float64(i)
	}
	next := make([]float64, n)
	for range 4 {
		for i := range n {
			sum, tot := pos[i], 1.0
			for j := range n {
				sum += w[i*n+j] * pos[j]
				tot += w[i*n+j]
			}
			next[i] = sum / tot
		}
		slices.SortStableFunc(l.lanes, func(a, b *lane) int { return cmp.Compare(next[a.rank], next[b.rank]) })
		for k, ln := range l.lanes {
			pos[ln.rank] = float64(k)
		}
	}
	for k, ln := range l.lanes {
		ln.rank = k
	}
}
