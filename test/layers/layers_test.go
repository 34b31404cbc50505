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

// The layers, lowest first: a package imports only those below it, and
// within its own layer only what the page's table of such imports lists.
const (
	leaf = iota
	domain
	service
	registry
	host
	tooling // tests' and benchmarks' helpers, generators: above everything
)

// The platforms whose files go list sees: this machine's, and the
// WebAssembly build's (wasm/main.go, gc.go, tools/schema_js.go... exist
// only there).
var platforms = [][]string{nil, {"GOOS=js", "GOARCH=wasm"}}

// imports lists every package of the module, on every platform, with the
// module's packages it imports (below the module's path).
func imports(t *testing.T) map[string][]string {
	t.Helper()
	all := map[string][]string{}
	for _, env := range platforms {
		cmd := exec.Command("go", "list", "-e", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", root+"/...")
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %v: %v", env, err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			pkg, imps, _ := strings.Cut(line, ":")
			pkg = strings.TrimPrefix(pkg, module)
			if _, seen := all[pkg]; !seen {
				all[pkg] = nil
			}
			for _, imp := range strings.Fields(imps) {
				if imp, ok := strings.CutPrefix(imp, module); ok && !slices.Contains(all[pkg], imp) {
					all[pkg] = append(all[pkg], imp)
				}
			}
		}
	}
	if _, ok := all["wasm"]; !ok {
		t.Fatal("go list for js/wasm did not list package wasm")
	}
	return all
}

// The domain, the services and the registries import no host; nothing
// imports a test or benchmark helper; a host reaches a service only to
// wire it; inside one layer, only the imports the page lists. The layers
// are the page's (docs/ARCHITECTURE.md), read by readMap.
func TestImportDirection(t *testing.T) {
	m := readMap(t)
	checked := 0
	for pkg, imps := range imports(t) {
		layer, known := m.layers[pkg]
		if !known {
			t.Errorf("%s has no layer: name it in the table of layers of docs/ARCHITECTURE.md", pkg)
			continue
		}
		for _, imp := range imps {
			il, ok := m.layers[imp]
			if !ok {
				continue // reported as a package without a layer
			}
			switch {
			case layer == tooling:
			case il == tooling:
				t.Errorf("%s imports %s, a test or benchmark helper", pkg, imp)
			case il > layer:
				t.Errorf("%s (%s) imports %s (%s): a layer imports only those below it", pkg, name(layer), imp, name(il))
			case il == layer && !m.within[pkg][imp]:
				t.Errorf("%s imports %s of its own layer (%s): list it in the page's table of imports inside a layer, with why", pkg, imp, name(il))
			case layer == host && il == service && !m.wiring[pkg][imp]:
				t.Errorf("%s, a host, imports the service %s: hosts reach services through the registries (wiring aside: the page's table of wiring)", pkg, imp)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Fatalf("only %d imports checked", checked)
	}
}

// Every import the page's two tables allow is made: a stale row is a
// wrong map.
func TestAllowedImportsExist(t *testing.T) {
	m := readMap(t)
	all := imports(t)
	for _, allowed := range []map[string]map[string]bool{m.within, m.wiring} {
		for pkg, imps := range allowed {
			for imp := range imps {
				if !slices.Contains(all[pkg], imp) {
					t.Errorf("docs/ARCHITECTURE.md allows %s to import %s, which it does not: drop the row", pkg, imp)
				}
			}
		}
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
	// A plugin file named alone, in the plugin's code: failures.ts.
	tsFile = regexp.MustCompile(`(?:^|[^./\w-])([A-Za-z][A-Za-z0-9-]*\.(?:d\.)?ts)\b`)
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
	// The plugin's source files by name and by path below plugin/src: a
	// comment names one so ("failures.ts", "core/session.ts").
	pluginFiles := map[string]bool{}
	for _, f := range files {
		if rest, ok := strings.CutPrefix(f, "plugin/src/"); ok {
			pluginFiles[rest], pluginFiles[filepath.Base(rest)] = true, true
		}
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
		if strings.HasPrefix(f, "plugin/") {
			for _, m := range tsFile.FindAllStringSubmatch(text, -1) {
				if !exists(filepath.Join(filepath.Dir(f), m[1])) && !pluginFiles[m[1]] && !exists(filepath.Join("plugin/test", m[1])) {
					t.Errorf("%s names %s, which the plugin does not have", f, m[1])
				}
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
