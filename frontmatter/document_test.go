package frontmatter

import (
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

const accessorsSrc = `---
id: T-7
tags: [a, "b c"]
block:
  - x
  - y
single: only
empty:
nothing: ~
mixed: [a, {b: 1}]
map: {k: v}
date: 2026-01-01
anchored: &a shared
alias: *a
---
Body
`

func TestAccessors(t *testing.T) {
	d, err := Parse([]byte(accessorsSrc))
	if err != nil {
		t.Fatal(err)
	}
	wantKeys := []string{"id", "tags", "block", "single", "empty", "nothing", "mixed", "map", "date", "anchored", "alias"}
	if got := d.Keys(); !slices.Equal(got, wantKeys) {
		t.Errorf("Keys() = %q, want %q", got, wantKeys)
	}
	if !d.HasFrontMatter() {
		t.Error("HasFrontMatter() = false")
	}
	if got := string(d.Body()); got != "Body\n" {
		t.Errorf("Body() = %q", got)
	}
	strTests := []struct {
		key, want string
		ok        bool
	}{
		{"id", "T-7", true},
		{"date", "2026-01-01", true},
		{"nothing", "~", true},
		{"empty", "", true},
		{"alias", "shared", true},
		{"tags", "", false},
		{"missing", "", false},
	}
	for _, tt := range strTests {
		if got, ok := d.String(tt.key); got != tt.want || ok != tt.ok {
			t.Errorf("String(%q) = %q, %v; want %q, %v", tt.key, got, ok, tt.want, tt.ok)
		}
	}
	listTests := []struct {
		key  string
		want []string
		ok   bool
	}{
		{"tags", []string{"a", "b c"}, true},
		{"block", []string{"x", "y"}, true},
		{"single", []string{"only"}, true},
		{"empty", []string{}, true},
		{"nothing", []string{}, true},
		{"mixed", nil, false},
		{"map", nil, false},
		{"missing", nil, false},
	}
	for _, tt := range listTests {
		got, ok := d.Strings(tt.key)
		if !slices.Equal(got, tt.want) || ok != tt.ok || (ok && got == nil) {
			t.Errorf("Strings(%q) = %q, %v; want %q, %v", tt.key, got, ok, tt.want, tt.ok)
		}
	}
	if n := d.Node("map"); n == nil || n.Kind != yaml.MappingNode {
		t.Errorf("Node(map) = %v", n)
	}
	if n := d.Node("missing"); n != nil {
		t.Errorf("Node(missing) = %v, want nil", n)
	}
}

func TestNoFrontMatter(t *testing.T) {
	for _, src := range []string{"", "# Title\n", "---", "text\n---\na: 1\n---\n"} {
		d, err := Parse([]byte(src))
		if err != nil {
			t.Fatalf("Parse(%q): %v", src, err)
		}
		if d.HasFrontMatter() || len(d.Keys()) != 0 || string(d.Body()) != src {
			t.Errorf("Parse(%q): has=%v keys=%q body=%q", src, d.HasFrontMatter(), d.Keys(), d.Body())
		}
	}
}

func TestNewFile(t *testing.T) {
	d, err := Parse(nil)
	if err != nil {
		t.Fatal(err)
	}
	d.SetString("id", "T-1")
	d.SetString("status", "Todo")
	if got, want := string(d.Bytes()), "---\nid: T-1\nstatus: Todo\n---\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	d.SetBody([]byte("Body\n"))
	if got, want := string(d.Bytes()), "---\nid: T-1\nstatus: Todo\n---\nBody\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if !d.HasFrontMatter() {
		t.Error("HasFrontMatter() = false after Set")
	}
}

func TestSetDoesNotModifyTheNode(t *testing.T) {
	d, _ := Parse([]byte("---\na: 1 # c\n---\n"))
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "yes"}
	before := *n
	d.Set("a", n)
	if n.Style != before.Style || n.LineComment != before.LineComment || n.Value != before.Value {
		t.Errorf("Set modified its node: %+v", *n)
	}
	if d.Node("a") != n {
		t.Error("Node does not return the node given to Set")
	}
	if got, want := string(d.Bytes()), "---\na: \"yes\" # c\n---\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSetUnencodableNode(t *testing.T) {
	src := "---\na: 1\n---\n"
	d, _ := Parse([]byte(src))
	d.Set("a", &yaml.Node{Kind: 99})
	d.Set("b", &yaml.Node{Kind: 99})
	if d.Err() == nil {
		t.Fatal("Err() = nil after setting a node of unknown kind")
	}
	if got := string(d.Bytes()); got != src {
		t.Errorf("document changed: %q", got)
	}
}

func TestStringsReadBack(t *testing.T) {
	values := []string{"yes", "No", "on", "123", "0x1F", "1e3", "1:20", "2026-01-01", "2026-01-01T10:00:00Z",
		": x", "#x", "x #y", "a: b", "  lead", "trail ", "", "null", "~", "- a", "[a]", "{a}", "*a", "&a", "!a",
		"|", ">", "'", "\"", "%", "@", "`", "a\nb", "a\n", "\n", "tab\t", "\x01", "é", "[[Wiki Link]]", "a, b", "<<"}
	for _, flow := range []bool{false, true} {
		d, _ := Parse(nil)
		if flow {
			d.SetStrings("list", values)
		}
		for i, v := range values {
			d.SetString("k"+strings.Repeat("x", i), v)
		}
		out := d.Bytes()
		r, err := Parse(out)
		if err != nil {
			t.Fatalf("output does not parse: %v\n%s", err, out)
		}
		for i, v := range values {
			n := r.Node("k" + strings.Repeat("x", i))
			if n == nil || n.ShortTag() != "!!str" || n.Value != v {
				t.Errorf("%q read back as %+v", v, n)
			}
		}
		if flow {
			got, _ := r.Strings("list")
			if !slices.Equal(got, values) {
				t.Errorf("list read back as %q", got)
			}
		}
	}
}

func TestFallbackKeepsValues(t *testing.T) {
	tests := []struct{ name, src string }{
		{"deleted anchor", "---\npriority: &p high\nstatus: Todo\nesc: *p\n---\n"},
		{"quoted string continued on a column-0 # line", "---\nstatus: \"x\n#not a comment\"\npriority: 1\n---\n"},
		{"flow mapping", "---\n{status: Todo, priority: 1, z: 2}\n---\n"},
		{"explicit key", "---\n? status\n: Todo\npriority: 1\n---\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orig, _ := Parse([]byte(tt.src))
			d, _ := Parse([]byte(tt.src))
			d.SetString("status", "Done")
			d.Delete("priority")
			out := d.Bytes()
			if err := d.Err(); err != nil {
				t.Fatal(err)
			}
			r, err := Parse(out)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if s, _ := r.String("status"); s != "Done" || r.Node("priority") != nil {
				t.Errorf("edits lost: %q", out)
			}
			sameValues(t, orig, r, []string{"status", "priority"})
		})
	}
}

func TestBodyOfMatchesParse(t *testing.T) {
	for _, src := range []string{"", "no front matter\n", "---\na: 1\n---\nbody\n", "\ufeff---\r\na: 1\r\n---\r\nbody\r\n", "---\n---\n"} {
		d, err := Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		body, err := BodyOf([]byte(src))
		if err != nil || string(body) != string(d.Body()) {
			t.Errorf("BodyOf(%q) = %q, %v; Parse gives %q", src, body, err, d.Body())
		}
	}
	if _, err := BodyOf([]byte("---\na: 1\n")); err == nil {
		t.Error("unterminated front matter accepted")
	}
}
