// Package render draws a JSON Canvas as SVG: groups, then edges with their
// arrows and labels, then nodes, then a legend. Entity file nodes show the
// entity's id, title and status in the visual language the editor plugin
// gives the same cards (plugin/styles.css): the status as a stripe down
// the card's left side and a tint of its colour, the type as the card's
// border (thick for a milestone, thin for a task, dashed for a decision,
// dotted for a document, double for a feature) and a badge naming it in
// the top right corner. Every other node (notes, links, other files, other
// plugins' nodes) is drawn too, so the picture is the whole canvas. The
// legend, in a corner no card covers (or beside the canvas when every
// corner is taken), names the types and statuses present and what the
// arrows mean.
package render

import (
	"fmt"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// Entity is what the picture shows of the entity behind a file node.
type Entity struct {
	ID, Title, Status string
	Type              string // milestone, story, task, decision, document, feature
	// Href, when set, makes the card a link to it (the status site's page
	// of the entity); the caller vouches for the address, which is only
	// escaped here.
	Href string
}

// Lookup returns the entity a vault file holds; ok is false for other files.
type Lookup func(file string) (e Entity, ok bool)

// Colours of the editor's six presets.
var presets = map[string]string{"1": "#fb464c", "2": "#e9973f", "3": "#e0de71", "4": "#44cf6e", "5": "#53dfdd", "6": "#a882ff"}

// Tone is a group of statuses drawn in one colour: the editor plugin's
// styles.css gives the same statuses the same Obsidian colour variable
// (Var), which this colour stands for (a test holds the two together).
type Tone struct {
	Name, Colour, Var string
	Statuses          []string
}

// Tones are the status colours, in the order of the legend.
var Tones = []Tone{
	{"to do", "#9aa0a6", "--text-muted", []string{"Not Started", "Planned", "Pending", "Draft"}},
	{"in progress", "#4a90e2", "--color-blue", []string{"In Progress", "Review"}},
	{"blocked", "#fb464c", "--color-red", []string{"Blocked"}},
	{"deferred", "#e9973f", "--color-orange", []string{"Deferred"}},
	{"done", "#44cf6e", "--color-green", []string{"Completed", "Complete", "Decided", "Approved"}},
	{"superseded", "#bdbdbd", "--text-faint", []string{"Superseded"}},
}

// Slug is a status or type as the editor plugin writes it in a card's data
// attribute (data-pc-status, data-pc-type): lower case, each run of other
// characters than letters and digits one "-" ("Not Started":
// "not-started"), at most 40 characters. plugin/src/editor/canvasAdapter.ts's
// slug is the same rule.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	if b.Len() > 40 {
		return b.String()[:40]
	}
	return b.String()
}

// toneOf is the tone of a status; nil for a status of no tone.
func toneOf(status string) *Tone {
	for i := range Tones {
		if slices.Contains(Tones[i].Statuses, status) {
			return &Tones[i]
		}
	}
	return nil
}

// TypeStyle is how a card shows its entity's type: its border's width and
// dashes (SVG stroke-dasharray; "" solid), a second border inside the
// first (Double), and the badge's text. styles.css draws the same.
type TypeStyle struct {
	Type, Badge string
	Width       float64
	Dash        string
	Double      bool
}

// TypeStyles are the types' styles, in the order of the legend.
var TypeStyles = []TypeStyle{
	{"milestone", "MILESTONE", 4, "", false},
	{"story", "STORY", 2, "", false},
	{"task", "TASK", 1, "", false},
	{"decision", "DECISION", 2, "8 5", false},
	{"document", "DOCUMENT", 2, "2 4", false},
	{"feature", "FEATURE", 1.5, "", true},
}

// TypeStyleOf is the style of an entity type in TypeStyles, nil for a
// type it has none of.
func TypeStyleOf(t string) *TypeStyle {
	for i := range TypeStyles {
		if TypeStyles[i].Type == t {
			return &TypeStyles[i]
		}
	}
	return nil
}

const margin = 40

