package main

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/projectcanvas/projectcanvas/projectcanvas/merge"
)

func init() {
	register(&command{name: "merge-file", noVault: true, args: "BASE OURS THEIRS [PATH]",
		summary: "git merge driver: merge entity notes, canvases and state files by meaning", run: mergeFileCommand})
}

// mergeFileCommand is git's custom merge driver (`merge.projectcanvas.driver
// = projectcanvas merge-file %O %A %B %P`; see `projectcanvas git
// install`). It writes the merge to OURS, replacing it atomically, and
// exits 0 when the merge is clean, 1 when a conflict is left for a person
// (the file is still written: valid front matter with a merge_conflict
// entry, a valid canvas, or git's conflict markers in text). What it
// decided on its own and every conflict go to stderr, which git shows.
func mergeFileCommand(_ context.Context, c *cli, args []string) int {
	fs := newFlags("merge-file")
	if err := fs.Parse(args); err != nil || fs.NArg() < 3 || fs.NArg() > 4 {
		return fail(c.stderr, usageError{"usage: projectcanvas merge-file BASE OURS THEIRS [PATH]"})
	}
	basePath, oursPath, theirsPath := fs.Arg(0), fs.Arg(1), fs.Arg(2)
	name := oursPath
	if fs.NArg() == 4 {
		name = fs.Arg(3)
	}
	var sides [3][]byte
	for i, p := range []string{basePath, oursPath, theirsPath} {
		data, err := readRegularAtMost(p, merge.MaxInputBytes)
		if err != nil {
			// OURS stays as it is; git reports the file as conflicted.
			fmt.Fprintf(c.stderr, "projectcanvas merge-file %s: %v; ours is left as it is, for you to merge\n", name, err)
			return exitToolError
		}
		sides[i] = data
	}
	res, err := merge.Merge(filepath.ToSlash(name), sides[0], sides[1], sides[2], merge.GitText(merge.Labels{}))
	if err != nil {
		fmt.Fprintf(c.stderr, "projectcanvas merge-file %s: %v; left for git\n", name, err)
		return exitToolError
	}
	if res.Fallback != "" {
		fmt.Fprintf(c.stderr, "projectcanvas merge-file %s: merged by lines: %s\n", name, res.Fallback)
	}
	for _, n := range res.Notes {
		fmt.Fprintf(c.stderr, "projectcanvas merge-file %s: %s\n", name, n)
	}
	for _, k := range res.Conflicts {
		fmt.Fprintf(c.stderr, "projectcanvas merge-file %s: CONFLICT %s\n", name, k)
	}
	if err := writeRegular(oursPath, res.Data, 0o644); err != nil {
		return fail(c.stderr, err)
	}
	if !res.Clean() {
		return exitToolError
	}
	return exitOK
}
