package frontmatter

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// simpleEntityFile is entityFile without its comment: the kind of file the
// fast path takes.
var simpleEntityFile = []byte(`---
id: T-042
title: "Implement the front matter codec"
status: In Progress
priority: high
assignee: alice
created_at: 2026-01-12
updated_at: 2026-02-01
due: 2026-03-01
depends_on: [T-001, T-002]
tags:
  - core
  - yaml
estimate: 3
epic: E-7
---
# Implement the front matter codec

Read and write entity files without losing a byte.
`)

// fastAccepted are YAML texts that fastParse must take, building exactly
// the tree yaml.v3 builds.
var fastAccepted = []string{
	// Typical entity files.
	string(bytes.Split(simpleEntityFile, []byte("---\n"))[1]),
	"id: T-001\ntitle: Write the spec\nstatus: Todo\npriority: medium\nassignee: bob\ncreated_at: 2026-01-02T09:30:00Z\nupdated_at: 2026-01-03T17:45:10+01:00\ndepends_on: []\ntags: [spec, docs]\nestimate: 2.5\ndone: false\nparent: ~\n",
	"id: E-7\ntitle: 'Front matter: fast path'\nstatus: In Progress\nchildren:\n- T-041\n- T-042\n\nowner: \"carol\"\n",
	// Single keys and line endings.
	"id: T-042\n",
	"id: T-042",
	"id: 42\n",
	"title: Implement the front matter codec\n",
	"status: In Progress\n",
	"status: Won't do\n",
	// Dates and timestamps.
	"due: 2026-03-01\n",
	"t: 2026-01-12T09:30:00Z\n",
	"t: 2026-01-12T09:30:00.123456789Z\n",
	"t: 2026-01-12T09:30:00+02:00\n",
	"t: 2026-01-12 09:30:00\n",
	"t: 2026-1-2\n",
	"t: 2026-13-45\n",
	// Numbers.
	"estimate: 3\n",
	"n: -5\n",
	"n: +7\n",
	"n: 0\n",
	"n: 007\n",
	"n: 0x1F\n",
	"n: 0o17\n",
	"n: 0b101\n",
	"n: -0b101\n",
	"n: 1_000\n",
	"n: 99999999999999999999\n",
	"n: 18446744073709551615\n",
	"ratio: 0.5\n",
	"r: 1e3\n",
	"r: 1.\n",
	"r: .5\n",
	"r: -1.5e-3\n",
	"r: .inf\n",
	"r: .NaN\n",
	"r: 1.2.3\n",
	"v: 1.0\n",
	// Booleans, nulls and words that are neither in YAML 1.2.
	"done: true\ndone2: False\ndone3: TRUE\n",
	"a: yes\nb: no\nc: on\nd: off\ne: y\nf: n\n",
	"a: null\nb: ~\nc: Null\nd: NULL\n",
	"a: <<\nb: =\n",
	// Keys that look special but are strings.
	"yes: 1\nno: 2\non: 3\ny: 4\nn: 5\n",
	"_private: 1\nkey-with-dash: 2\nA1_b-2: 3\nx-: 4\n",
	// Quoted strings.
	"title: \"Implement: the #1 codec\"\n",
	"s: 'Todo'\n",
	"e: \"\"\nf: ''\n",
	"q: \"  spaced  \"\nr: '  spaced  '\n",
	"u: \"héllo wörld 🎉\"\n",
	"q: 'say \"hi\"'\nr: \"it's\"\n",
	"q: 'back\\slash'\n",
	"q: \"[not, a, list]\"\nr: '{x: 1}'\n",
	"q: \"- item\"\nr: '#hash'\n",
	// Plain scalars with unusual but safe characters.
	"url: https://example.com/a?b=c#frag\n",
	"a: b:c\n",
	"a: a, b\n",
	"a: b]\n",
	"a: x{y}\n",
	"a: wait...\n",
	"a: ...\n",
	"a: -5-3\n",
	"a: 5 - 3\n",
	"a: it's\n",
	"a: say \"hi\"\n",
	"a: back\\slash\n",
	"a: 50%\n",
	"a: a  b\n",
	"a: x ? y\n",
	"a: x | y > z & w * v ! u\n",
	"a: C#\n",
	"a: a#b\n",
	"a: é\n",
	"a: 日本語のタイトル\n",
	"a: 🎉 party\n",
	"a: x\u00a0\n",
	"a: \u00a0x\n",
	"a: a\ufffdb\n",
	"a: .\n",
	"a: /path/to/file.md\n",
	"a: (draft)\n",
	"a: $HOME\n",
	"a: ~user\n",
	"a: T-042\n",
	// Flow lists.
	"depends_on: [T-001, T-002]\n",
	"d: []\n",
	"d: [a]\n",
	"tags: [In Progress, 2026-01-01, 5, true, ~, null, 1.5]\n",
	"d: [é, 🎉x, y, 日本]\n",
	"d: [-5, .5, +3]\n",
	"d: [a b, c  d, e.f]\n",
	"d: [wait..., x/y, a!b, a&b, a*b, a|b, a>b, a'b, a\"b]\n",
	// Block lists.
	"tags:\n  - core\n  - yaml\n",
	"tags:\n- core\n- yaml\n",
	"tags:\n    - a\n",
	"tags:\n - a\n - b\n",
	"tags:\n  - \"quoted\"\n  - 'single'\n  - 5\n  - 2026-01-01\n  - ~\n  - In Progress\n",
	"tags:\n- -5\n- \"\"\n- ''\n",
	"tags:\n\n  - a\n\n  - b\n\nnext: 1\n",
	"tags:\n   \n  - a\n      \n  - b\n  \nnext: 1\n",
	"a:\n- x\nb:\n  - y\nc:\n    - z\nd: 1\n",
	"tags:\n  - a\n  - b",
	"tags:\n  - é\n  - 🎉 x\n",
	// Blank lines.
	"\n\nid: 1\n\n\nx: 2\n\n",
	"   \nid: 1\n  \n",
	"\nid: 1",
	"id: 1\n\n",
	"a: 1\n    \n",
}

