package frontmatter

import (
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestFastPathSkipsOnlySafeEdits pins down which edits may skip the
// read-back check: simple values in files without anchors, and nothing else.
func TestFastPathSkipsOnlySafeEdits(t *testing.T) {
	str := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }
	flow := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: []*yaml.Node{str("T-001"), str("T-002")}}
	ts := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!timestamp", Value: "2026-11-21T09:00:00Z"}
	tests := []struct {
		name  string
		src   string
		edit  func(d *Document)
		risky bool
	}{
		{"new file, simple keys", "", func(d *Document) { d.Set("id", str("T-001")); d.Set("depends_on", flow); d.Set("created_at", ts) }, false},
		{"replace plain value", "---\nstatus: Todo\n---\n", func(d *Document) { d.Set("status", str("Done")) }, false},
		{"value needing quotes", "---\na: b\n---\n", func(d *Document) { d.Set("a", str("yes")) }, true},
		{"line comment to keep", "---\nstatus: Todo # hand\n---\n", func(d *Document) { d.Set("status", str("Done")) }, true},
		{"block list to keep", "---\ntags:\n  - a\n---\n", func(d *Document) { d.Set("tags", flow) }, true},
		{"deletion", "---\na: b\nc: d\n---\n", func(d *Document) { d.Delete("a") }, true},
		{"indented keys", "---\n  a: b\n---\n", func(d *Document) { d.Set("a", str("c")) }, true},
	}
	for _, tt := range tests {
		d, err := Parse([]byte(tt.src))
		if err != nil {
			t.Fatal(err)
		}
		tt.edit(d)
		if d.risky != tt.risky {
			t.Errorf("%s: risky = %v, want %v", tt.name, d.risky, tt.risky)
		}
		out := d.Bytes()
		again, err := Parse(out)
		if err != nil || !d.verify(out) {
			t.Errorf("%s: output does not read back: %v\n%s", tt.name, err, out)
		}
		_ = again
	}
	d, _ := Parse([]byte("---\nbase: &x 1\nref: *x\n---\n"))
	if !d.hasAnchors {
		t.Error("anchors not noticed")
	}
}
