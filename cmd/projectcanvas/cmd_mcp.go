package main

import (
	"context"

	"github.com/projectcanvas/projectcanvas/projectcanvas/mcpserver"
)

func init() {
	register(&command{name: "mcp", summary: "serve the tools to an AI assistant over MCP (stdio)", run: runMCP})
}

// runMCP serves MCP on stdin/stdout until the client hangs up or a signal
// arrives. Nothing else may write to stdout: it carries the protocol.
func runMCP(ctx context.Context, c *cli, args []string) int {
	fs := newFlags("mcp")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return fail(c.stderr, usageError{"usage: projectcanvas mcp"})
	}
	ctx, cancel := untilSignal(ctx)
	defer cancel()
	env, _, stop, err := c.openLive(ctx)
	if err != nil {
		return fail(c.stderr, err)
	}
	defer stop()
	server := mcpserver.New(c.registry, env, mcpserver.WithVersion(version))
	if err := server.Run(ctx, mcpserver.Stdio(c.stdin, c.stdout)); err != nil && ctx.Err() == nil {
		return fail(c.stderr, err)
	}
	return exitOK
}
