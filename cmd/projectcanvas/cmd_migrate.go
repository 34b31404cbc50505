package main

import (
	"context"
	"fmt"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func init() {
	register(&command{name: "migrate", args: "[--apply] [--json]", summary: "rewrite the old plugin's notes to this project's fields (dry run unless --apply)", run: migrateCommand})
}

// migrateCommand is the migrate command of the editor from the shell: each
// note of the old plugin's format and how it changes, then the totals. It
// writes only with --apply.
func migrateCommand(_ context.Context, c *cli, args []string) int {
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
	m, err := env.Project.Migrate(*apply)
	if err != nil {
		return toolFailure(c.stdout, err)
	}
	if *asJSON {
		return printJSON(c.stdout, m)
	}
	changes := 0
	for _, n := range m.Notes {
		fmt.Fprintf(c.stdout, "%s (%s)\n", n.File, n.Entity)
		for _, ch := range n.Changes {
			fmt.Fprintln(c.stdout, "  "+describeChange(ch))
			if ch.Kind != pc.MigrateKept {
				changes++
			}
		}
	}
	for _, r := range m.Refused {
		fmt.Fprintf(c.stdout, "%s: left alone, %s\n", r.File, r.Reason)
	}
	verb := "would change"
	if *apply {
		verb = "changed"
	}
	fmt.Fprintf(c.stdout, "%d note(s) %s (%d change(s))", m.Changed, verb, changes)
	if kept := m.ByKind[pc.MigrateKept]; kept > 0 {
		fmt.Fprintf(c.stdout, "; %d value(s) left for you", kept)
	}
	fmt.Fprintln(c.stdout)
	return exitOK
}

// describeChange is one change of a note in words.
func describeChange(ch pc.MigrationChange) string {
	switch ch.Kind {
	case pc.MigrateRename:
		return fmt.Sprintf("%s -> %s: %v", ch.Key, ch.NewKey, ch.From)
	case pc.MigrateMerge:
		return fmt.Sprintf("%s merged into %s: %v (%s: %v)", ch.Key, ch.NewKey, ch.From, ch.NewKey, ch.To)
	case pc.MigrateValue:
		return fmt.Sprintf("%s: %v -> %v", ch.Key, ch.From, ch.To)
	case pc.MigrateFill:
		return fmt.Sprintf("%s: set to %v", ch.Key, ch.To)
	}
	return fmt.Sprintf("left for you: %s (%s)", ch.Key, ch.Note)
}
