package main

import (
	"context"
	"fmt"
)

func init() {
	register(&command{name: "version", noVault: true, summary: "print the version", run: func(_ context.Context, c *cli, _ []string) int {
		fmt.Fprintln(c.stdout, "projectcanvas", version)
		return exitOK
	}})
}
