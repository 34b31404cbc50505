package main

import (
	"io"

	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
)

// featuresImport runs `features import [FILE]` (import-future-features):
// the features of FILE, a vault path, or of FUTURE_FEATURES.md at the vault
// root or under docs/, created in one write; a second import updates them.
// Sections it cannot read are listed by line under problems.
func featuresImport(args []string, stdout, stderr io.Writer, vaultDir string) int {
	fs := newFlags("features import")
	pos, err := parseInterleaved(fs, args)
	if err != nil || len(pos) > 1 {
		return fail(stderr, usageError{"usage: projectcanvas features import [FILE]"})
	}
	file := ""
	if len(pos) == 1 {
		file = pos[0]
	}
	env, err := openEnv(vaultDir)
	if err != nil {
		return toolFailure(stdout, err)
	}
	res, err := assist.ImportFutureFeatures(env.Project, file)
	if err != nil {
		return toolFailure(stdout, err)
	}
	if res.Problems == nil {
		res.Problems = []assist.LineProblem{}
	}
	return printJSON(stdout, res)
}
