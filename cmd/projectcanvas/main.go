// Command projectcanvas is the native host of Project Canvas: it runs the
// project's tools against a vault folder from the terminal.
//
//	projectcanvas [--vault DIR] tool NAME [JSON|-]   run a tool, print its JSON result
//	projectcanvas [--vault DIR] index                 index the vault and summarize it
//	projectcanvas [--vault DIR] report                the overview and health analysis
//	projectcanvas tools                               list the tools
//	projectcanvas version
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
