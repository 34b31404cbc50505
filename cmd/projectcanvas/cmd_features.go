package main

import (
	"context"
	"io"

	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

const featuresUsage = "usage: projectcanvas features import [FILE] | set-phase ID PHASE | set-tier ID TIER | link FEATURE ID... [--canvas PATH]"

func init() {
	register(&command{name: "features", args: "import [FILE] | set-phase ID PHASE | set-tier ID TIER | link FEATURE ID...", summary: "import FUTURE_FEATURES.md; move a feature; link entities to a feature", run: func(ctx context.Context, c *cli, args []string) int {
		return featuresCommand(ctx, args, c.stdout, c.stderr, c.registry, c.vaultDir)
	}})
}

// featuresCommand runs the editor's feature commands from the shell:
// import-future-features, set-feature-phase, set-feature-tier and
// bulk-link-features. They are editor commands, not tools (DESIGN.md §6
// fixes the tool list), so each calls the core or a tool directly.
func featuresCommand(ctx context.Context, args []string, stdout, stderr io.Writer, registry *tools.Registry, vaultDir string) int {
	if len(args) == 0 {
		return fail(stderr, usageError{featuresUsage})
	}
	switch args[0] {
	case "import":
		return featuresImport(args[1:], stdout, stderr, vaultDir)
	case "set-phase":
		return featuresSet(ctx, "phase", args[1:], stdout, stderr, registry, vaultDir)
	case "set-tier":
		return featuresSet(ctx, "tier", args[1:], stdout, stderr, registry, vaultDir)
	case "link":
		return featuresLink(args[1:], stdout, stderr, vaultDir)
	}
	return fail(stderr, usageError{featuresUsage})
}