// fastDeclined are texts fastParse must leave to yaml.v3.
var fastDeclined = []string{
	// Empty or not a mapping.
	"", "\n", "   \n", "\n\n",
	"x\n", "- a\n", "[a, b]\n", "{a: 1}\n", "\"a\"\n",
	// Comments.
	"# comment\nid: 1\n",
	"id: 1 # c\n",
	"id: 1\n# foot\n",
	"id: 1\n  # indented\n",
	"tags:\n  - a # c\n",
	"tags: # c\n  - a\n",
	"a: \"x\" # c\n",
	"a: [x] # c\n",
	"a: [x, #c]\n",
	// Characters.
	"a:\tb\n", "a: b\t\n", "a: \tb\n", "\ta: 1\n",
	"a: b\r\n", "a: 1\rb: 2\n", "a: 1\r",
	"\ufeffa: 1\n", "a: \ufeff\n", "a: x\ufeffy\n",
	"a: b\u2028c\n", "a: b\u2029c\n", "a: b\u0085c\n",
	"a: \x01\n", "a: x\x7f\n", "a: \xff\n", "a: \xc3\n", "a: \xed\xa0\x80\n", "a: x\uffff\n", "a: \u0080\n",
	"a: 1\x00\n",
	// Document markers and directives.
	"---\na: 1\n", "a: 1\n---\n", "a: 1\n...\n", "a: 1\n--- b\n", "%YAML 1.2\na: 1\n",
	// Anchors, aliases, tags.
	"a: &x 1\n", "a: *x\n", "a: !!str 1\n", "a: !t x\n", "a: 1\nb: *a\n", "a: &x\n  - 1\n",
	"tags:\n  - &x a\n", "tags:\n  - !!int 1\n",
	// Block and multi-line scalars.
	"a: |\n  x\n", "a: >\n  x\n", "a: |-\n  x\n",
	"a: b\n  c\n", "a: b\n\n  c\n", "a: \"x\n  y\"\n", "a: 'x\n  y'\n",
	"tags:\n  - x\n    y\n", "tags:\n  - x\n  y\n",
	// Nested collections.
	"a:\n  b: 1\n", "a: {b: 1}\n", "a: {}\n", "tags:\n  - b: 1\n", "tags:\n  - - x\n", "tags:\n  - [x]\n",
	"a: [a, [b]]\n", "a: [a, {b: 1}]\n", "a: [a: b]\n",
	// Keys.
	"a: 1\na: 2\n", "a: 1\nb: 2\na: 3\n",
	"a:b\n", "a :b\n", "a : b\n", "  a: 1\n", " a: 1\n", "\"a\": 1\n", "'a': 1\n", "1: x\n", "1a: x\n", "-a: x\n",
	"true: x\n", "null: x\n", "NULL: x\n", "False: x\n",
	"a b: 1\n", "a.b: 1\n", "? a\n: 1\n", "<<: x\n", "é: 1\n",
	strings.Repeat("k", fastMaxKey+1) + ": 1\n",
	// Empty and irregular values.
	"a: \n", "a:\n", "a:\nb: 1\n", "a:\n\n", "a:\n\nb:\n  - x\n", "a:\n- x\nb:\n",
	"a:  b\n", "a: b \n", "a:  \"b\"\n", "a: b  \n",
	"a: b: c\n", "a: b:\n", "a: b #c\n",
	"a: -x\n", "a: - x\n", "a: -\n", "a: --\n", "a: -.inf\n", "a: -.5\n",
	"a: :x\n", "a: ?x\n", "a: ? x\n", "a: ,x\n", "a: ]x\n", "a: }x\n", "a: #x\n",
	"a: @x\n", "a: `x`\n", "a: %x\n", "a: !x\n", "a: |x\n", "a: >x\n",
	// Quoted strings outside the subset.
	"a: \"x\\ty\"\n", "a: \"x\\\"y\"\n", "a: \"x\"y\"\n", "a: 'it''s'\n", "a: \"x\" \n", "a: \"x\"y\n",
	"a: \"x\n", "a: 'x\n", "a: \"\n", "a: '\n", "a: 'x\"\n",
	// Flow lists outside the subset.
	"a: [a ,b]\n", "a: [a,b]\n", "a: [ a]\n", "a: [a ]\n", "a: [ ]\n", "a: [a, b,]\n", "a: [a,  b]\n", "a: [,]\n", "a: [, a]\n",
	"a: [\"x\"]\n", "a: ['x']\n", "a: [a#b]\n", "a: [a:b]\n", "a: [a?b]\n", "a: [a{b]\n", "a: [-x]\n", "a: [&x a]\n", "a: [*x]\n",
	"a: [a\n", "a: [a] x\n", "a: [a]]\n", "a: [a]\n  - b\n", "a: [\n  a]\n", "a: [\n", "a: [\n]\n",
	// Block lists outside the subset.
	"tags:\n  - x\n - y\n", "tags:\n  - x\n    - y\n", "tags:\n- x\n  - y\n",
	"tags:\n  -x\n", "tags:\n  - \n", "tags:\n  -\n", "tags:\n  -  x\n",
	"tags:\n  - x \n", "tags:\n  - \"x\n", "tags:\n  - |\n    x\n", "tags:\n  - ? x\n",
	"a: 1\n  - x\n", "a: 1\n- x\n", "a: [x]\n- y\n", "- x\na: 1\n",
}

