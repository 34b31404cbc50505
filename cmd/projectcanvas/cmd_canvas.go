package main

import (
	"context"
)

func init() {
	register(&command{name: "canvas", args: "populate|layout|features|focus|find [--canvas PATH]", summary: "put the entities on a canvas, lay it out, the features grid; focus and find", run: canvasCommand})
}

const canvasUsage = "usage: projectcanvas canvas populate|layout|features|focus [--canvas PATH] | find QUERY [--canvas PATH] [--limit N]"

// canvasCommand runs `canvas populate|layout|features|focus|find`, aliases
// of populate-canvas-from-vault, reposition-canvas-nodes,
// populate-features-canvas, focus-in-progress and search-entity-on-canvas.
func canvasCommand(ctx context.Context, c *cli, args []string) int {
	if len(args) == 0 {
		return fail(c.stderr, usageError{canvasUsage})
	}
	fs := newFlags("canvas " + args[0])
	path := fs.String("canvas", "", "canvas file in the vault")
	limit := fs.Int("limit", 10, "most results")
	pos, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return fail(c.stderr, usageError{canvasUsage})
	}
	input := map[string]any{}
	if *path != "" {
		input["canvas"] = *path
	}
	id := map[string]string{"populate": "populate-canvas-from-vault", "layout": "reposition-canvas-nodes",
		"features": "populate-features-canvas", "focus": "focus-in-progress", "find": "search-entity-on-canvas"}[args[0]]
	want := 0
	if id == "search-entity-on-canvas" {
		want = 1
		if len(pos) == 1 {
			input["query"], input["limit"] = pos[0], *limit
		}
	}
	if id == "" || len(pos) != want {
		return fail(c.stderr, usageError{canvasUsage})
	}
	return c.runCommand(ctx, id, input, true)
}
