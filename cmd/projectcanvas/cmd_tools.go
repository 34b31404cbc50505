package main

import (
	"context"
	"fmt"
	"text/tabwriter"
)

func init() {
	register(&command{name: "tools", noVault: true, args: "[--markdown]", summary: "list the tools and what they do (--markdown: the docs/TOOLS.md reference)", run: runTools})
}

func runTools(_ context.Context, c *cli, args []string) int {
	fs := newFlags("tools")
	markdown := fs.Bool("markdown", false, "print the markdown reference")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return fail(c.stderr, usageError{"usage: projectcanvas tools [--markdown]"})
	}
	if *markdown {
		if err := writeToolsDoc(c.stdout, c.registry); err != nil {
			return fail(c.stderr, err)
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	for _, t := range c.registry.Tools() {
		fmt.Fprintf(tw, "%s\t%s\n", t.Name, t.Description)
	}
	tw.Flush()
	return exitOK
}
