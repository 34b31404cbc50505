package main

import (
	"context"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/commands"
)

const navigateUsage = "usage: projectcanvas navigate parent|children|dependencies|dependents|documents|decisions|features|implemented-by ID [--canvas PATH]"

func init() {
	register(&command{name: "navigate", args: "DIRECTION ID [--canvas PATH]", summary: "the parent, children, dependencies... of ID, with their canvas node ids", run: navigateCommand})
}

// navigateCommand runs `navigate DIRECTION ID [--canvas PATH]`, an alias of
// the navigate-to-* commands.
func navigateCommand(ctx context.Context, c *cli, args []string) int {
	fs := newFlags("navigate")
	name := fs.String("canvas", "", "canvas file in the vault")
	pos, err := parseInterleaved(fs, args)
	if err != nil || len(pos) != 2 {
		return fail(c.stderr, usageError{navigateUsage})
	}
	dir := pc.Direction(strings.ReplaceAll(strings.TrimPrefix(strings.ToLower(pos[0]), "navigate-to-"), "-", "_"))
	id := commands.NavigateID(dir)
	if cmd, ok := c.commands.Lookup(id); !ok || !strings.HasPrefix(cmd.ID, "navigate-to-") {
		return fail(c.stderr, usageError{navigateUsage})
	}
	return c.runCommand(ctx, id, commands.Subject{ID: pos[1], Canvas: *name}, true)
}
