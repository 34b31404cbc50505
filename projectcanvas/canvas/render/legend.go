package render

import (
	"fmt"
	"strings"

	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// legend is what the legend names: the types and tones of the entities on
// the picture, and the kinds of edges on it.
type legend struct {
	types []*TypeStyle
	tones []*Tone
	edges []edgeKind
}

// edgeKind is one rule of the arrows: what an edge of a colour means.
type edgeKind struct {
	colour, marker, text string
}

// The edges' rules, in the order of the legend. Dependency edges go from
// the work that waits to the work it waits for: the arrowhead sits on the
// prerequisite, the work that comes first.
var edgeKinds = []struct {
	colour string // the edge's canvas colour ("" the default)
	edgeKind
}{
	{"", edgeKind{"#555", "arrow", "A → B: A depends on B (B comes first)"}},
	{"6", edgeKind{presets["6"], "arrow-6", "purple: a task → its story in another lane"}},
	{"1", edgeKind{presets["1"], "arrow-1", "red: the critical path"}},
}

const (
	legendW   = 520
	legendRow = 26
	legendGap = 10 // between sections
)

func legendOf(c *canvas.Canvas, lookup Lookup) legend {
	var l legend
	types, tones := map[*TypeStyle]bool{}, map[*Tone]bool{}
	for _, n := range c.Nodes {
		if n.Type != canvas.TypeFile || lookup == nil {
			continue
		}
		if e, ok := lookup(n.File); ok {
			if s := TypeStyleOf(e.Type); s != nil {
				types[s] = true
			}
			if t := toneOf(e.Status); t != nil {
				tones[t] = true
			}
		}
	}
	for i := range TypeStyles {
		if types[&TypeStyles[i]] {
			l.types = append(l.types, &TypeStyles[i])
		}
	}
	for i := range Tones {
		if tones[&Tones[i]] {
			l.tones = append(l.tones, &Tones[i])
		}
	}
	colours := map[string]bool{}
	for _, e := range c.Edges {
		colours[e.Color] = true
	}
	for _, k := range edgeKinds {
		if colours[k.colour] {
			l.edges = append(l.edges, k.edgeKind)
		}
	}
	return l
}

// box is where the legend goes.
type box struct{ x, y, w, h float64 }

func (l legend) empty() bool { return len(l.types)+len(l.tones)+len(l.edges) == 0 }

func (l legend) height() float64 {
	if l.empty() {
		return 0
	}
	h := 36.0
	for _, n := range []int{len(l.types), len(l.tones), len(l.edges)} {
		if n > 0 {
			h += float64(n)*legendRow + legendGap
		}
	}
	return h + 4
}

// place finds the legend a corner of the picture (minX..maxX, minY..maxY)
// that no node covers (a group with its label included), trying the top
// left, top right, bottom left, bottom right; when each is covered, it
// goes beside the picture, at its top right.
func (l legend) place(c *canvas.Canvas, minX, minY, maxX, maxY float64) box {
	if l.empty() {
		return box{minX, minY, 0, 0}
	}
	w, h := float64(legendW), l.height()
	for _, b := range []box{{minX, minY, w, h}, {maxX - w, minY, w, h}, {minX, maxY - h, w, h}, {maxX - w, maxY - h, w, h}} {
		if b.x >= minX && b.y >= minY && b.free(c) {
			return b
		}
	}
	return box{maxX + 2*margin, minY, w, h}
}

// free reports whether no node, nor a group's label above it, comes
// within a margin of the box.
func (b box) free(c *canvas.Canvas) bool {
	for _, n := range c.Nodes {
		top := n.Y
		if n.Type == canvas.TypeGroup {
			top -= 40
		}
		if n.X < b.x+b.w+margin/2 && b.x-margin/2 < n.X+n.Width && top < b.y+b.h+margin/2 && b.y-margin/2 < n.Y+n.Height {
			return false
		}
	}
	return true
}

func (l legend) draw(b *strings.Builder, at box) {
	if l.empty() {
		return
	}
	fmt.Fprintf(b, `<g class="legend"><rect x="%s" y="%s" width="%s" height="%s" rx="8" fill="#ffffff" stroke="#999" stroke-width="1"/>`+"\n",
		num(at.x), num(at.y), num(at.w), num(at.h))
	fmt.Fprintf(b, `<text x="%s" y="%s" font-size="16" font-weight="bold" fill="#222">Legend</text>`+"\n", num(at.x+12), num(at.y+24))
	y := at.y + 36
	text := func(x float64, s string) {
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="14" fill="#222">%s</text>`+"\n", num(x), num(y+17), esc(s))
	}
	for _, s := range l.types {
		width, dash := s.Width, ""
		if s.Dash != "" {
			dash = ` stroke-dasharray="` + s.Dash + `"`
		}
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="110" height="22" rx="5" fill="#fafafa" stroke="#444" stroke-width="%s"%s/>`+"\n", num(at.x+12), num(y+1), num(width), dash)
		if s.Double {
			fmt.Fprintf(b, `<rect x="%s" y="%s" width="102" height="14" rx="3" fill="none" stroke="#444" stroke-width="1"/>`+"\n", num(at.x+16), num(y+5))
		}
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="10" font-weight="bold" letter-spacing="0.5" text-anchor="middle" fill="#444">%s</text>`+"\n", num(at.x+67), num(y+16), s.Badge)
		text(at.x+134, typeText[s.Type])
		y += legendRow
	}
	if len(l.types) > 0 {
		y += legendGap
	}
	for _, t := range l.tones {
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="6" height="20" fill="%s"/><rect x="%s" y="%s" width="104" height="20" fill="%s" fill-opacity="0.25"/>`+"\n",
			num(at.x+12), num(y+2), t.Colour, num(at.x+18), num(y+2), t.Colour)
		text(at.x+134, strings.Join(t.Statuses, ", "))
		y += legendRow
	}
	if len(l.tones) > 0 {
		y += legendGap
	}
	for _, k := range l.edges {
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2" marker-end="url(#%s)"/>`+"\n",
			num(at.x+12), num(y+12), num(at.x+122), num(y+12), k.colour, k.marker)
		text(at.x+134, k.text)
		y += legendRow
	}
	b.WriteString("</g>\n")
}

// typeText says how each type's card looks, for the legend.
var typeText = map[string]string{
	"milestone": "milestone: thick border, heads its band",
	"story":     "story: its tasks below it",
	"task":      "task: thin border",
	"decision":  "decision: dashed, below the work it affects",
	"document":  "document: dotted, below the work it documents",
	"feature":   "feature: double, below work implementing it",
}
