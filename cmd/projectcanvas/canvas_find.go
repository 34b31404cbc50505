package main

import (
	"io"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// canvasFind runs `canvas find QUERY [--canvas PATH] [--limit N]`
// (search-entity-on-canvas): the entities on the canvas that QUERY means,
// best first (exact id, id prefix, title prefix, substring, typos), each
// with the id of its node for the editor to select and centre.
func canvasFind(args []string, stdout, stderr io.Writer, vaultDir string) int {
	fs := newFlags("canvas find")
	name := fs.String("canvas", "", "canvas file in the vault")
	limit := fs.Int("limit", 10, "most results (0: all)")
	pos, err := parseInterleaved(fs, args)
	if err != nil || len(pos) != 1 || *limit < 0 {
		return fail(stderr, usageError{"usage: projectcanvas canvas find QUERY [--canvas PATH] [--limit N]"})
	}
	env, c, path, ok := readCanvas(stdout, vaultDir, *name)
	if !ok {
		return exitToolError
	}
	nodes := canvas.EntityNodes(c, env.Project.All())
	shown := make([]*pc.Entity, 0, len(nodes))
	for _, e := range env.Project.All() {
		if nodes[e.ID] != nil {
			shown = append(shown, e)
		}
	}
	type result struct {
		NodeID string `json:"node_id"`
		assist.Match
	}
	results := []result{}
	for _, m := range assist.Rank(pos[0], shown, *limit) {
		results = append(results, result{NodeID: nodes[m.ID].ID, Match: m})
	}
	return printJSON(stdout, map[string]any{"canvas": path, "query": pos[0], "results": results})
}

// readCanvas opens the vault and reads the canvas name (default the
// configured one); a canvas that does not exist yet reads as empty. On
// failure it prints the error and ok is false.
func readCanvas(stdout io.Writer, vaultDir, name string) (env *tools.Env, c *canvas.Canvas, path string, ok bool) {
	env, err := openEnv(vaultDir)
	if err != nil {
		toolFailure(stdout, err)
		return nil, nil, "", false
	}
	if name == "" {
		name = env.Project.Config().Canvas
	}
	if path, err = canvas.CleanPath(name); err == nil {
		c, _, err = canvas.Read(env.Project.Files(), path)
	}
	if err != nil {
		toolFailure(stdout, err)
		return nil, nil, "", false
	}
	return env, c, path, true
}
