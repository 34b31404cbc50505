package main

import (
	"context"
	"io"
	"slices"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// navigateKinds are the eight navigate-to-* commands, in the spec's order.
var navigateKinds = []pc.Direction{
	pc.ToParent, pc.ToChildren, pc.ToDependencies, pc.ToDependents,
	pc.ToDocuments, pc.ToDecisions, pc.ToFeatures, pc.ToImplementedBy,
}

const navigateUsage = "usage: projectcanvas navigate parent|children|dependencies|dependents|documents|decisions|features|implemented-by ID [--canvas PATH]"

func init() {
	register(&command{name: "navigate", args: "DIRECTION ID [--canvas PATH]", summary: "the parent, children, dependencies... of ID, with their canvas node ids", run: func(ctx context.Context, c *cli, args []string) int {
		return navigateCommand(args, c.stdout, c.stderr, c.vaultDir)
	}})
}

// navigateCommand runs `navigate DIRECTION ID [--canvas PATH]`, the
// navigate-to-* commands: where DIRECTION goes from entity ID, reading both
// sides of each relation pair, each target with the id of its node on the
// canvas (absent when it is not on it) for the editor to select.
func navigateCommand(args []string, stdout, stderr io.Writer, vaultDir string) int {
	fs := newFlags("navigate")
	name := fs.String("canvas", "", "canvas file in the vault")
	pos, err := parseInterleaved(fs, args)
	if err != nil || len(pos) != 2 {
		return fail(stderr, usageError{navigateUsage})
	}
	kind := pc.Direction(strings.ReplaceAll(strings.TrimPrefix(strings.ToLower(pos[0]), "navigate-to-"), "-", "_"))
	if !slices.Contains(navigateKinds, kind) {
		return fail(stderr, usageError{navigateUsage})
	}
	env, c, path, ok := readCanvas(stdout, vaultDir, *name)
	if !ok {
		return exitToolError
	}
	p := env.Project
	from, err := p.Get(pos[1])
	if err != nil {
		return toolFailure(stdout, err)
	}
	type target struct {
		ID     pc.ID     `json:"id"`
		Type   pc.Type   `json:"type,omitempty"`
		Title  string    `json:"title,omitempty"`
		Status pc.Status `json:"status,omitempty"`
		NodeID string    `json:"node_id,omitempty"`
	}
	g := p.Graph()
	ids := g.Neighbours(from, kind) // every one names an entity
	found := make([]*pc.Entity, len(ids))
	for i, id := range ids {
		found[i] = g.Entity(id)
	}
	nodes := canvas.EntityNodes(c, found)
	targets := make([]target, len(ids))
	for i, e := range found {
		targets[i] = target{ID: e.ID, Type: e.Type, Title: e.Title, Status: e.Status}
		if n := nodes[e.ID]; n != nil {
			targets[i].NodeID = n.ID
		}
	}
	return printJSON(stdout, map[string]any{"from": from.ID, "direction": strings.ReplaceAll(string(kind), "_", "-"), "canvas": path, "targets": targets})
}
