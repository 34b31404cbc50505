package main

import (
	"context"
	"fmt"
)

func init() {
	register(&command{name: "token", args: "", summary: "print the HTTP API's bearer token for the vault (TOKEN=$(projectcanvas token))", run: runToken})
}

// runToken prints the token serve uses for the vault: $PROJECTCANVAS_TOKEN,
// else the one kept in the person's settings folder (made if there is none
// yet), so that a shell can take it: TOKEN=$(projectcanvas token).
func runToken(_ context.Context, c *cli, args []string) int {
	if len(args) > 0 {
		return fail(c.stderr, usageError{"usage: projectcanvas token"})
	}
	token, _, err := resolveToken("", c.getenv, c.vaultDir)
	if err != nil {
		return fail(c.stderr, err)
	}
	fmt.Fprintln(c.stdout, token)
	return exitOK
}
