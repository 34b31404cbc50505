package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
)

// maxGen bounds gen's sizes: a million files is more than any test needs.
const maxGen = 1_000_000

func init() {
	register(&command{name: "gen", noVault: true, args: "[--entities N] [--docs M] DIR", summary: "write a realistic synthetic vault (benchmarks, load tests)", run: genCommand})
}

// genCommand runs `gen --entities N --docs M DIR`: the generator the
// benchmarks use, writing N entity files (milestones, stories, tasks,
// decisions, documents, features with both sides of every relation) and M
// other notes into DIR, which must be empty or not exist, so that gen
// never mixes its files with a person's.
func genCommand(_ context.Context, c *cli, args []string) int {
	const use = "usage: projectcanvas gen [--entities N] [--docs M] DIR"
	fs := newFlags("gen")
	entities := fs.Int("entities", 1000, "entity files")
	docs := fs.Int("docs", 0, "other notes")
	pos, err := parseInterleaved(fs, args)
	if err != nil || len(pos) != 1 || *entities < 0 || *docs < 0 || *entities > maxGen || *docs > maxGen {
		return fail(c.stderr, usageError{use})
	}
	dir := pos[0]
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fail(c.stderr, fmt.Errorf("%s is not empty; gen writes only into an empty or new folder", dir))
	}
	files := vaultgen.Files(*entities)
	if *entities == 0 {
		files = map[string]string{}
	}
	for name, content := range vaultgen.Notes(*docs, *entities) {
		files[name] = content
	}
	if err := vaultgen.WriteFiles(dir, files); err != nil {
		return fail(c.stderr, err)
	}
	abs, _ := filepath.Abs(dir)
	return printJSON(c.stdout, map[string]any{"vault": abs, "entities": *entities, "docs": *docs, "files": len(files)})
}
