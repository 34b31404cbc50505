package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/projectcanvas/projectcanvas/reconcile"
)

func init() {
	register(&command{name: "reconcile", args: "[--dry-run] [--json]", summary: "make both sides of every relation agree", run: reconcileCommand})
}

// reconcileCommand runs reconcile_relationships and prints the summary the
// editor command shows: each change by file, then the totals and what it
// could not fix. --json prints the tool's result instead.
func reconcileCommand(ctx context.Context, c *cli, args []string) int {
	stdout, stderr := c.stdout, c.stderr
	registry := c.registry

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
	raw, err := registry.Dispatch(ctx, env, "reconcile_relationships", fmt.Appendf(nil, `{"dry_run":%t}`, *dryRun))
	if err != nil {
		return toolFailure(stdout, err)
	}
	var res struct {
		Files []struct {
			File    string          `json:"file"`
			Changes []reconcile.Fix `json:"changes"`
		} `json:"files"`
		Summary struct {
			FilesChanged int `json:"files_changed"`
			Changes      int `json:"changes"`
			Held         int `json:"held"`
		} `json:"summary"`
		Problems []reconcile.Problem `json:"problems"`
	}
	if *asJSON {
		var v any
		_ = json.Unmarshal(raw, &v)
		return printJSON(stdout, v)
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		return toolFailure(stdout, err)
	}
	for _, f := range res.Files {
		fmt.Fprintln(stdout, f.File)
		for _, c := range f.Changes {
			fmt.Fprintln(stdout, "  "+c.String())
		}
	}
	verb := "changed"
	if *dryRun {
		verb = "would change"
	}
	fmt.Fprintf(stdout, "%d change(s) in %d file(s) %s", res.Summary.Changes, res.Summary.FilesChanged, verb)
	if res.Summary.Held > 0 {
		fmt.Fprintf(stdout, "; %d held back by dependency cycles", res.Summary.Held)
	}
	fmt.Fprintln(stdout)
	if len(res.Problems) > 0 {
		fmt.Fprintf(stdout, "%d problem(s) to fix by hand:\n", len(res.Problems))
		for _, p := range res.Problems {
			fmt.Fprintf(stdout, "  %s %s: %s\n", p.Entity, p.Field, p.Message)
		}
	}
	return exitOK
}
