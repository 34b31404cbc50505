package site

import (
	"bytes"
	"embed"
	"html/template"
	"time"
)

//go:embed assets
var assets embed.FS

var siteJS = mustRead("assets/site.js")

func mustRead(name string) []byte {
	data, err := assets.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return data
}

// templates are the pages, each the layout around its "content".
var templates = func() map[string]*template.Template {
	out := map[string]*template.Template{}
	for _, name := range []string{"board", "canvas", "ready", "search"} {
		out[name] = template.Must(template.ParseFS(assets, "assets/layout.html", "assets/"+name+".html"))
	}
	return out
}()

// page is what the layout shows around a page's content.
type page struct {
	Title             string
	Root              string // the way to the site's root from the page
	Canvases          []canvasLink
	Search            bool // loads the search index
	Board             bool // loads the board's data and script
	Stamp             bool // shows when and from which commit the site was made
	Generated, Commit string
	Body              any
}

type canvasLink struct{ Name, Page string }

// write renders a page into the site's files.
func (s *site) write(name, tmpl string, p page, canvases []canvasLink) error {
	p.Canvases = canvases
	if p.Stamp {
		p.Generated = s.opt.Generated.UTC().Format(time.RFC3339)
		p.Commit = s.opt.Commit
	}
	var buf bytes.Buffer
	if err := templates[tmpl].ExecuteTemplate(&buf, "layout", p); err != nil {
		return err
	}
	return s.emit(name, buf.Bytes())
}
