package main

import (
	"context"
	"fmt"
	"text/tabwriter"
)

func init() {
	register(&command{name: "tools", summary: "list the tools and what they do", run: func(_ context.Context, c *cli, _ []string) int {
		tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
		for _, t := range c.registry.Tools() {
			fmt.Fprintf(tw, "%s\t%s\n", t.Name, t.Description)
		}
		tw.Flush()
		return exitOK
	}})
}
