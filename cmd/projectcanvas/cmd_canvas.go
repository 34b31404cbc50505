package main

import (
	"context"
	"encoding/json"
	"io"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

func init() {
	register(&command{name: "canvas", args: "populate|layout|features|focus|find [--canvas PATH]", summary: "put the entities on a canvas, lay it out, the features grid; focus and find", run: canvasCommand})
}

// canvasCommand runs `canvas populate|layout|features [--canvas PATH]`:
// the populate_canvas and layout_canvas tools and the features grid,
// printing their JSON result; `canvas focus` and `canvas find` answer the
// editor's focus-in-progress and search-entity-on-canvas.
func canvasCommand(ctx context.Context, c *cli, args []string) int {
	stdout, stderr := c.stdout, c.stderr
	registry := c.registry

	const use = "usage: projectcanvas canvas populate|layout|features|focus [--canvas PATH] | find QUERY [--canvas PATH]"
	if len(args) == 0 {
		return fail(stderr, usageError{use})
	}
	switch args[0] {
	case "focus":
		return canvasFocus(args[1:], stdout, stderr, c.vaultDir)
	case "find":
		return canvasFind(args[1:], stdout, stderr, c.vaultDir)
	}
	tool := map[string]string{"populate": "populate_canvas", "layout": "layout_canvas", "features": "features"}[args[0]]
	fs := newFlags("canvas")
	path := fs.String("canvas", "", "canvas file in the vault")
	if tool == "" || fs.Parse(args[1:]) != nil || fs.NArg() > 0 {
		return fail(stderr, usageError{use})
	}
	env, err := c.open()
	if err != nil {
		return toolFailure(stdout, err)
	}
	if tool == "features" {
		return featuresCanvas(stdout, env.Project, *path)
	}
	params := map[string]any{}
	if *path != "" {
		params["canvas"] = *path
	}
	raw, _ := json.Marshal(params)
	result, err := registry.Call(ctx, env, tool, raw)
	if err != nil {
		return toolFailure(stdout, err)
	}
	return printJSON(stdout, result)
}

// featuresCanvas lays out the features grid canvas (Features.canvas by
// default): groups per tier and phase, every feature in its cell.
func featuresCanvas(stdout io.Writer, p *pc.Project, name string) int {
	if name == "" {
		name = canvas.DefaultFeaturesCanvas
	}
	path, err := canvas.CleanPath(name)
	if err != nil {
		return toolFailure(stdout, err)
	}
	var res canvas.FeaturesArranged
	if _, err := canvas.Update(p, path, func(c *canvas.Canvas) error {
		res = canvas.ArrangeFeatures(c, p.All())
		return nil
	}); err != nil {
		return toolFailure(stdout, err)
	}
	return printJSON(stdout, map[string]any{"canvas": path, "added": res.Added, "nodes_moved": res.Moved, "cells": res.Cells})
}
