package main

import (
	"context"
	"os"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas/render"
)

func init() {
	register(&command{name: "render", args: "[--canvas PATH] [--band MILESTONE | --focus ID] [-o FILE.svg]", summary: "draw a canvas as SVG", run: renderCommand})
}

// renderCommand runs `render [--canvas PATH] [--band MILESTONE | --focus
// ID] [-o FILE.svg]`: the canvas drawn as SVG, on stdout or into FILE; with
// --band, only the band of that milestone (its lanes and what they hold),
// as the layout drew it; with --focus, only the part around an entity: its
// node, its parent's and children's, and those its edges join it to.
func renderCommand(ctx context.Context, c *cli, args []string) int {
	stdout, stderr := c.stdout, c.stderr

	fs := newFlags("render")
	name := fs.String("canvas", "", "canvas file in the vault")
	out := fs.String("o", "", "write the SVG to this file")
	band := fs.String("band", "", "draw only the band of this milestone")
	focus := fs.String("focus", "", "draw only the part around this entity")
	if fs.Parse(args) != nil || fs.NArg() > 0 || *band != "" && *focus != "" {
		return fail(stderr, usageError{"usage: projectcanvas render [--canvas PATH] [--band MILESTONE | --focus ID] [-o FILE.svg]"})
	}
	env, err := c.open()
	if err != nil {
		return toolFailure(stdout, err)
	}
	p := env.Project
	if *name == "" {
		*name = p.Config().Canvas
	}
	path, err := canvas.CleanPath(*name)
	if err != nil {
		return toolFailure(stdout, err)
	}
	cv, _, err := canvas.Read(p.Files(), path)
	if err != nil {
		return toolFailure(stdout, err)
	}
	if *band != "" {
		part, ok := canvas.Band(cv, pc.ID(*band))
		if !ok {
			return toolFailure(stdout, pc.Errorf(pc.CodeNotFound, "%s has no band of %s: lay it out first (canvas layout)", path, *band))
		}
		cv = part
	}
	if *focus != "" {
		part, err := around(p, cv, pc.ID(*focus))
		if err != nil {
			return toolFailure(stdout, err)
		}
		cv = part
	}
	byPath := map[string]*pc.Entity{}
	for _, e := range p.All() {
		byPath[e.Path] = e
	}
	svg := render.SVG(cv, func(file string) (render.Entity, bool) {
		e := byPath[file]
		if e == nil {
			return render.Entity{}, false
		}
		return render.Entity{ID: string(e.ID), Title: e.Title, Status: string(e.Status), Type: string(e.Type)}, true
	})
	if *out == "" {
		stdout.Write(svg)
		return exitOK
	}
	if err := os.WriteFile(*out, svg, 0o644); err != nil {
		return toolFailure(stdout, pc.Errorf(pc.CodeInternal, "writing %s: %v", *out, err))
	}
	return exitOK
}

// around is the part of a canvas around an entity's node: the nodes of the
// entity, its parent and children, and every node an edge joins it to.
func around(p *pc.Project, cv *canvas.Canvas, id pc.ID) (*canvas.Canvas, error) {
	e, err := p.Get(string(id))
	if err != nil {
		return nil, err
	}
	g := p.Graph()
	related := append([]*pc.Entity{e}, p.All()...)
	nodes := canvas.EntityNodes(cv, related)
	self := nodes[e.ID]
	if self == nil {
		return nil, pc.Errorf(pc.CodeNotFound, "%s is not on the canvas", id)
	}
	keep := []*canvas.Node{self}
	for _, d := range []pc.Direction{pc.ToParent, pc.ToChildren} {
		for _, r := range g.Neighbours(e, d) {
			if n := nodes[r]; n != nil {
				keep = append(keep, n)
			}
		}
	}
	for _, ed := range cv.Edges {
		if other := cv.Node(ed.ToNode); ed.FromNode == self.ID && other != nil {
			keep = append(keep, other)
		} else if other := cv.Node(ed.FromNode); ed.ToNode == self.ID && other != nil {
			keep = append(keep, other)
		}
	}
	return canvas.Crop(cv, keep), nil
}