// fastDiff compares a tree fastParse built with the one yaml.v3 built and
// describes the first difference, or returns "".
func fastDiff(path string, got, want *yaml.Node) string {
	if got == nil || want == nil {
		if got != want {
			return fmt.Sprintf("%s: node is %p, want %p", path, got, want)
		}
		return ""
	}
	type field struct {
		name      string
		got, want any
	}
	for _, f := range []field{
		{"Kind", got.Kind, want.Kind},
		{"Style", got.Style, want.Style},
		{"Tag", got.Tag, want.Tag},
		{"Value", got.Value, want.Value},
		{"Anchor", got.Anchor, want.Anchor},
		{"Alias", got.Alias, want.Alias},
		{"HeadComment", got.HeadComment, want.HeadComment},
		{"LineComment", got.LineComment, want.LineComment},
		{"FootComment", got.FootComment, want.FootComment},
		{"Line", got.Line, want.Line},
		{"Column", got.Column, want.Column},
		{"len(Content)", len(got.Content), len(want.Content)},
		{"Content == nil", got.Content == nil, want.Content == nil},
	} {
		if f.got != f.want {
			return fmt.Sprintf("%s (%q): %s = %#v, want %#v", path, want.Value, f.name, f.got, f.want)
		}
	}
	for i := range got.Content {
		if d := fastDiff(fmt.Sprintf("%s/%d", path, i), got.Content[i], want.Content[i]); d != "" {
			return d
		}
	}
	return ""
}

