package main

import (
	"context"
	"io"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// navigateKinds are the eight navigate-to-* commands, in the spec's order.
var navigateKinds = []string{
	assist.NavParent, assist.NavChildren, assist.NavDependencies, assist.NavDependents,
	assist.NavDocuments, assist.NavDecisions, assist.NavFeatures, assist.NavImplementedBy,
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
	kind := strings.ReplaceAll(strings.TrimPrefix(strings.ToLower(pos[0]), "navigate-to-"), "_", "-")
	valid := false
	for _, k := range navigateKinds {
		valid = valid || k == kind
	}
	if !valid {
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
	ids := assist.Navigate(kind, from, p.All(), p.Children)
	found := make([]*pc.Entity, 0, len(ids))
	for _, id := range ids {
		if e, err := p.Get(string(id)); err == nil {
			found = append(found, e)
		}
	}
	nodes := canvas.EntityNodes(c, found)
	targets := make([]target, 0, len(ids))
	for _, id := range ids {
		t := target{ID: id} // an id naming no entity is listed bare
		if e, err := p.Get(string(id)); err == nil {
			t.Type, t.Title, t.Status = e.Type, e.Title, e.Status
		}
		if n := nodes[id]; n != nil {
			t.NodeID = n.ID
		}
		targets = append(targets, t)
	}
	return printJSON(stdout, map[string]any{"from": from.ID, "direction": kind, "canvas": path, "targets": targets})
}
