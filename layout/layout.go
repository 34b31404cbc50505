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
}

// Lane is the rectangle of one workstream's lane: every entity of the
// lane lies inside it, a margin from its sides. Lanes never share x. The
// canvas draws each as a group labelled with the workstream; the label sits
// above the rectangle (as the editor draws group labels), in a band of
// LabelHeight the layout keeps clear of other nodes.
type Lane struct {
	Workstream string  `json:"workstream"`
	X          float64 `json:"x"`
	Y          float64 `json:"y"`
	W          float64 `json:"width"`
	H          float64 `json:"height"`
}

// Rect is the lane's rectangle.
func (l Lane) Rect() Rect { return Rect{l.X, l.Y, l.W, l.H} }

// LabelHeight is the band above a lane kept for its label.
const LabelHeight = 40

// Result holds the position of every node, in the order of Input.Nodes.
type Result struct {
	Nodes []Rect
	Edges []Edge
	Lanes []Lane
	// Parents are the links from a child (From) to its parent (To) that
	// lie in different lanes, where position cannot show the link: the
	// canvas draws them as edges. In id order of the child.
	Parents []Edge
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
	l.placeLanes()
	return l.result()
}

// item is a node with what the layout found out about it.
type item struct {
	*Node
	w, h     float64
	rect     Rect
	parent   *item // its milestone or story, when in the input
	anchor   *item // of a decision, document or feature: what it is beside
	lane     *lane
	blocks   *block  // the blocks keyed on it, one per lane
	cols     *column // the columns keyed on it, one per lane
	pfx, num string  // the id split for sorting, computed once
}

