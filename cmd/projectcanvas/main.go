// Command projectcanvas is the native host of Project Canvas: it runs the
// project's tools against a vault folder from the terminal, serves them over
// HTTP and MCP, and keeps watching the vault while it serves.
//
//	projectcanvas [--vault DIR] tool NAME [JSON|-]   run a tool, print its JSON result
//	projectcanvas [--vault DIR] serve [--addr A] [--token T]
//	                                                  HTTP API on 127.0.0.1:12312, MCP at /mcp
//	projectcanvas [--vault DIR] mcp                   MCP over stdio, for AI assistants
//	projectcanvas [--vault DIR] index                 index the vault and summarize it
//	projectcanvas [--vault DIR] report                the overview and health analysis
//	projectcanvas tools                               list the tools
//	projectcanvas version
//
// Each command lives in its own cmd_NAME.go file and registers itself in
// the command table (cli.go).
//
// The vault is --vault, else $PROJECTCANVAS_VAULT, else the current folder.
// Exit status: 0 success, 1 the tool returned an error (printed as JSON on
// stdout), 2 bad usage.
package main

import (
	"context"
	"os"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}
