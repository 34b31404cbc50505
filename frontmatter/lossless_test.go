package frontmatter

import (
	"bytes"
	"slices"
	"testing"

	"go.yaml.in/yaml/v3"
)

// losslessCases edit one file each and spell out the whole expected output,
// so every byte the edit should not touch is checked.
var losslessCases = []struct {
	name    string
	src     string
	edit    func(d *Document)
	changed []string // keys the edit sets or deletes
	want    string
}{
	{
		name:    "scalar keeps line comment and its spacing",
		src:     "---\nid: T-1\nstatus: Todo    # moved by the board\nowner: bob\n---\nBody\n",
		edit:    func(d *Document) { d.SetString("status", "Done") },
		changed: []string{"status"},
		want:    "---\nid: T-1\nstatus: Done    # moved by the board\nowner: bob\n---\nBody\n",
	},
	{
		name:    "quoting style kept",
		src:     "---\ntitle: 'Old title'\nstatus: \"Todo\"\nplain: x\n---\n",
		edit:    func(d *Document) { d.SetString("title", "It's new"); d.SetString("status", "Done") },
		changed: []string{"title", "status"},
		want:    "---\ntitle: 'It''s new'\nstatus: \"Done\"\nplain: x\n---\n",
	},
	{
		name: "list styles kept",
		src:  "---\nflow: [a, b] # flow\nblock:\n  - a\n  - b\ncompact:\n- a\nwide:\n    - a\nafter: 1\n---\n",
		edit: func(d *Document) {
			for _, k := range []string{"flow", "block", "compact", "wide"} {
				d.SetStrings(k, []string{"x", "z"})
			}
		},
		changed: []string{"flow", "block", "compact", "wide"},
		want:    "---\nflow: [x, z] # flow\nblock:\n  - x\n  - z\ncompact:\n- x\n- z\nwide:\n    - x\n    - z\nafter: 1\n---\n",
	},
	{
		name:    "block list key comment kept",
		src:     "---\ntags: # the tags\n  - a\nnext: 1\n---\n",
		edit:    func(d *Document) { d.SetStrings("tags", []string{"b", "c"}) },
		changed: []string{"tags"},
		want:    "---\ntags: # the tags\n  - b\n  - c\nnext: 1\n---\n",
	},
	{
		name:    "delete keeps comments above and below",
		src:     "---\na: 1\n# about b\nb: 2 # b's own\n  # indented, part of b\n\n# about c\nc: 3\n---\n",
		edit:    func(d *Document) { d.Delete("b") },
		changed: []string{"b"},
		want:    "---\na: 1\n# about b\n\n# about c\nc: 3\n---\n",
	},
	{
		name:    "new key goes before the foot comment",
		src:     "---\na: 1\n\n# footer\n---\n",
		edit:    func(d *Document) { d.SetString("b", "two") },
		changed: []string{"b"},
		want:    "---\na: 1\nb: two\n\n# footer\n---\n",
	},
	{
		name: "CRLF line endings",
		src:  "---\r\nid: T-1\r\nstatus: Todo\r\ntags:\r\n  - a\r\n---\r\nBody\r\n",
		edit: func(d *Document) {
			d.SetString("status", "Done")
			d.SetStrings("tags", []string{"x", "z"})
			d.SetString("notes", "two\nlines")
		},
		changed: []string{"status", "tags", "notes"},
		want:    "---\r\nid: T-1\r\nstatus: Done\r\ntags:\r\n  - x\r\n  - z\r\nnotes: |-\r\n  two\r\n  lines\r\n---\r\nBody\r\n",
	},
	{
		name:    "BOM kept",
		src:     "\ufeff---\nstatus: Todo\nother: x\n---\n",
		edit:    func(d *Document) { d.SetString("status", "Done") },
		changed: []string{"status"},
		want:    "\ufeff---\nstatus: Done\nother: x\n---\n",
	},
	{
		name:    "no front matter gains one",
		src:     "\ufeff# Note\r\n\r\ntext\r\n",
		edit:    func(d *Document) { d.SetString("status", "Todo") },
		changed: []string{"status"},
		want:    "\ufeff---\r\nstatus: Todo\r\n---\r\n# Note\r\n\r\ntext\r\n",
	},
	{
		name:    "empty front matter",
		src:     "---\n---\nBody\n",
		edit:    func(d *Document) { d.SetString("status", "Todo"); d.SetStrings("tags", []string{"a"}) },
		changed: []string{"status", "tags"},
		want:    "---\nstatus: Todo\ntags: [a]\n---\nBody\n",
	},
	{
		name: "strings that look like other types are quoted",
		src:  "---\nkeep: 1\n---\n",
		edit: func(d *Document) {
			for _, k := range []string{"yes", "123", "2026-01-01", ": x", "#x", "  lead", "", "null", "1:20", "-a", "[[Link]]"} {
				d.SetString("k"+k, k)
			}
		},
		changed: []string{"kyes", "k123", "k2026-01-01", "k: x", "k#x", "k  lead", "k", "knull", "k1:20", "k-a", "k[[Link]]"},
		want: "---\nkeep: 1\nkyes: \"yes\"\nk123: \"123\"\nk2026-01-01: \"2026-01-01\"\n\"k: x\": \": x\"\nk#x: \"#x\"\n" +
			"k  lead: \"  lead\"\nk: \"\"\nknull: \"null\"\nk1:20: \"1:20\"\nk-a: \"-a\"\nk[[Link]]: \"[[Link]]\"\n---\n",
	},
	{
		name: "multi-line values",
		src:  "---\ndesc: |\n  old\n  text\nfolded: >\n  a\n  b\nafter: 1\n---\n",
		edit: func(d *Document) {
			d.SetString("desc", "new\ntext\n")
			d.SetString("folded", "one\ntwo")
		},
		changed: []string{"desc", "folded"},
		want:    "---\ndesc: |\n  new\n  text\nfolded: >-\n  one\n\n  two\nafter: 1\n---\n",
	},
	{
		name:    "body replaced, front matter untouched",
		src:     "---\na: 1 # c\n---\nold body\n",
		edit:    func(d *Document) { d.SetBody([]byte("new body\n")) },
		changed: nil,
		want:    "---\na: 1 # c\n---\nnew body\n",
	},
	{
		name:    "indented top-level keys",
		src:     "---\n  a: 1\n  b: [x]\n---\n",
		edit:    func(d *Document) { d.SetStrings("b", []string{"v", "z"}); d.SetString("c", "new") },
		changed: []string{"b", "c"},
		want:    "---\n  a: 1\n  b: [v, z]\n  c: new\n---\n",
	},
	{
		name: "set a mapping node",
		src:  "---\nstatus: Todo\n---\n",
		edit: func(d *Document) {
			d.Set("links", &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{
				{Kind: yaml.ScalarNode, Value: "spec"}, {Kind: yaml.ScalarNode, Value: "https://example.com"},
			}})
		},
		changed: []string{"links"},
		want:    "---\nstatus: Todo\nlinks:\n  spec: https://example.com\n---\n",
	},
	{
		name:    "new list with items that need quotes is a block list",
		src:     "---\na: 1\n---\n",
		edit:    func(d *Document) { d.SetStrings("l", []string{"x, y", "z"}) },
		changed: []string{"l"},
		want:    "---\na: 1\nl:\n  - x, y\n  - z\n---\n",
	},
	{
		name:    "new block list follows the file's list indentation",
		src:     "---\nold:\n- a\n---\n",
		edit:    func(d *Document) { d.SetStrings("l", []string{"x: 1", "z"}) },
		changed: []string{"l"},
		want:    "---\nold:\n- a\nl:\n- \"x: 1\"\n- z\n---\n",
	},
	{
		name:    "delete then set appends",
		src:     "---\na: 1\nb: 2\nc: 3\n---\n",
		edit:    func(d *Document) { d.Delete("a"); d.SetString("a", "again") },
		changed: []string{"a"},
		want:    "---\nb: 2\nc: 3\na: again\n---\n",
	},
	{
		name:    "delete everything keeps empty front matter",
		src:     "---\na: 1\n---\nBody\n",
		edit:    func(d *Document) { d.Delete("a") },
		changed: []string{"a"},
		want:    "---\n---\nBody\n",
	},
	{
		name:    "closing line without newline gets one when a body is added",
		src:     "---\na: 1\n---",
		edit:    func(d *Document) { d.SetBody([]byte("Body\n")) },
		changed: nil,
		want:    "---\na: 1\n---\nBody\n",
	},
	{
		name:    "body that looks like front matter keeps an empty front matter",
		src:     "---\na: 1\n---\n---\nnot: front matter\n---\n",
		edit:    func(d *Document) { d.Delete("a") },
		changed: []string{"a"},
		want:    "---\n---\n---\nnot: front matter\n---\n",
	},
	{
		name:    "value on the next line and quoted key",
		src:     "---\n\"status\":\n  Todo\nx: 1\n---\n",
		edit:    func(d *Document) { d.SetString("status", "Done") },
		changed: []string{"status"},
		want:    "---\n\"status\": Done\nx: 1\n---\n",
	},
	{
		name:    "set null",
		src:     "---\na: 1\nb: 2\n---\n",
		edit:    func(d *Document) { d.Set("a", nil) },
		changed: []string{"a"},
		want:    "---\na:\nb: 2\n---\n",
	},
}

