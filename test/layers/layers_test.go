// Package layers_test holds the house rules that no compiler checks: the
// import direction of docs/ARCHITECTURE.md, and that the code and docs
// cite only files the repository has.
package layers_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const (
	root   = "../.."
	module = "github.com/projectcanvas/projectcanvas/"
)

// layer of each package of the project, by import path below the module.
// A package not listed fails the test: a new package gets a layer.
var layers = map[string]int{}

const (
	leaf = iota
	domain
	service
	registry
	host
	tooling // tests' and benchmarks' helpers, generators: above everything
)

func init() {
	for layer, pkgs := range map[int][]string{
		leaf: {"graph", "layout", "reconcile", "frontmatter", "fulltext",
			"internal/jsonstr", "internal/lazygroup", "internal/ptrsort", "internal/plural"},
		domain: {"projectcanvas"},
		service: {"projectcanvas/canvas", "projectcanvas/canvas/render", "projectcanvas/insight", "projectcanvas/docsearch", "projectcanvas/docsearch/vecfile",
			"projectcanvas/assist", "projectcanvas/extsync", "projectcanvas/notion", "projectcanvas/merge",
			"projectcanvas/vault", "projectcanvas/vault/osfs", "projectcanvas/vault/memfs", "projectcanvas/watch",
			"projectcanvas/httpclient", "internal/vaultgen", "projectcanvas/site"},
		registry: {"projectcanvas/tools", "projectcanvas/commands"},
		host:     {"cmd/projectcanvas", "projectcanvas/httpapi", "projectcanvas/httpapi/route", "projectcanvas/mcpserver", "wasm", "wasm/bridge"},
	} {
		for _, p := range pkgs {
			layers[p] = layer
		}
	}
}

// wiring is what a host may import of the services: to build and
// register them, not to do their work (docs/ARCHITECTURE.md).
var wiring = map[string][]string{
	"cmd/projectcanvas": {"projectcanvas/vault/osfs", "projectcanvas/docsearch", "projectcanvas/docsearch/vecfile", "projectcanvas/watch", "projectcanvas/httpclient",
		"projectcanvas/extsync", "projectcanvas/notion",
		// The CLI's own commands: SVG for a terminal, and git's merge
		// driver protocol. Neither runs in another host.
		"projectcanvas/canvas/render", "projectcanvas/canvas", "projectcanvas/merge",
		// gen writes a synthetic vault.
		"internal/vaultgen",
		// site writes the status site into a folder of this machine.
		"projectcanvas/site"},
	"wasm/bridge": {"projectcanvas/vault/memfs", "projectcanvas/docsearch"},
}

// The domain, the services and the registries import no host; a leaf
// imports nothing of the project's upper layers; a host reaches a service
// only to wire it.
func TestImportDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-e", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", root+"/...").Output()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ":")
		pkg = strings.TrimPrefix(pkg, module)
		layer, known := layers[pkg]
		switch {
		case strings.HasPrefix(pkg, "test/") || strings.HasPrefix(pkg, "bench/") || strings.HasSuffix(pkg, "test") ||
			strings.HasPrefix(pkg, "internal/") && !known || strings.Contains(pkg, "/internal/"):
			layer = tooling
		case !known:
			t.Errorf("%s has no layer: add it to test/layers and docs/ARCHITECTURE.md", pkg)
			continue
		}
		for _, imp := range strings.Fields(imports) {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			imp = strings.TrimPrefix(imp, module)
			il, ok := layers[imp]
			if !ok {
				il = tooling
			}
			switch {
			case layer == tooling:
			case il == tooling && !strings.HasPrefix(imp, "internal/"):
				t.Errorf("%s imports %s, a test or benchmark helper", pkg, imp)
			case il > layer:
				t.Errorf("%s (%s) imports %s (%s): a layer imports only those below it", pkg, name(layer), imp, name(il))
			case layer == host && il == service && !slices.Contains(wiring[pkg], imp):
				t.Errorf("%s, a host, imports the service %s: hosts reach services through the registries (wiring aside)", pkg, imp)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Fatalf("only %d imports checked", checked)
	}
}

func name(layer int) string {
	return []string{"leaf", "domain", "service", "registry", "host", "tooling"}[layer]
}

var (
	// A path of the repository: under one of its top folders, not the tail
	// of a longer path (.projectcanvas/config.json is a vault's).
	repoPath = regexp.MustCompile(`(?:^|[^./\w-])((?:docs|projectcanvas|cmd|wasm|plugin|internal|layout|graph|reconcile|test|bench|examples)/[A-Za-z0-9_./-]*[A-Za-z0-9_])`)
	// What comments say, in code: a line comment or a block comment's line.
	commentRe = regexp.MustCompile(`(?m)(?://|^\s*\*|/\*)(.*)$`)
	// A document named alone: ARCHITECTURE.md.
	capsDoc = regexp.MustCompile(`\b([A-Z][A-Z_]+\.md)\b`)
)

// Every file a comment or a doc names is in the repository: a rule cited
// from a file nobody can open is no rule.
func TestCitedFilesExist(t *testing.T) {
	docs := map[string]bool{} // base names of the repository's markdown files
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if base := d.Name(); rel != "." && (strings.HasPrefix(base, ".") || base == "node_modules" || base == "testdata" || base == "dist") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".md") {
			docs[d.Name()] = true
		}
		if ext := filepath.Ext(p); ext == ".go" || ext == ".ts" || ext == ".md" || ext == ".mjs" {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasPrefix(f, "examples/") {
			continue // a vault's notes name their own files
		}
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(string(data), module, "")
		if !strings.HasSuffix(f, ".md") {
			var comments []string
			for _, m := range commentRe.FindAllStringSubmatch(text, -1) {
				comments = append(comments, m[1])
			}
			text = strings.Join(comments, "\n")
		}
		for _, m := range capsDoc.FindAllStringSubmatch(text, -1) {
			if !docs[m[1]] {
				t.Errorf("%s cites %s, which the repository does not have", f, m[1])
			}
		}
		for _, m := range repoPath.FindAllStringSubmatch(text, -1) {
			p := strings.TrimSuffix(m[1], ".")
			// Relative to the file's folder too (plugin/ names its own
			// files so); built output (a hidden folder, the plugin's dist)
			// is not in a fresh clone.
			if !strings.ContainsAny(p, "*<") && !strings.Contains(p, "/.") && !strings.HasPrefix(p, "plugin/dist") && !exists(p) && !exists(filepath.Join(filepath.Dir(f), p)) &&
				!exists(filepath.Join(strings.SplitN(f, "/", 2)[0], p)) {
				t.Errorf("%s names %s, which the repository does not have", f, p)
			}
		}
	}
}

func exists(p string) bool {
	_, err := os.Stat(filepath.Join(root, p))
	return err == nil
}