// SVG draws the canvas. lookup may be nil.
func SVG(c *canvas.Canvas, lookup Lookup) []byte {
	minX, minY, maxX, maxY := 0.0, 0.0, 400.0, 200.0
	if len(c.Nodes) > 0 {
		minX, minY, maxX, maxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, n := range c.Nodes {
			minX, minY = min(minX, n.X), min(minY, n.Y-40) // room for group labels
			maxX, maxY = max(maxX, n.X+n.Width), max(maxY, n.Y+n.Height)
		}
	}
	byID := make(map[string]*canvas.Node, len(c.Nodes))
	for _, n := range c.Nodes {
		byID[n.ID] = n
	}
	for _, e := range c.Edges { // room for the bows
		if from, to := byID[e.FromNode], byID[e.ToNode]; from != nil && to != nil {
			x1, y1 := canvas.Anchor(from, e.FromSide, to)
			x2, y2 := canvas.Anchor(to, e.ToSide, from)
			if dx, dy, bow, ok := bowOf(e, x1, y1, x2, y2); ok {
				minX, minY = min(minX, x1+dx*bow), min(minY, y1+dy*bow)
				maxX, maxY = max(maxX, x1+dx*bow), max(maxY, y1+dy*bow)
			}
		}
	}
	seen := legendOf(c, lookup)
	lg := seen.place(c, minX, minY, maxX, maxY)
	minX, minY = min(minX, lg.x), min(minY, lg.y)
	maxX, maxY = max(maxX, lg.x+lg.w), max(maxY, lg.y+lg.h)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s %s %s %s" width="%s" height="%s" font-family="sans-serif">`+"\n",
		num(minX-margin), num(minY-margin), num(maxX-minX+2*margin), num(maxY-minY+2*margin), num(maxX-minX+2*margin), num(maxY-minY+2*margin))
	b.WriteString(`<defs>`)
	for _, m := range markers {
		fmt.Fprintf(&b, `<marker id="%s" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>`, m.id, m.colour)
	}
	b.WriteString(`</defs>` + "\n")
	fmt.Fprintf(&b, `<rect x="%s" y="%s" width="100%%" height="100%%" fill="#ffffff"/>`+"\n", num(minX-margin), num(minY-margin))
	for _, n := range c.Nodes {
		if n.Type == canvas.TypeGroup {
			group(&b, n)
		}
	}
	for _, e := range c.Edges {
		from, to := byID[e.FromNode], byID[e.ToNode]
		if from != nil && to != nil {
			edge(&b, e, from, to)
		}
	}
	for _, n := range c.Nodes {
		if n.Type != canvas.TypeGroup {
			node(&b, n, lookup)
		}
	}
	seen.draw(&b, lg)
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// group draws a group with its label above its top left corner, where the
// editor shows it, large enough to read on a picture of the whole canvas
// (a lane's name, say).
func group(b *strings.Builder, n *canvas.Node) {
	stroke := or(colour(n.Color), "#b0b0b0")
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="12" fill="%s" fill-opacity="0.08" stroke="%s" stroke-width="2"/>`+"\n",
		num(n.X), num(n.Y), num(n.Width), num(n.Height), stroke, stroke)
	if n.Label != "" {
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="28" font-weight="bold" fill="#333">%s</text>`+"\n", num(n.X+8), num(n.Y-12), esc(n.Label))
	}
}

// markers are the arrowheads, one per colour of edge: a marker's fill
// does not follow the line's.
var markers = []struct{ id, colour string }{
	{"arrow", "#555"}, {"arrow-1", presets["1"]}, {"arrow-2", presets["2"]}, {"arrow-3", presets["3"]},
	{"arrow-4", presets["4"]}, {"arrow-5", presets["5"]}, {"arrow-6", presets["6"]},
}

