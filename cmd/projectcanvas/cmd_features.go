package main

import (
	"context"
)

const featuresUsage = "usage: projectcanvas features import [FILE] | set-phase ID PHASE | set-tier ID TIER [--canvas PATH] | link FEATURE ID..."

func init() {
	register(&command{name: "features", args: "import [FILE] | set-phase ID PHASE | set-tier ID TIER | link FEATURE ID...", summary: "import FUTURE_FEATURES.md; move a feature; link entities to a feature", run: featuresCommand})
}

// featuresCommand runs the feature subcommands, aliases of
// import-future-features, set-feature-phase, set-feature-tier and
// bulk-link-features.
func featuresCommand(ctx context.Context, c *cli, args []string) int {
	if len(args) == 0 {
		return fail(c.stderr, usageError{featuresUsage})
	}
	fs := newFlags("features " + args[0])
	name := fs.String("canvas", "", "features canvas in the vault (default Features.canvas)")
	pos, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return fail(c.stderr, usageError{featuresUsage})
	}
	switch {
	case args[0] == "import" && len(pos) <= 1:
		input := map[string]any{}
		if len(pos) == 1 {
			input["file"] = pos[0]
		}
		return c.runCommand(ctx, "import-future-features", input, true)
	case args[0] == "set-phase" && len(pos) == 2:
		return c.runCommand(ctx, "set-feature-phase", map[string]any{"id": pos[0], "phase": pos[1], "canvas": *name}, true)
	case args[0] == "set-tier" && len(pos) == 2:
		return c.runCommand(ctx, "set-feature-tier", map[string]any{"id": pos[0], "tier": pos[1], "canvas": *name}, true)
	case args[0] == "link" && len(pos) >= 2:
		return c.runCommand(ctx, "bulk-link-features", map[string]any{"feature": pos[0], "ids": pos[1:]}, true)
	}
	return fail(c.stderr, usageError{featuresUsage})
}