func TestLossless(t *testing.T) {
	for _, tt := range losslessCases {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Parse([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			tt.edit(d)
			if err := d.Err(); err != nil {
				t.Fatal(err)
			}
			got := d.Bytes()
			if string(got) != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
			checkUntouched(t, []byte(tt.src), got, tt.changed)
		})
	}
}

// checkUntouched asserts that the lines of every key not in changed (with
// the comment lines above it) appear in after byte for byte and in order,
// and that the tail and body are unchanged unless the body was replaced.
func checkUntouched(t *testing.T, before, after []byte, changed []string) {
	t.Helper()
	d, err := Parse(before)
	if err != nil {
		t.Fatal(err)
	}
	d.tree()
	rest := after
	for _, e := range d.entries {
		chunks := [][]byte{e.head}
		if !slices.Contains(changed, e.key) {
			chunks = append(chunks, e.text)
		}
		for _, c := range chunks {
			i := bytes.Index(rest, c)
			if i < 0 {
				t.Errorf("lines %q (of key %q) missing or out of order in output", c, e.key)
				return
			}
			rest = rest[i+len(c):]
		}
	}
	if !bytes.Contains(rest, d.tail) {
		t.Errorf("tail %q missing from output", d.tail)
	}
}

// TestLosslessBody checks that the body survives every edit byte for byte.
func TestLosslessBody(t *testing.T) {
	for _, in := range testdataInputs(t) {
		src := readFile(t, in)
		d, err := Parse(src)
		if err != nil {
			continue
		}
		body := slices.Clone(d.Body())
		goldenEdits(d)
		out, err := Parse(d.Bytes())
		if err != nil {
			t.Errorf("%s: edited output does not parse: %v", in, err)
			continue
		}
		if !bytes.Equal(out.Body(), body) {
			t.Errorf("%s: body changed:\n%q\nwant\n%q", in, out.Body(), body)
		}
	}
}