// checkFastParse asserts that when fastParse takes text, yaml.v3 parses it
// too and builds the same tree, by yaml.Unmarshal as well as by the decoder
// parseYAML uses for texts that may hold several documents. It reports
// whether fastParse took text.
func checkFastParse(t *testing.T, text []byte) bool {
	t.Helper()
	got, ok := fastParse(text)
	if !ok {
		if got != nil {
			t.Fatalf("fastParse(%q) declined but returned a node", text)
		}
		return false
	}
	if needsReadBack(text) != bytes.ContainsAny(text, "&*") {
		t.Fatalf("fastParse took %q, which needsReadBack flags for more than anchors", text)
	}
	checkLazy(t, asFile(string(text)))
	var want yaml.Node
	if err := yaml.Unmarshal(text, &want); err != nil {
		t.Fatalf("fastParse took %q, which yaml.v3 rejects: %v", text, err)
	}
	if d := fastDiff("doc", got, &want); d != "" {
		t.Fatalf("fastParse(%q) differs from yaml.Unmarshal: %s", text, d)
	}
	dec := yaml.NewDecoder(bytes.NewReader(text))
	var first, extra yaml.Node
	if err := dec.Decode(&first); err != nil {
		t.Fatalf("fastParse took %q, which the yaml.v3 decoder rejects: %v", text, err)
	}
	if d := fastDiff("doc", got, &first); d != "" {
		t.Fatalf("fastParse(%q) differs from the yaml.v3 decoder: %s", text, d)
	}
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		t.Fatalf("fastParse took %q, which holds more than one document (%v)", text, err)
	}
	return true
}

func TestFastParseMatchesYAML(t *testing.T) {
	for _, text := range fastAccepted {
		if !checkFastParse(t, []byte(text)) {
			t.Errorf("fastParse declined %q", text)
		}
	}
}

func TestFastParseDeclines(t *testing.T) {
	for _, text := range fastDeclined {
		if n, ok := fastParse([]byte(text)); ok || n != nil {
			t.Errorf("fastParse took %q", text)
		}
	}
}

// TestFastParseContentCapacity checks that the Content slices, cut from one
// array, leave no room to grow: an append must not overwrite a neighbour.
func TestFastParseContentCapacity(t *testing.T) {
	for _, text := range fastAccepted {
		doc, _ := fastParse([]byte(text))
		var walk func(n *yaml.Node)
		walk = func(n *yaml.Node) {
			if cap(n.Content) != len(n.Content) {
				t.Errorf("%q: Content of the node on line %d has len %d, cap %d", text, n.Line, len(n.Content), cap(n.Content))
			}
			for _, c := range n.Content {
				walk(c)
			}
		}
		walk(doc)
	}
}

// TestFastParseSizes covers the limits: the longest key, many keys (where
// duplicates are found with a map), long values and lists.
func TestFastParseSizes(t *testing.T) {
	var many strings.Builder
	for i := range 300 {
		fmt.Fprintf(&many, "key_%d: value %d\n", i, i)
	}
	long := strings.Repeat("x", 5000)
	var items strings.Builder
	items.WriteString("tags:\n")
	for i := range 300 {
		fmt.Fprintf(&items, "  - item-%d\n", i)
	}
	flow := "tags: [" + strings.Repeat("a, bé, 🎉, ", 200) + "z]\n"
	for _, text := range []string{
		strings.Repeat("k", fastMaxKey) + ": 1\n",
		many.String(),
		"a: " + long + "\n",
		"a: \"" + long + "\"\n",
		"a: [" + long + "]\n",
		"a:\n  - " + long + "\n",
		items.String(),
		flow,
	} {
		if !checkFastParse(t, []byte(text)) {
			t.Errorf("fastParse declined %.60q...", text)
		}
	}
	for _, text := range []string{
		many.String() + "key_7: again\n",
		many.String() + "key_299: again\n",
		"key_299: first\n" + many.String(),
	} {
		if _, ok := fastParse([]byte(text)); ok {
			t.Errorf("fastParse took a duplicate key among many")
		}
	}
}

