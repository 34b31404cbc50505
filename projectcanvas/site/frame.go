package site

import (
	"bytes"
	"html/template"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// The entity pages, one per entity, are most of a site: they are written
// by hand (entityHTML) into the layout's frame, not through html/template,
// whose reflection took most of a large site's time. Every text from the
// vault goes through escTo; the markup around it is literal.

// frame is the layout of a page root levels below the site's root, cut
// around its title and its content: head, title, mid, content, tail.
type frame struct{ head, mid, tail string }

// The marks frame.html puts where a page's title and content go, as the
// layout writes them (html/template escapes a < in the title's text). They
// are the template's own text: no text from the vault can make them, its
// < and > being escaped both (&lt;pc-title&gt;).
const titleMark, contentMark = "&lt;pc-title>", "<pc-content>"

var frameTemplate = template.Must(template.ParseFS(assets, "assets/layout.html", "assets/frame.html"))

// frameOf makes the frame of the pages at root, with the site's canvases
// in the navigation.
func frameOf(root string, canvases []canvasLink) (frame, error) {
	var buf bytes.Buffer
	if err := frameTemplate.ExecuteTemplate(&buf, "layout", page{Root: root, Canvases: canvases}); err != nil {
		return frame{}, err
	}
	head, rest, ok1 := strings.Cut(buf.String(), titleMark)
	mid, tail, ok2 := strings.Cut(rest, contentMark)
	if !ok1 || !ok2 || strings.Contains(tail, contentMark) {
		return frame{}, pc.Errorf(pc.CodeInternal, "site: frame.html's marks are not in the layout once each")
	}
	return frame{head, mid, tail}, nil
}

// escTo writes a text escaped for HTML, as element content or as a quoted
// attribute's value, at the end of b: & < > " ' and NUL, as
// template.HTMLEscapeString escapes them (a byte table: its IndexAny took
// a tenth of an entity page's making).
func escTo(b *bytes.Buffer, s string) {
	start := 0
	for i := 0; i < len(s); i++ {
		if r := htmlEscapes[s[i]]; r != "" {
			b.WriteString(s[start:i])
			b.WriteString(r)
			start = i + 1
		}
	}
	b.WriteString(s[start:])
}

// htmlEscapes are the replacements of the bytes escTo escapes.
var htmlEscapes = [256]string{'&': "&amp;", '<': "&lt;", '>': "&gt;", '"': "&#34;", '\'': "&#39;", 0: "\uFFFD"}