// compareItems is compareIDs on the split ids. It returns at the first
// difference (cmp.Or would compare all four: sorting the items is most of
// the layout's time).
func compareItems(a, b *item) int {
	if c := strings.Compare(a.pfx, b.pfx); c != 0 {
		return c
	}
	if len(a.num) != len(b.num) {
		return cmp.Compare(len(a.num), len(b.num))
	}
	if c := strings.Compare(a.num, b.num); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// compareKeys orders blocks and columns by the entity they are keyed on;
// nil (parentless tasks) last.
func compareKeys(a, b *item) int {
	switch {
	case a == b:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	return compareItems(a, b)
}

type layouter struct {
	c     config
	in    Input
	items []*item
	byID  map[string]*item
	lanes []*lane
}

// lane is one workstream's entities: blocks stacked top to bottom and a
// side column.
type lane struct {
	name    string
	blocks  []*block
	orphans *block  // of the parentless tasks
	side    []*item // decisions, documents, features
	rect    Rect
}

// block is a milestone of the lane over the row of its stories; or, with
// no head, the stories and tasks of the lane whose milestone is in another
// lane (key: that milestone), a parentless story (key: the story), or the
// parentless tasks (key: nil).
type block struct {
	head *item
	key  *item
	kind int // 0: keyed on a milestone, 1: on a story, 2: parentless tasks
	cols []*column
	lane *lane
	next *block // keyed on the same item, in another lane
}

// column is a story of the lane with its tasks of the lane below it, or,
// with no head, the lane's tasks whose story (key) is in another lane.
type column struct {
	head  *item
	key   *item
	tasks []*item
	lane  *lane
	next  *column // keyed on the same story, in another lane
}

func newLayouter(in Input, c config) *layouter {
	l := &layouter{c: c, in: in, byID: make(map[string]*item, len(in.Nodes))}
	slab := make([]item, len(in.Nodes)) // one allocation for all
	for i := range in.Nodes {
		n := &in.Nodes[i]
		if _, dup := l.byID[n.ID]; dup || n.ID == "" {
			continue
		}
		it := &slab[i]
		*it = item{Node: n, w: or(n.Width, c.defW), h: or(n.Height, c.defH)}
		it.pfx, it.num = splitID(n.ID)
		l.items = append(l.items, it)
		l.byID[n.ID] = it
	}
	for _, it := range l.items {
		if p := l.byID[it.Parent]; p != nil && p.Type == graph.ParentType(it.Type) && p.Type != "" {
			it.parent = p
		}
	}
	// Every decision below depends on the order of items: make it the
	// order of ids, not of the input.
	slices.SortFunc(l.items, compareItems)
	return l
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

// buildLanes sorts the entities into lanes, blocks and columns.
func (l *layouter) buildLanes() {
	byName := map[string]*lane{}
	laneNamed := func(name string) *lane {
		ln := byName[name]
		if ln == nil {
			ln = &lane{name: name}
			byName[name] = ln
			l.lanes = append(l.lanes, ln)
		}
		return ln
	}
	// The blocks and columns keyed on an item are few (one per lane its
	// children are in): a list from the item, no map.
	blockOf := func(ln *lane, key *item, kind int) *block {
		first := &ln.orphans
		if key != nil {
			first = &key.blocks
		}
		for b := *first; b != nil; b = b.next {
			if b.lane == ln {
				return b
			}
		}
		b := &block{lane: ln, key: key, kind: kind, next: *first}
		*first = b
		ln.blocks = append(ln.blocks, b)
		return b
	}
	columnOf := func(b *block, key *item) *column {
		if key == nil { // the parentless tasks: one column
			if len(b.cols) == 0 {
				b.cols = append(b.cols, &column{})
			}
			return b.cols[0]
		}
		for c := key.cols; c != nil; c = c.next {
			if c.lane == b.lane {
				return c
			}
		}
		c := &column{lane: b.lane, key: key, next: key.cols}
		key.cols = c
		b.cols = append(b.cols, c)
		return c
	}
	// storyBlock is the block a story's column goes in, in lane ln.
	storyBlock := func(ln *lane, story *item) *block {
		if m := story.parent; m != nil {
			return blockOf(ln, m, 0)
		}
		return blockOf(ln, story, 1)
	}
	for _, it := range l.items {
		if !graph.Hierarchical(it.Type) {
			continue
		}
		ln := laneNamed(laneOf(it))
		it.lane = ln
		switch it.Type {
		case graph.Milestone:
			blockOf(ln, it, 0).head = it
		case graph.Story:
			columnOf(storyBlock(ln, it), it).head = it
		case graph.Task:
			var b *block
			s := it.parent
			if s != nil {
				b = storyBlock(ln, s)
			} else {
				b = blockOf(ln, nil, 2)
			}
			c := columnOf(b, s)
			c.tasks = append(c.tasks, it)
		}
	}
	for _, it := range l.items {
		if !graph.Hierarchical(it.Type) {
			var ln *lane
			if it.anchor = l.anchor(it); it.anchor != nil {
				ln = it.anchor.lane
			} else {
				ln = laneNamed(it.Workstream)
			}
			it.lane = ln
			ln.side = append(ln.side, it)
		}
	}
	for _, ln := range l.lanes {
		slices.SortFunc(ln.blocks, func(a, b *block) int { return cmp.Or(cmp.Compare(a.kind, b.kind), compareKeys(a.key, b.key)) })
		for _, b := range ln.blocks {
			slices.SortFunc(b.cols, func(x, y *column) int { return compareKeys(x.key, y.key) })
		}
	}
	slices.SortFunc(l.lanes, func(a, b *lane) int {
		if (a.name == "") != (b.name == "") {
			return cmp.Compare(b.name, a.name) // "" last
		}
		return cmp.Compare(a.name, b.name)
	})
}

// anchor is the first hierarchy entity a side entity is beside.
func (l *layouter) anchor(it *item) *item {
	var best *item
	for _, id := range it.Anchors {
		a := l.byID[id]
		if a == nil || !graph.Hierarchical(a.Type) {
			continue
		}
		if best == nil || compareItems(a, best) < 0 {
			best = a
		}
	}
	return best
}