// TestFastParseTestdata checks the golden inputs' front matter: whatever the
// fast path takes must match yaml.v3, and the simple files must be taken.
func TestFastParseTestdata(t *testing.T) {
	taken := map[string]bool{}
	for _, in := range testdataInputs(t) {
		f, err := split(readFile(t, in))
		if err != nil || !f.has {
			continue
		}
		if checkFastParse(t, f.yaml) {
			taken[strings.TrimPrefix(in, "testdata/")] = true
		}
	}
	for _, name := range []string{"lists.md", "typed_values.md"} {
		if !taken[name] {
			t.Errorf("fast path declined testdata/%s", name)
		}
	}
}

// TestParseTakesFastPath checks that Parse reads a simple file as before.
func TestParseTakesFastPath(t *testing.T) {
	f, err := split(simpleEntityFile)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := fastParse(f.yaml); !ok {
		t.Fatal("fast path declined the simple entity file")
	}
	d, err := Parse(simpleEntityFile)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(d.Keys(), " "); got != "id title status priority assignee created_at updated_at due depends_on tags estimate epic" {
		t.Errorf("keys = %s", got)
	}
	if s, _ := d.String("status"); s != "In Progress" {
		t.Errorf("status = %q", s)
	}
	if l, _ := d.Strings("tags"); strings.Join(l, ",") != "core,yaml" {
		t.Errorf("tags = %q", l)
	}
	if !bytes.Equal(d.Bytes(), simpleEntityFile) {
		t.Error("round trip changed the file")
	}
	d.SetString("status", "Done")
	want := bytes.Replace(simpleEntityFile, []byte("status: In Progress"), []byte("status: Done"), 1)
	if got := d.Bytes(); !bytes.Equal(got, want) {
		t.Errorf("edit gave\n%s", got)
	}
}

var fastRandom = flag.Int("fastrandom", 20000, "how many generated texts TestFastParseGenerated checks")

