package main

import (
	"io"

	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// canvasFocus runs `canvas focus [--canvas PATH]` (focus-in-progress): the
// node ids the editor hides to show only the work In Progress (hide), and
// the entity nodes that stay (keep). Ending the focus shows hide again.
// Nodes that are not entities are in neither list. It writes nothing.
func canvasFocus(args []string, stdout, stderr io.Writer, vaultDir string) int {
	fs := newFlags("canvas focus")
	name := fs.String("canvas", "", "canvas file in the vault")
	pos, err := parseInterleaved(fs, args)
	if err != nil || len(pos) > 0 {
		return fail(stderr, usageError{"usage: projectcanvas canvas focus [--canvas PATH]"})
	}
	env, c, path, ok := readCanvas(stdout, vaultDir, *name)
	if !ok {
		return exitToolError
	}
	f := canvas.FocusInProgress(c, env.Project.All())
	return printJSON(stdout, map[string]any{"canvas": path, "hide": f.Hide, "keep": f.Keep})
}
