package site

import (
	"html/template"
	"slices"
	"strconv"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas/render"
)

type canvasBody struct {
	Name string
	SVG  template.HTML
}

// canvasPaths are the vault's canvases the globs choose, in path order:
// of Options.Canvases when the caller listed them, else of a walk of the
// vault.
func (s *site) canvasPaths() ([]string, error) {
	var paths []string
	add := func(name string) error {
		if strings.HasSuffix(name, ".canvas") && s.selects(name) {
			paths = append(paths, name)
		}
		return nil
	}
	if s.opt.Canvases != nil {
		for _, name := range s.opt.Canvases {
			add(name)
		}
	} else if err := s.p.Files().Walk(add); err != nil {
		return nil, err
	}
	slices.Sort(paths)
	return slices.Compact(paths), nil
}

// canvasPages writes canvas/NAME.html for each canvas of paths (see
// canvasPaths) the editor can read, and returns the links to them, in
// path order.
func (s *site) canvasPages(paths []string) ([]canvasLink, error) {
	byPath := map[string]*pc.Entity{}
	for _, e := range s.all {
		byPath[e.Path] = e
	}
	var links []canvasLink
	used := map[string]bool{}
	svgs := map[string][]byte{}
	for _, name := range paths {
		cv, hash, err := canvas.Read(s.p.Files(), name)
		if err != nil || hash == "" {
			continue // a canvas the editor cannot read either, or gone since it was listed: left out, as a broken note is
		}
		base := or(render.Slug(strings.TrimSuffix(name, ".canvas")), "canvas")
		slug := base
		for n := 2; used[slug]; n++ {
			slug = base + "-" + strconv.Itoa(n)
		}
		used[slug] = true
		link := canvasLink{Name: strings.TrimSuffix(name, ".canvas"), Page: "canvas/" + slug + ".html"}
		links = append(links, link)
		svgs[link.Page] = render.SVG(s.published(cv, byPath), func(file string) (render.Entity, bool) {
			e := byPath[file]
			if e == nil {
				return render.Entity{}, false
			}
			return render.Entity{ID: string(e.ID), Title: e.Title, Status: string(e.Status), Type: string(e.Type), Href: "../" + pageOf(e.ID)}, true
		})
	}
	for _, link := range links {
		body := canvasBody{Name: link.Name, SVG: template.HTML(svgs[link.Page])} //nolint:gosec // render escapes every text it draws
		if err := s.write(link.Page, "canvas", page{Title: "Canvas " + link.Name, Root: "../", Body: body}, links); err != nil {
			return nil, err
		}
	}
	return links, nil
}

// published is the canvas without the cards of files the site leaves out
// (unpublished entities, hidden or excluded files) and the edges to them.
func (s *site) published(cv *canvas.Canvas, byPath map[string]*pc.Entity) *canvas.Canvas {
	out := &canvas.Canvas{}
	kept := map[string]bool{}
	for _, n := range cv.Nodes {
		if n.Type == canvas.TypeFile {
			if e := byPath[n.File]; e != nil && s.shown[e.ID] == nil || !s.selects(n.File) {
				continue
			}
		}
		kept[n.ID] = true
		out.Nodes = append(out.Nodes, n)
	}
	for _, e := range cv.Edges {
		if kept[e.FromNode] && kept[e.ToNode] {
			out.Edges = append(out.Edges, e)
		}
	}
	return out
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
