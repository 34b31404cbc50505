package main

import (
	"context"
	"encoding/json"
	"flag"
	"io"

	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// canvasCommand runs `canvas populate|layout [--canvas PATH]`: the
// populate_canvas and layout_canvas tools, printing their JSON result.
func canvasCommand(ctx context.Context, args []string, stdout, stderr io.Writer, registry *tools.Registry, vaultDir string) int {
	const use = "usage: projectcanvas canvas populate|layout [--canvas PATH]"
	if len(args) == 0 {
		return fail(stderr, usageError{use})
	}
	tool := map[string]string{"populate": "populate_canvas", "layout": "layout_canvas"}[args[0]]
	fs := flag.NewFlagSet("canvas", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	path := fs.String("canvas", "", "canvas file in the vault")
	if tool == "" || fs.Parse(args[1:]) != nil || fs.NArg() > 0 {
		return fail(stderr, usageError{use})
	}
	env, err := openEnv(vaultDir)
	if err != nil {
		return toolFailure(stdout, err)
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
