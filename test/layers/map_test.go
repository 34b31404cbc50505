package layers_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The map of docs/ARCHITECTURE.md, as its tables say it: the first page a
// newcomer reads is the one the import test runs on, so it cannot go
// stale without a failing test.
type archMap struct {
	layers map[string]int             // package (below the module) -> layer
	within map[string]map[string]bool // package -> imports of its own layer it may make
	wiring map[string]map[string]bool // host -> services it may import to wire them
	plugin map[string]int             // plugin/src file -> times the page's table names it
	named  map[string]int             // package -> times the table of layers names it
	text   string
}

const archPage = "docs/ARCHITECTURE.md"

// The first cell of each table's header, and the layer of each row of the
// table of layers.
var layerNames = map[string]int{"leaves": leaf, "domain": domain, "services": service,
	"registries": registry, "hosts": host, "tooling": tooling}

var backticked = regexp.MustCompile("`([^`]+)`")

// readMap parses the page's four tables: the layers (| Layer | Packages |
// ...), the imports inside one layer (| Package | Imports in its own layer
// | ...), the hosts' wiring (| Host | Services it wires | ...) and the
// plugin's files (| File | ...). Every name in them is written out in
// full (the import path below the module; the file below plugin/src).
func readMap(t *testing.T) *archMap {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, archPage))
	if err != nil {
		t.Fatal(err)
	}
	m := &archMap{layers: map[string]int{}, within: map[string]map[string]bool{}, wiring: map[string]map[string]bool{},
		plugin: map[string]int{}, named: map[string]int{}, text: string(data)}
	table := ""
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "|") {
			table = ""
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if table == "" { // the header
			table = cells[0]
			if !slices.Contains([]string{"Layer", "Package", "Host", "File"}, table) {
				t.Fatalf("%s: a table headed %q, which the test does not read: a table of the map starts with Layer, Package, Host or File", archPage, line)
			}
			continue
		}
		if strings.HasPrefix(cells[0], "---") || len(cells) < 2 {
			continue
		}
		switch table {
		case "Layer":
			layer, ok := layerNames[cells[0]]
			if !ok {
				t.Fatalf("%s: the table of layers has a row %q, not one of its layers", archPage, cells[0])
			}
			for _, pkg := range names(cells[1]) {
				m.layers[pkg] = layer
				m.named[pkg]++
			}
		case "Package", "Host":
			into := map[string]map[string]map[string]bool{"Package": m.within, "Host": m.wiring}[table]
			for _, pkg := range names(cells[0]) {
				if into[pkg] == nil {
					into[pkg] = map[string]bool{}
				}
				for _, imp := range names(cells[1]) {
					into[pkg][imp] = true
				}
			}
		case "File":
			for _, f := range names(cells[0]) {
				m.plugin[f]++
			}
		}
	}
	if len(m.layers) == 0 || len(m.within) == 0 || len(m.wiring) == 0 || len(m.plugin) == 0 {
		t.Fatalf("%s: a table is missing (layers %d, imports inside a layer %d, wiring %d, plugin files %d)",
			archPage, len(m.layers), len(m.within), len(m.wiring), len(m.plugin))
	}
	return m
}

func names(cell string) []string {
	var out []string
	for _, m := range backticked.FindAllStringSubmatch(cell, -1) {
		out = append(out, m[1])
	}
	return out
}

// Every Go package of the module (on every platform) is named once in the
// table of layers, in a layer that matches where it lives, and the table
// names no package the module does not have.
func TestMapNamesEveryPackage(t *testing.T) {
	m := readMap(t)
	all := imports(t)
	for pkg := range all {
		if n := m.named[pkg]; n != 1 {
			t.Errorf("%s names the package %s %d times in its table of layers, not once", archPage, pkg, n)
		}
	}
	for pkg, layer := range m.layers {
		if _, ok := all[pkg]; !ok {
			t.Errorf("%s names %s, which is no package of the module", archPage, pkg)
			continue
		}
		if want := where(pkg); !want[layer] {
			t.Errorf("%s puts %s among the %s, which does not match where it lives (see \"Where the packages are\")", archPage, pkg, name(layer))
		}
	}
}

// where says the layers a package may be in by its place in the tree
// (the page's "Where the packages are").
func where(pkg string) map[int]bool {
	top, _, _ := strings.Cut(pkg, "/")
	switch {
	case top == "test" || top == "bench" || strings.HasSuffix(pkg, "test") || strings.Contains(pkg, "/internal/"):
		return map[int]bool{tooling: true}
	case top == "cmd" || top == "wasm":
		return map[int]bool{host: true}
	case pkg == "projectcanvas":
		return map[int]bool{domain: true}
	case top == "projectcanvas":
		return map[int]bool{service: true, registry: true, host: true}
	default: // the root's libraries and internal/: what knows nothing of the project
		return map[int]bool{leaf: true, tooling: true}
	}
}

// Every source file of the plugin (plugin/src, worker/ too) is named once
// in the page's table of the plugin, and every .ts file the page names is
// there.
func TestMapNamesEveryPluginFile(t *testing.T) {
	m := readMap(t)
	src := filepath.Join(root, "plugin", "src")
	files := map[string]bool{}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".ts") {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		files[filepath.ToSlash(rel)] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for f := range files {
		if n := m.plugin[f]; n != 1 {
			t.Errorf("%s names the plugin's %s %d times in its table of the plugin, not once", archPage, f, n)
		}
	}
	for f := range m.plugin {
		if !files[f] {
			t.Errorf("%s names the plugin's %s, which plugin/src does not have", archPage, f)
		}
	}
	// And in its prose: `guard.ts` outlived its file once.
	for _, n := range names(m.text) {
		if strings.HasSuffix(n, ".ts") && !strings.Contains(n, "/") && !files[n] && !exists(filepath.Join("plugin", n)) {
			t.Errorf("%s names %s, which plugin/src does not have", archPage, n)
		}
	}
	if len(files) < 20 {
		t.Fatalf("only %d plugin files found", len(files))
	}
}
