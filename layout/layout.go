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

// Lane is the horizontal span of one workstream.
type Lane struct {
	Workstream string  `json:"workstream"`
	X          float64 `json:"x"`
	W          float64 `json:"width"`
}

// Result holds the position of every node, in the order of Input.Nodes.
type Result struct {
	Nodes []Rect
	Edges []Edge
	Lanes []Lane
}

// Option changes a spacing or a default of the layout.
type Option func(*config)

type config struct {
	defW, defH float64
	hGap, vGap float64 // between neighbours
	laneGap    float64
	blockGap   float64 // between milestone blocks of a lane
	fan        float64 // x step of each task below the previous one
	origin     Rect    // X, Y: where the first lane starts
}

// WithDefaultSize sets the size of nodes that come without one (400x120).
func WithDefaultSize(w, h float64) Option { return func(c *config) { c.defW, c.defH = w, h } }

// WithGaps sets the gap between neighbouring nodes (40, 60) and between
// lanes (200).
func WithGaps(horizontal, vertical, lanes float64) Option {
	return func(c *config) { c.hGap, c.vGap, c.laneGap = horizontal, vertical, lanes }
}

// WithOrigin sets where the first lane starts (0, 0).
func WithOrigin(x, y float64) Option { return func(c *config) { c.origin.X, c.origin.Y = x, y } }

// Layout places the nodes.
func Layout(in Input, opts ...Option) Result {
	c := config{defW: 400, defH: 120, hGap: 40, vGap: 60, laneGap: 200, blockGap: 160, fan: 24}
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
	idx      int
	w, h     float64
	rect     Rect
	children []*item // stories of a milestone, tasks of a story
	pfx, num string  // the id split for sorting, computed once
}

func compareItems(a, b *item) int {
	return cmp.Or(cmp.Compare(a.pfx, b.pfx), cmp.Compare(len(a.num), len(b.num)), cmp.Compare(a.num, b.num), cmp.Compare(a.ID, b.ID))
}

type layouter struct {
	c     config
	in    Input
	items []*item
	byID  map[string]*item
	lanes []*lane
}

type lane struct {
	name   string
	blocks []*item // milestones, then parentless stories, then a pseudo-story for parentless tasks
	side   []*item // decisions, documents, features
	x, w   float64
}

func newLayouter(in Input, c config) *layouter {
	l := &layouter{c: c, in: in, byID: make(map[string]*item, len(in.Nodes))}
	for i := range in.Nodes {
		n := &in.Nodes[i]
		if _, dup := l.byID[n.ID]; dup || n.ID == "" {
			continue
		}
		it := &item{Node: n, idx: i, w: or(n.Width, c.defW), h: or(n.Height, c.defH)}
		it.pfx, it.num = splitID(n.ID)
		l.items = append(l.items, it)
		l.byID[n.ID] = it
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

func (l *layouter) parentOf(it *item) *item {
	want := graph.ParentType(it.Type)
	p := l.byID[it.Parent]
	if want == "" || p == nil || p.Type != want {
		return nil
	}
	return p
}

// lanes sorts the entities into lanes and blocks.
func (l *layouter) buildLanes() {
	byName := map[string]*lane{}
	get := func(name string) *lane {
		ln := byName[name]
		if ln == nil {
			ln = &lane{name: name}
			byName[name] = ln
			l.lanes = append(l.lanes, ln)
		}
		return ln
	}
	orphanTasks := map[string]*item{} // lane -> pseudo-story holding its parentless tasks
	for _, it := range l.items {
		switch it.Type {
		case graph.Milestone:
			get(l.workstream(it)).blocks = append(get(l.workstream(it)).blocks, it)
		case graph.Story:
			if m := l.parentOf(it); m != nil {
				m.children = append(m.children, it)
			} else {
				ln := get(l.workstream(it))
				ln.blocks = append(ln.blocks, &item{Node: &Node{ID: "\x00" + it.ID}, idx: -1, children: []*item{it}})
			}
		case graph.Task:
			if s := l.parentOf(it); s != nil {
				s.children = append(s.children, it)
				continue
			}
			name := l.workstream(it)
			ps := orphanTasks[name]
			if ps == nil {
				ps = &item{Node: &Node{ID: "\x00tasks"}, idx: -1}
				orphanTasks[name] = ps
				ln := get(name)
				ln.blocks = append(ln.blocks, &item{Node: &Node{ID: "\x00orphans"}, idx: -1, children: []*item{ps}})
			}
			ps.children = append(ps.children, it)
		}
	}
	for _, it := range l.items {
		if !graph.Hierarchical(it.Type) {
			name := it.Workstream
			if a := l.anchor(it); a != nil {
				name = l.workstream(a)
			}
			ln := get(name)
			ln.side = append(ln.side, it)
		}
	}
	slices.SortFunc(l.lanes, func(a, b *lane) int {
		if (a.name == "") != (b.name == "") {
			return cmp.Compare(b.name, a.name) // "" last
		}
		return cmp.Compare(a.name, b.name)
	})
}

// workstream is the lane of an entity: its milestone's workstream (a
// story or task under a milestone goes where the milestone goes), else its
// own.
func (l *layouter) workstream(it *item) string {
	if p := l.parentOf(it); p != nil {
		return l.workstream(p)
	}
	return it.Workstream
}

// anchor is the first placed hierarchy entity a side entity is beside.
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
