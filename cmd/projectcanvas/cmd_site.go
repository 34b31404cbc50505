package main

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/site"
)

func init() {
	register(&command{name: "site", args: "[-o DIR] [--include GLOB]... [--exclude GLOB]...", summary: "write the project's status site: board, canvases, entity pages, ready work, search", run: siteCommand})
}

const siteUsage = "usage: projectcanvas site [-o DIR] [--include GLOB]... [--exclude GLOB]..."

// globs is a flag given any number of times.
type globs []string

func (g *globs) String() string     { return strings.Join(*g, ",") }
func (g *globs) Set(v string) error { *g = append(*g, v); return nil }

var _ flag.Value = (*globs)(nil)

// siteCommand runs `site`: the status site of the vault (package site),
// written into DIR (default .projectcanvas/site in the vault), which must
// be empty, new, or a site this command wrote before.
func siteCommand(_ context.Context, c *cli, args []string) int {
	fs := newFlags("site")
	out := fs.String("o", "", "folder to write the site into")
	var include, exclude globs
	fs.Var(&include, "include", "publish only vault paths matching this glob")
	fs.Var(&exclude, "exclude", "leave out vault paths matching this glob")
	if fs.Parse(args) != nil || fs.NArg() > 0 {
		return fail(c.stderr, usageError{siteUsage})
	}
	// The commit is asked of git while the vault is read.
	commit := make(chan string, 1)
	go func() {
		hash, err := gitRun(c.vaultDir, "rev-parse", "--verify", "--quiet", "HEAD")
		if err != nil {
			hash = ""
		}
		commit <- hash
	}()
	// Every page reads its entity's body: from the index's read. The
	// canvases are found by the same walk.
	canvases := []string{}
	env, err := c.open(pc.WithBodies(), pc.WithFileNames(func(name string) {
		if strings.HasSuffix(name, ".canvas") {
			canvases = append(canvases, name)
		}
	}))
	if err != nil {
		return failure(c.stdout, c.stderr, "", err)
	}
	p := env.Project
	cfgIn, cfgEx, err := site.FromConfig(p.Files())
	if err != nil {
		return failure(c.stdout, c.stderr, "", err)
	}
	opt := site.Options{Include: append(cfgIn, include...), Exclude: append(cfgEx, exclude...), Generated: p.Now(), Commit: <-commit, Canvases: canvases}
	dir := *out
	if dir == "" {
		dir = filepath.Join(c.vaultDir, filepath.FromSlash(pc.OwnFolder), "site")
	}
	w, err := site.Generate(p, opt, dir)
	if err != nil {
		return failure(c.stdout, c.stderr, "", err)
	}
	fmt.Fprintf(c.stdout, "site written to %s: %d file(s) written, %d unchanged, %d removed\n", dir, w.Written, w.Unchanged, w.Removed)
	return exitOK
}
