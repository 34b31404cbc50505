package frontmatter

import (
	"bytes"
	"reflect"
	"slices"
	"testing"
)

// checkLazy asserts that a document read through the fast path's scan
// (Parse keeps it and builds no nodes) answers Keys, String, Strings and Node,
// for every key and an absent one, exactly as it does once its nodes are
// built, and that reading does not build them. It reports whether Parse
// kept the scan.
func checkLazy(t *testing.T, src []byte) bool {
	t.Helper()
	lazy, err := Parse(src)
	if err != nil {
		return false
	}
	kept := lazy.fast.entries != nil
	if f, _ := split(src); f.has {
		scan, ok := fastScan(f.yaml)
		if want := ok && scan.keys <= indexFrom; kept != want {
			t.Fatalf("%q: Parse kept the scan: %v, want %v", src, kept, want)
		}
	}
	built, _ := Parse(src)
	built.tree()
	if built.fast.entries != nil || (kept && built.root == nil) {
		t.Fatalf("tree did not build the nodes of %q", src)
	}
	keys := lazy.Keys()
	if want := built.Keys(); !slices.Equal(keys, want) {
		t.Fatalf("%q: keys %q, built %q", src, keys, want)
	}
	for _, k := range append(keys, "absent", "") {
		s, ok := lazy.String(k)
		ws, wok := built.String(k)
		if s != ws || ok != wok {
			t.Fatalf("%q: String(%q) = %q, %v; built %q, %v", src, k, s, ok, ws, wok)
		}
		if kept { // (two parses of aliases point to different anchors)
			if diff := fastDiff("node", lazy.Node(k), built.Node(k)); diff != "" {
				t.Fatalf("%q: Node(%q) differs from the built one: %s", src, k, diff)
			}
			if n := lazy.Node(k); n != nil && cap(n.Content) != len(n.Content) {
				t.Fatalf("%q: Node(%q) has room to grow its Content", src, k)
			}
		}
		l, ok := lazy.Strings(k)
		wl, wok := built.Strings(k)
		if !reflect.DeepEqual(l, wl) || ok != wok {
			t.Fatalf("%q: Strings(%q) = %#v, %v; built %#v, %v", src, k, l, ok, wl, wok)
		}
	}
	if kept && lazy.fast.entries == nil {
		t.Fatalf("%q: reading built the nodes", src)
	}
	if !bytes.Equal(lazy.Body(), built.Body()) || lazy.HasFrontMatter() != built.HasFrontMatter() {
		t.Fatalf("%q: body or front matter differ once built", src)
	}
	if len(keys) > 0 {
		// Node builds the tree the document keeps: the same nodes.
		n := lazy.Node(keys[len(keys)-1])
		lazy.tree()
		if lazy.Node(keys[len(keys)-1]) != n {
			t.Fatalf("%q: Node gave another node once the document was built", src)
		}
	}
	return kept
}

// asFile wraps YAML text in front matter delimiters.
func asFile(text string) []byte {
	if text != "" && text[len(text)-1] != '\n' {
		text += "\n"
	}
	return []byte("---\n" + text + "---\nbody\n")
}

// TestLazyReads runs checkLazy on the texts the fast path takes or
// declines and on the golden inputs.
func TestLazyReads(t *testing.T) {
	kept := 0
	for _, text := range fastAccepted {
		if checkLazy(t, asFile(text)) {
			kept++
		}
	}
	if kept < len(fastAccepted)/2 {
		t.Errorf("Parse kept the scan of %d of the %d texts the fast path takes", kept, len(fastAccepted))
	}
	for _, text := range fastDeclined {
		checkLazy(t, asFile(text))
	}
	for _, in := range testdataInputs(t) {
		checkLazy(t, readFile(t, in))
	}
	for _, tt := range losslessCases {
		checkLazy(t, []byte(tt.src))
	}
}

// TestLazyEdits checks that the first edit or write of a document read
// through the scan builds its nodes, and that each gives what it gives on a
// document whose nodes were built from the start.
func TestLazyEdits(t *testing.T) {
	edits := map[string]func(d *Document){
		"set":      func(d *Document) { d.SetString("status", "Done") },
		"set list": func(d *Document) { d.SetStrings("tags", []string{"a", "b"}) },
		"new key":  func(d *Document) { d.SetString("new", "x") },
		"delete":   func(d *Document) { d.Delete("title") },
		"body":     func(d *Document) { d.SetBody([]byte("new body\n")) },
	}
	for name, edit := range edits {
		lazy, err := Parse(simpleEntityFile)
		if err != nil || lazy.fast.entries == nil {
			t.Fatalf("the simple entity file was not read through the scan: %v", err)
		}
		built, _ := Parse(simpleEntityFile)
		built.tree()
		edit(lazy)
		edit(built)
		if got, want := lazy.Bytes(), built.Bytes(); !bytes.Equal(got, want) {
			t.Errorf("%s: gave\n%s\nwant\n%s", name, got, want)
		}
		if lazy.fast.entries != nil {
			t.Errorf("%s: the nodes were not built", name)
		}
		if lazy.Err() != nil || built.Err() != nil {
			t.Errorf("%s: %v, %v", name, lazy.Err(), built.Err())
		}
	}
}