// TestFastParseGenerated is a grammar-based complement to FuzzFastParse,
// which rarely mutates its way to well-formed lines: it puts together texts
// from the lines the fast path takes and near misses, made of characters
// that matter to YAML, and checks each against yaml.v3. A fair share of
// them must be taken, or the test would prove little.
func TestFastParseGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(1, uint64(*fastRandom)))
	pick := func(s ...string) string { return s[r.IntN(len(s))] }
	safe := []string{
		"a", "Z", "x", "e", "E", "T", "0", "1", "5", "9", "_", ".", "/", "(", "é", "🎉", "\u00a0", "\ufffd",
		"2026-01-12", "T09:30:00", "Z", "+01:00", " 09:30:00", "null", "true", "False", "~", ".inf", "0x1F",
		"0b1", "0o7", "1_000", "1e3", "In Progress", " ", "-", "+", "<<", "=",
	}
	tricky := []string{
		":", "#", " ", ",", "[", "]", "{", "}", "?", "!", "&", "*", "|", ">", "'", "\"", "%", "@", "`", "~", "<",
		"\\", "\t", "...", "---", ": ", " #", "- ",
	}
	trickyRate := 6 // one piece in trickyRate is tricky; varies by text
	plain := func() string {
		var b strings.Builder
		for range 1 + r.IntN(4) {
			if r.IntN(trickyRate) == 0 {
				b.WriteString(tricky[r.IntN(len(tricky))])
			} else {
				b.WriteString(safe[r.IntN(len(safe))])
			}
		}
		return b.String()
	}
	scalar := func() string {
		switch r.IntN(6) {
		case 0:
			return `"` + plain() + `"`
		case 1:
			return "'" + plain() + "'"
		}
		return plain()
	}
	value := func() string {
		if r.IntN(4) > 0 {
			return scalar()
		}
		var items []string
		for range r.IntN(4) {
			items = append(items, plain())
		}
		return "[" + strings.Join(items, pick(", ", ", ", ", ", ", ", ",", " ,", ",  ")) + "]"
	}
	key := func() string {
		if r.IntN(10) == 0 {
			return pick("true", "null", "yes", "on", "y", "a b", "1", "é", `"q"`, "-k", "k.k", "id")
		}
		return pick("id", "title", "status", "tags", "a", "b", "c", "d", "x-y", "_k", "k9", "due")
	}
	rare := func(common string, others ...string) string {
		if r.IntN(12) == 0 {
			return pick(others...)
		}
		return common
	}
	blank := func() string {
		if r.IntN(5) == 0 {
			return pick("", "", " ", "   ", "# c", "  # c", "---", "...", "\t", "x") + "\n"
		}
		return ""
	}
	entry := func() string {
		if r.IntN(3) > 0 {
			return key() + rare(": ", ":", ":  ", " : ", ":\t") + value() + rare("", " ", " # c", "\t", ":") + "\n" + blank()
		}
		text := key() + rare(":", ": ", ": # c", ": |", ": &a") + "\n" + blank()
		indent := pick("", "", "  ", "  ", " ", "    ")
		items := 1 + r.IntN(3)
		if r.IntN(12) == 0 {
			items = 0
		}
		for range items {
			text += rare(indent, "", " ", "  ", "   ") + rare("- ", "-", "-  ", "- - ", "? ") + scalar() + rare("", " ", " # c", ":", ": x") + "\n" + blank()
		}
		return text
	}
	taken := 0
	for range *fastRandom {
		trickyRate = 3 + r.IntN(30)
		text := blank()
		for range 1 + r.IntN(5) {
			text += entry()
		}
		if r.IntN(4) == 0 {
			text = strings.TrimSuffix(text, "\n")
		}
		if checkFastParse(t, []byte(text)) {
			taken++
		}
	}
	if taken < *fastRandom/20 {
		t.Errorf("fast path took only %d of %d generated texts", taken, *fastRandom)
	}
	t.Logf("fast path took %d of %d generated texts", taken, *fastRandom)
}

// checkFastTag asserts that fastTag agrees with yaml.v3's resolver on s.
func checkFastTag(t *testing.T, s string) {
	t.Helper()
	n := yaml.Node{Kind: yaml.ScalarNode, Value: s}
	if got, want := fastTag(s), n.ShortTag(); got != want {
		t.Fatalf("fastTag(%q) = %s, want %s", s, got, want)
	}
}

