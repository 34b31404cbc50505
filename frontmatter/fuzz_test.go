package frontmatter

import (
	"bytes"
	"slices"
	"testing"
)

// FuzzParse checks, for any input, that Parse never panics and that a
// document that parses
//   - writes back byte for byte when unchanged,
//   - reads back with the same keys and values,
//   - still parses after SetString and SetStrings, with the new values and
//     with every other key and the body as before,
//   - still parses after deleting its first key and adding one.
func FuzzParse(f *testing.F) {
	for _, in := range testdataInputs(f) {
		f.Add(readFile(f, in))
	}
	for _, tt := range losslessCases {
		f.Add([]byte(tt.src))
	}
	for _, src := range roundTripExtras {
		f.Add([]byte(src))
	}
	for _, src := range hostileInputs(f) {
		if len(src) < 64<<10 { // the fuzzer mutates small inputs better
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkProperties(t, src)
	})
}

// checkProperties is the body of FuzzParse, shared with the round-trip test.
func checkProperties(t *testing.T, src []byte) {
	t.Helper()
	d, err := Parse(src)
	if err != nil {
		return
	}
	checkLazy(t, src)
	if got := d.Bytes(); !bytes.Equal(got, src) {
		t.Fatalf("round trip changed the input:\n%q\nbecame\n%q", src, got)
	}
	again, err := Parse(d.Bytes())
	if err != nil {
		t.Fatalf("output of an unchanged document does not parse: %v", err)
	}
	sameValues(t, d, again, nil)

	// Edit the values an entity tracker edits.
	deps := []string{"T-001", "T-002"}
	d.SetString("status", "Done")
	d.SetStrings("depends_on", deps)
	out := d.Bytes()
	if err := d.Err(); err != nil {
		refusedUnchanged(t, src, out, err)
		return
	}
	edited, err := Parse(out)
	if err != nil {
		t.Fatalf("edited output does not parse: %v\ninput  %q\noutput %q", err, src, out)
	}
	if s, ok := edited.String("status"); !ok || s != "Done" {
		t.Fatalf("status reads back as %q, %v\noutput %q", s, ok, out)
	}
	if l, ok := edited.Strings("depends_on"); !ok || !slices.Equal(l, deps) {
		t.Fatalf("depends_on reads back as %q, %v\noutput %q", l, ok, out)
	}
	orig, _ := Parse(src)
	sameValues(t, orig, edited, []string{"status", "depends_on"})
	if !bytes.Equal(edited.Body(), orig.Body()) {
		t.Fatalf("body changed: %q became %q", orig.Body(), edited.Body())
	}

	// Delete the first key, add another.
	keys := orig.Keys()
	if len(keys) == 0 {
		return
	}
	orig.Delete(keys[0])
	orig.SetString("fuzz_added", "yes")
	out = orig.Bytes()
	if err := orig.Err(); err != nil {
		refusedUnchanged(t, src, out, err)
		return
	}
	edited, err = Parse(out)
	if err != nil {
		t.Fatalf("output after delete does not parse: %v\ninput  %q\noutput %q", err, src, out)
	}
	if edited.Node(keys[0]) != nil && keys[0] != "fuzz_added" {
		t.Fatalf("deleted key %q still there: %q", keys[0], out)
	}
	if s, ok := edited.String("fuzz_added"); !ok || s != "yes" {
		t.Fatalf("added key reads back as %q, %v\noutput %q", s, ok, out)
	}
	sameValues(t, orig, edited, []string{keys[0], "fuzz_added"})
}

// sameValues asserts that b holds a's keys, except skip, in a's order and
// with equal values.
func sameValues(t *testing.T, a, b *Document, skip []string) {
	t.Helper()
	var ka, kb []string
	for _, k := range a.Keys() {
		if !slices.Contains(skip, k) {
			ka = append(ka, k)
		}
	}
	for _, k := range b.Keys() {
		if !slices.Contains(skip, k) {
			kb = append(kb, k)
		}
	}
	if !slices.Equal(ka, kb) {
		t.Fatalf("keys differ: %q vs %q", ka, kb)
	}
	for _, k := range ka {
		if !valueEqual(a.Node(k), b.Node(k)) {
			t.Fatalf("value of %q changed", k)
		}
	}
}

// refusedUnchanged accepts a refused edit only where it may be refused: a
// front matter with anchors, aliases or tags, which yaml.v3 cannot always
// write back once edited (an alias used as part of a mapping key), and
// only with the original bytes returned unchanged.
func refusedUnchanged(t *testing.T, src, out []byte, err error) {
	t.Helper()
	if !bytes.ContainsAny(src, "&*!") {
		t.Fatalf("edit failed on %q: %v", src, err)
	}
	if !bytes.Equal(out, src) {
		t.Fatalf("a refused edit changed the bytes: %q became %q (%v)", src, out, err)
	}
}
