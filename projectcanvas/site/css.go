package site

import (
	"fmt"
	"strings"

	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas/render"
)

// stylesheet is assets/site.css: the fixed rules, then the palette of
// render (render.Tones, render.TypeStyles), the one copy the canvas's
// picture and the plugin's styles.css follow too.
func stylesheet() []byte {
	var b strings.Builder
	b.Write(mustRead("assets/site.css"))
	b.WriteString("\n/* Written from render.Tones: a status's colour. */\n")
	for _, t := range render.Tones {
		sel := make([]string, len(t.Statuses))
		for i, st := range t.Statuses {
			sel[i] = fmt.Sprintf(`[data-pc-status="%s"]`, render.Slug(st))
		}
		fmt.Fprintf(&b, "%s { --pc-status: %s; }\n", strings.Join(sel, ", "), t.Colour)
	}
	b.WriteString("/* Written from render.TypeStyles: a type's border. */\n")
	for _, s := range render.TypeStyles {
		style := "solid"
		switch {
		case s.Double:
			style = "double"
		case strings.HasPrefix(s.Dash, "2 "):
			style = "dotted"
		case s.Dash != "":
			style = "dashed"
		}
		width := s.Width
		if s.Double {
			width = 4 // a double border needs three pixels at least
		}
		fmt.Fprintf(&b, ".project-canvas-card[data-pc-type=%q] { border-width: %gpx; border-style: %s; border-left: 6px solid var(--pc-status, #c8c8c8); }\n", s.Type, width, style)
	}
	return []byte(b.String())
}
