// Package render draws a JSON Canvas as SVG: groups, then edges with their
// arrows and labels, then nodes. Entity file nodes show the entity's id,
// title and status, coloured by status; every other node (notes, links,
// other files, other plugins' nodes) is drawn too, so the picture is the
// whole canvas.
package render

import (
	"fmt"
	"math"
	"path"
	"strings"

	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// Entity is what the picture shows of the entity behind a file node.
type Entity struct {
	ID, Title, Status string
}

// Lookup returns the entity a vault file holds; ok is false for other files.
type Lookup func(file string) (e Entity, ok bool)

// Colours of the editor's six presets and of the statuses.
var presets = map[string]string{"1": "#fb464c", "2": "#e9973f", "3": "#e0de71", "4": "#44cf6e", "5": "#53dfdd", "6": "#a882ff"}

var statusColours = map[string]string{
	"Not Started": "#9aa0a6", "Planned": "#9aa0a6", "Pending": "#9aa0a6", "Draft": "#9aa0a6",
	"In Progress": "#4a90e2", "Review": "#4a90e2",
	"Blocked": "#fb464c", "Deferred": "#e9973f", "Superseded": "#bdbdbd",
	"Completed": "#44cf6e", "Complete": "#44cf6e", "Decided": "#44cf6e", "Approved": "#44cf6e",
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
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s %s %s %s" width="%s" height="%s" font-family="sans-serif">`+"\n",
		num(minX-margin), num(minY-margin), num(maxX-minX+2*margin), num(maxY-minY+2*margin), num(maxX-minX+2*margin), num(maxY-minY+2*margin))
	b.WriteString(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#666"/></marker></defs>` + "\n")
	fmt.Fprintf(&b, `<rect x="%s" y="%s" width="100%%" height="100%%" fill="#ffffff"/>`+"\n", num(minX-margin), num(minY-margin))
	for _, n := range c.Nodes {
		if n.Type == canvas.TypeGroup {
			group(&b, n)
		}
	}
	byID := make(map[string]*canvas.Node, len(c.Nodes))
	for _, n := range c.Nodes {
		byID[n.ID] = n
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

// anchor is the point of a side of a node an edge attaches to; the editor
// picks the nearest side when none is given.
func anchor(n *canvas.Node, side string, toward *canvas.Node) (float64, float64) {
	if side == "" {
		dx := (toward.X + toward.Width/2) - (n.X + n.Width/2)
		dy := (toward.Y + toward.Height/2) - (n.Y + n.Height/2)
		switch {
		case math.Abs(dy) >= math.Abs(dx) && dy < 0:
			side = canvas.Top
		case math.Abs(dy) >= math.Abs(dx):
			side = canvas.Bottom
		case dx < 0:
			side = canvas.Left
		default:
			side = canvas.Right
		}
	}
	switch side {
	case canvas.Top:
		return n.X + n.Width/2, n.Y
	case canvas.Bottom:
		return n.X + n.Width/2, n.Y + n.Height
	case canvas.Left:
		return n.X, n.Y + n.Height/2
	}
	return n.X + n.Width, n.Y + n.Height/2
}

func edge(b *strings.Builder, e *canvas.Edge, from, to *canvas.Node) {
	x1, y1 := anchor(from, e.FromSide, to)
	x2, y2 := anchor(to, e.ToSide, from)
	stroke := or(colour(e.Color), "#666")
	markers := ""
	if e.ToEnd != canvas.EndNone {
		markers += ` marker-end="url(#arrow)"`
	}
	if e.FromEnd == canvas.EndArrow {
		markers += ` marker-start="url(#arrow)"`
	}
	fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2"%s/>`+"\n", num(x1), num(y1), num(x2), num(y2), stroke, markers)
	if e.Label != "" {
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="14" text-anchor="middle" fill="#444">%s</text>`+"\n", num((x1+x2)/2), num((y1+y2)/2-4), esc(e.Label))
	}
}

func node(b *strings.Builder, n *canvas.Node, lookup Lookup) {
	fill := or(colour(n.Color), "#fafafa")
	var lines []string
	const title = 18
	switch n.Type {
	case canvas.TypeFile:
		if lookup != nil {
			if e, ok := lookup(n.File); ok {
				fill = or(colour(n.Color), statusColours[e.Status], "#fafafa")
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
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="8" fill="%s" fill-opacity="0.25" stroke="#555" stroke-width="1.5"/>`+"\n",
		num(n.X), num(n.Y), num(n.Width), num(n.Height), fill)
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
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%d" fill="#222">%s</text>`+"\n", num(n.X+canvas.CardPadding), num(y), size, esc(clip(strings.TrimLeft(line, "# "), maxChars)))
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
