package main

import (
	"io"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
)

// featuresLink runs `features link FEATURE ID...` (bulk-link-features): the
// milestones, stories and tasks ID... implement FEATURE, both sides written
// in one write, or nothing when one of them is refused.
func featuresLink(args []string, stdout, stderr io.Writer, vaultDir string) int {
	fs := newFlags("features link")
	pos, err := parseInterleaved(fs, args)
	if err != nil || len(pos) < 2 {
		return fail(stderr, usageError{"usage: projectcanvas features link FEATURE ID..."})
	}
	env, err := openEnv(vaultDir)
	if err != nil {
		return toolFailure(stdout, err)
	}
	f, err := assist.BulkLinkFeature(env.Project, pos[0], pos[1:])
	if err != nil {
		return toolFailure(stdout, err)
	}
	implementedBy := f.Links[pc.ImplementedBy]
	if implementedBy == nil {
		implementedBy = []pc.ID{}
	}
	return printJSON(stdout, map[string]any{"feature": f.ID, "implemented_by": implementedBy})
}