func TestFastTag(t *testing.T) {
	for _, s := range []string{
		"a", "x", "In Progress", "T-042", "Todo", "title", "tags", "yaml", "yes", "no", "on", "off", "y", "n", "Y", "N",
		"true", "True", "TRUE", "tRUE", "false", "False", "FALSE", "falsey", "null", "Null", "NULL", "nULL", "nullx", "~", "~x",
		"<<", "<", "<<<", "=", "+", "-", ".", "..", "...", ".5", ".inf", ".Inf", ".INF", ".nan", ".NaN", "+.inf", "-.inf", "+.5",
		"0", "3", "-5", "+7", "007", "08", "0x1F", "0o17", "0b101", "-0b101", "-0o17", "1_000", "1e3", "1.", "1.2.3", "99999999999999999999",
		"2026-01-12", "2026-1-2", "2026-01-1", "2026-1-12", "2026-13-01", "2026-02-29", "2024-02-29", "2026-04-31", "2026-00-10", "2026-01-00",
		"0000-01-01", "9999-12-31", "2026-01-012", "2026-001-01", "20260-01-01", "2026-01-", "2026--01", "2026-0101", "2026-01-01-",
		"2026-01-12T09:30:00Z", "2026-01-12t09:30:00Z", "2026-01-12 09:30:00", "2026-01-12T09:30:00+02:00", "2026-01-12T25:00:00Z",
		"2026", "2026-", "2026-1", "é", "🎉", "ok", "O", "f",
	} {
		checkFastTag(t, s)
	}
	// The words the resolver looks up, in every mix of case.
	for _, w := range []string{"true", "false", "null", "yes", "no", "on", "off", "y", "n", "nan", "inf"} {
		for mask := range 1 << len(w) {
			b := []byte(w)
			for i := range b {
				if mask&(1<<i) != 0 {
					b[i] -= 'a' - 'A'
				}
			}
			checkFastTag(t, string(b))
		}
	}
	// Every date layout, real or not, over years that cover the leap rules.
	for _, y := range []int{0, 1, 4, 100, 400, 1000, 1600, 1700, 1800, 1900, 1999, 2000, 2023, 2024, 2025, 2026, 2027, 2028, 2100, 2400, 9996, 9999} {
		for m := range 14 {
			for d := range 33 {
				for _, layout := range []string{"%04d-%d-%d", "%04d-%02d-%02d", "%04d-%d-%02d", "%04d-%02d-%d"} {
					checkFastTag(t, fmt.Sprintf(layout, y, m, d))
				}
			}
		}
	}
	// UTC times (fastTime), on real and unreal dates and clock readings,
	// and the layouts next to it.
	for _, date := range []string{"2026-01-12", "2024-02-29", "2026-02-29", "2026-13-01", "2026-1-12", "0000-01-01"} {
		for _, hms := range [][3]int{{0, 0, 0}, {23, 59, 59}, {24, 0, 0}, {9, 60, 0}, {9, 30, 60}, {99, 99, 99}} {
			clock := fmt.Sprintf("%02d:%02d:%02d", hms[0], hms[1], hms[2])
			for _, layout := range []string{"%sT%sZ", "%st%sZ", "%s %sZ", "%sT%sz", "%sT%s", "%sT%s+00:00", "%sT%s.5Z", "%sT%sZ "} {
				checkFastTag(t, fmt.Sprintf(layout, date, clock))
			}
		}
	}
	for _, s := range []string{"2026-01-12T9:30:00Z", "2026-01-12T09:3a:00Z", "2026-01-12T-9:30:00Z", "2026-01-12T09-30-00Z", "2026-01-12T09:30:0 Z"} {
		checkFastTag(t, s)
	}
}

// FuzzFastParse checks that whatever fastParse takes, yaml.v3 parses to
// exactly the same tree.
func FuzzFastParse(f *testing.F) {
	for _, text := range fastAccepted {
		f.Add([]byte(text))
	}
	for _, text := range fastDeclined {
		f.Add([]byte(text))
	}
	for _, in := range testdataInputs(f) {
		if fr, err := split(readFile(f, in)); err == nil && fr.has {
			f.Add(fr.yaml)
		}
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		checkFastParse(t, text)
		if len(text) > 0 {
			checkFastTag(t, string(text))
		}
	})
}

// BenchmarkParseFast is BenchmarkParse on a file the fast path takes.
func BenchmarkParseFast(b *testing.B) {
	if f, err := split(simpleEntityFile); err != nil || !fastParseTakes(f.yaml) {
		b.Fatal("fast path declined the benchmark file")
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(simpleEntityFile)))
	for b.Loop() {
		if _, err := Parse(simpleEntityFile); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFastParse is fastParse alone, to compare with
// BenchmarkYAMLFloorSimple.
func BenchmarkFastParse(b *testing.B) {
	f, err := split(simpleEntityFile)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := fastParse(f.yaml); !ok {
			b.Fatal("declined")
		}
	}
}

// BenchmarkFastParseDeclined is what the fast path costs a file it declines:
// entityFile, whose comment is on its fourth line.
func BenchmarkFastParseDeclined(b *testing.B) {
	f, err := split(entityFile)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := fastParse(f.yaml); ok {
			b.Fatal("taken")
		}
	}
}

// BenchmarkYAMLFloorSimple is BenchmarkYAMLFloor on the file without a
// comment.
func BenchmarkYAMLFloorSimple(b *testing.B) {
	f, err := split(simpleEntityFile)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		var n yaml.Node
		if err := yaml.Unmarshal(f.yaml, &n); err != nil {
			b.Fatal(err)
		}
	}
}

func fastParseTakes(text []byte) bool {
	_, ok := fastParse(text)
	return ok
}
