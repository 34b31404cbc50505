package site

import (
	"cmp"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas/render"
)

type board struct {
	Milestones []*pc.Entity
	Types      []pc.Type
	Lanes      []lane
	Count      int
}

// lane is one workstream's row of the board; Key is its slug, for the
// filter.
type lane struct {
	Key, Name string
	Columns   []column
}

type column struct {
	Status pc.Status
	Slug   string
	Cards  []card
}

type card struct {
	ID, Title, Href, Badge, Priority string
	Type                             pc.Type
	Status                           pc.Status
	Slug                             string
	Milestone                        pc.ID
}

// statusOrder is the board's order of columns: the statuses in the order
// of render's palette (to do, in progress, blocked, deferred, done,
// superseded), then any other.
func statusOrder(s pc.Status) int {
	n := 0
	for _, t := range render.Tones {
		for _, st := range t.Statuses {
			if st == string(s) {
				return n
			}
			n++
		}
	}
	return n
}

// badgeOf is the type's badge of render's palette.
func badgeOf(t pc.Type) string {
	for _, s := range render.TypeStyles {
		if s.Type == string(t) {
			return s.Badge
		}
	}
	return string(t)
}

// active is what the board shows: the published entities not archived.
func (s *site) active() []*pc.Entity {
	var out []*pc.Entity
	for _, e := range s.all {
		if s.shown[e.ID] != nil && !e.Archived {
			out = append(out, e)
		}
	}
	return out
}

// boardPage writes index.html: every active entity in columns by status,
// one section per workstream. Each lane has the columns of every status on
// the board, so that a status sits in the same place in every lane.
func (s *site) boardPage(canvases []canvasLink) error {
	var b board
	statuses := map[pc.Status]bool{}
	types := map[pc.Type]bool{}
	byLane := map[string][]*pc.Entity{}
	for _, e := range s.active() {
		statuses[e.Status] = true
		types[e.Type] = true
		byLane[e.Workstream] = append(byLane[e.Workstream], e)
		if e.Type == pc.Milestone {
			b.Milestones = append(b.Milestones, e)
		}
		b.Count++
	}
	order := sortedKeys(statuses, func(a, b pc.Status) int {
		return cmp.Or(cmp.Compare(statusOrder(a), statusOrder(b)), cmp.Compare(a, b))
	})
	for _, t := range pc.Types {
		if types[t] {
			b.Types = append(b.Types, t)
		}
	}
	for _, ws := range sortedKeys(byLane, cmp.Compare[string]) {
		l := lane{Key: or(render.Slug(ws), "none"), Name: canvas.LaneLabel(ws)}
		for _, st := range order {
			col := column{Status: st, Slug: render.Slug(string(st))}
			for _, e := range byLane[ws] {
				if e.Status == st {
					col.Cards = append(col.Cards, s.cardOf(e))
				}
			}
			l.Columns = append(l.Columns, col)
		}
		b.Lanes = append(b.Lanes, l)
	}
	return s.write("index.html", "board", page{Title: "Board", Stamp: true, Body: b}, canvases)
}

func (s *site) cardOf(e *pc.Entity) card {
	c := card{ID: string(e.ID), Title: e.Title, Href: pageOf(e.ID), Badge: badgeOf(e.Type), Type: e.Type,
		Status: e.Status, Slug: render.Slug(string(e.Status)), Priority: string(e.Priority)}
	if m := s.milestoneOf(e); m != nil {
		c.Milestone = m.ID
	}
	return c
}

func sortedKeys[K comparable, V any](m map[K]V, compare func(a, b K) int) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compare)
	return keys
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
