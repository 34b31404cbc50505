package main

import (
	"context"
	"fmt"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

func init() {
	register(&command{name: "migrate", args: "[--apply] [--json]", summary: "rewrite the old plugin's notes to this project's fields (dry run unless --apply)", run: migrateCommand})
}

// migrateCommand is the migrate command of the editor from the shell: each
// note of the old plugin's format and how it changes, then the totals. It
// writes only with --apply.
func migrateCommand(ctx context.Context, c *cli, args []string) int {
	fs := newFlags("migrate")
	apply := fs.Bool("apply", false, "write the migration (default: report what would change)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return fail(c.stderr, usageError{"usage: projectcanvas migrate [--apply] [--json]"})
	}
	env, err := c.open()
	if err != nil {
		return toolFailure(c.stdout, err)
	}
	// The editor command's run: one account of a migration, its notice,
	// for every host; the typed report for the rest.
	res, err := c.commands.Run(ctx, env, "migrate", fmt.Appendf(nil, `{"apply":%t}`, *apply))
	if err != nil {
		return toolFailure(c.stdout, err)
	}
	m, ok := res.Data.(*tools.Migration)
	if !ok {
		return toolFailure(c.stdout, pc.Errorf(pc.CodeInternal, "migrate answered %T", res.Data))
	}
	if *asJSON {
		return printJSON(c.stdout, m)
	}
	for _, n := range m.Notes {
		fmt.Fprintf(c.stdout, "%s (%s)\n", n.File, n.Entity)
		for _, ch := range n.Changes {
			fmt.Fprintln(c.stdout, "  "+ch.String())
		}
	}
	for _, r := range m.Refused {
		fmt.Fprintf(c.stdout, "%s: left alone, %s\n", r.File, r.Reason)
	}
	fmt.Fprintln(c.stdout, res.Notice)
	return exitOK
}