func edge(b *strings.Builder, e *canvas.Edge, from, to *canvas.Node) {
	x1, y1 := canvas.Anchor(from, e.FromSide, to)
	x2, y2 := canvas.Anchor(to, e.ToSide, from)
	stroke, marker := "#555", "arrow"
	if c := colour(e.Color); c != "" {
		stroke = c
		if _, ok := presets[e.Color]; ok {
			marker = "arrow-" + e.Color
		} else {
			marker = ""
		}
	}
	markers := ""
	if e.ToEnd != canvas.EndNone && marker != "" {
		markers += ` marker-end="url(#` + marker + `)"`
	}
	if e.FromEnd == canvas.EndArrow && marker != "" {
		markers += ` marker-start="url(#` + marker + `)"`
	}
	if dx, dy, bow, ok := bowOf(e, x1, y1, x2, y2); ok {
		fmt.Fprintf(b, `<path d="M%s,%s C%s,%s %s,%s %s,%s" fill="none" stroke="%s" stroke-width="2"%s/>`+"\n",
			num(x1), num(y1), num(x1+dx*bow), num(y1+dy*bow), num(x2+dx*bow), num(y2+dy*bow), num(x2), num(y2), stroke, markers)
	} else {
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2"%s/>`+"\n", num(x1), num(y1), num(x2), num(y2), stroke, markers)
	}
	if e.Label != "" {
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="14" text-anchor="middle" fill="#444">%s</text>`+"\n", num((x1+x2)/2), num((y1+y2)/2-4), esc(e.Label))
	}
}

// bowOf is the direction and depth of the bow an edge is drawn with when
// both its ends are on the same side of their cards and level with each
// other (the edges between milestones, left to left, down the canvas):
// bowed out past that side, as the editor draws it, not a line along the
// cards' edges. ok is false for every other edge: a straight line.
func bowOf(e *canvas.Edge, x1, y1, x2, y2 float64) (dx, dy, bow float64, ok bool) {
	if e.FromSide == "" || e.FromSide != e.ToSide {
		return 0, 0, 0, false
	}
	dx, dy = outward(e.FromSide)
	if dx != 0 && x1 != x2 || dy != 0 && y1 != y2 {
		return 0, 0, 0, false
	}
	return dx, dy, 30 + math.Hypot(x2-x1, y2-y1)/20, true
}

// outward is the unit vector out of a side.
func outward(side string) (float64, float64) {
	switch side {
	case canvas.Top:
		return 0, -1
	case canvas.Bottom:
		return 0, 1
	case canvas.Left:
		return -1, 0
	}
	return 1, 0
}

func node(b *strings.Builder, n *canvas.Node, lookup Lookup) {
	fill := or(colour(n.Color), "#fafafa")
	var lines []string
	var tone *Tone
	var style *TypeStyle
	const title = 18
	switch n.Type {
	case canvas.TypeFile:
		if lookup != nil {
			if e, ok := lookup(n.File); ok {
				if e.Href != "" {
					fmt.Fprintf(b, `<a href="%s">`+"\n", esc(e.Href))
					defer b.WriteString("</a>\n")
				}
				tone, style = toneOf(e.Status), TypeStyleOf(e.Type)
				if tone != nil {
					fill = or(colour(n.Color), tone.Colour)
				}
				lines = append([]string{e.ID + " · " + e.Status}, canvas.TitleLines(e.Title, n.Width)...)
				break
			}
		}
		lines = []string{strings.TrimSuffix(path.Base(n.File), ".md")}
	case canvas.TypeText:
		lines = strings.Split(strings.TrimSpace(n.Text), "\n")
	case canvas.TypeLink:
		lines = []string{n.URL}
	default:
		lines = []string{n.Type}
	}
	card(b, n.X, n.Y, n.Width, n.Height, fill, tone, style)
	maxChars := int((n.Width - 2*canvas.CardPadding) / 9)
	for i, line := range lines {
		y := n.Y + 28 + float64(i)*24
		if y > n.Y+n.Height-8 {
			break
		}
		size := 16
		if i == 0 && len(lines) > 1 && n.Type == canvas.TypeFile {
			size = 13
		} else if i >= 1 && n.Type == canvas.TypeFile {
			size = title // the title's lines, wrapped to the card (canvas.TitleLines)
		}
		chars := maxChars
		if i == 0 && style != nil {
			chars -= len(style.Badge) + 2 // the badge's room
		}
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%d" fill="#222">%s</text>`+"\n", num(n.X+canvas.CardPadding), num(y), size, esc(clip(strings.TrimLeft(line, "# "), chars)))
	}
}

// card draws a card's rectangle: for an entity, its type's border and
// badge and its status's stripe and tint (either may be nil).
func card(b *strings.Builder, x, y, w, h float64, fill string, tone *Tone, style *TypeStyle) {
	width, dash := 1.5, ""
	if style != nil {
		width = style.Width
		if style.Dash != "" {
			dash = ` stroke-dasharray="` + style.Dash + `"`
		}
	}
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="8" fill="%s" fill-opacity="0.25" stroke="#444" stroke-width="%s"%s/>`+"\n",
		num(x), num(y), num(w), num(h), fill, num(width), dash)
	if style != nil && style.Double {
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="5" fill="none" stroke="#444" stroke-width="1"/>`+"\n",
			num(x+4), num(y+4), num(w-8), num(h-8))
	}
	if tone != nil {
		fmt.Fprintf(b, `<path d="M%s,%s h6 v%s h-6 z" fill="%s"/>`+"\n", num(x+width/2), num(y+8), num(h-16), tone.Colour)
	}
	if style != nil {
		bw := float64(len(style.Badge))*7 + 12
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="18" rx="9" fill="#ffffff" fill-opacity="0.8" stroke="#666" stroke-width="1"/>`+"\n",
			num(x+w-bw-8), num(y+8), num(bw))
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="10" font-weight="bold" letter-spacing="0.5" text-anchor="middle" fill="#444">%s</text>`+"\n",
			num(x+w-bw/2-8), num(y+21), style.Badge)
	}
}

// colour is the fill of a canvas colour: a preset's, or a hex colour as
// given; anything else (never produced by the reader) is ignored.
func colour(c string) string {
	if p, ok := presets[c]; ok {
		return p
	}
	if len(c) == 7 && c[0] == '#' && strings.Trim(strings.ToLower(c[1:]), "0123456789abcdef") == "" {
		return c
	}
	return ""
}

func clip(s string, n int) string {
	r := []rune(s)
	if n < 4 || len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func or(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}

func num(f float64) string { return fmt.Sprintf("%g", math.Round(f*10)/10) }

// esc escapes text for SVG; attribute values built here hold no user text.
func esc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r < 0x20 && r != '\t' || r == 0xFFFE || r == 0xFFFF:
			// not allowed in XML: dropped
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
