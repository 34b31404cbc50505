package main

import (
	"context"
	"fmt"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

func init() {
	register(&command{name: "reconcile", args: "[--dry-run] [--json]", summary: "make both sides of every relation agree", run: reconcileCommand})
}

// reconcileCommand runs the editor's reconcile-relationships and prints
// each change by file, then the command's notice (the totals, what it left
// for a person), then those problems. --json prints the tool's result.
func reconcileCommand(ctx context.Context, c *cli, args []string) int {
	stdout, stderr := c.stdout, c.stderr

	fs := newFlags("reconcile")
	dryRun := fs.Bool("dry-run", false, "report the changes without writing")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return fail(stderr, usageError{"usage: projectcanvas reconcile [--dry-run] [--json]"})
	}
	env, err := c.open()
	if err != nil {
		return toolFailure(stdout, err)
	}
	// The editor command's run: one account of a reconcile, its notice,
	// for every host; the typed result for the rest.
	res, err := c.commands.Run(ctx, env, "reconcile-relationships", fmt.Appendf(nil, `{"dry_run":%t}`, *dryRun))
	if err != nil {
		return toolFailure(stdout, err)
	}
	out, ok := res.Data.(*tools.ReconcileResult)
	if !ok {
		return toolFailure(stdout, pc.Errorf(pc.CodeInternal, "reconcile-relationships answered %T", res.Data))
	}
	if *asJSON {
		return printJSON(stdout, out)
	}
	for _, f := range out.Files {
		fmt.Fprintln(stdout, f.File)
		for _, fix := range f.Changes {
			fmt.Fprintln(stdout, "  "+fix.String())
		}
	}
	fmt.Fprintln(stdout, res.Notice)
	for _, p := range out.Problems {
		fmt.Fprintf(stdout, "  %s %s: %s\n", p.Entity, p.Field, p.Message)
	}
	return exitOK
}
