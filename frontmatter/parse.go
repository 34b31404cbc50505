package frontmatter

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Parse reads a markdown document. The YAML is parsed once, with yaml.v3.
//
// A file without front matter is not an error: the document then has no keys
// and its body is the whole file. Parse fails with a *SyntaxError for broken
// YAML, a top level that is not a mapping (or empty), front matter with no
// closing delimiter, a top-level key that is not a scalar, or a top-level key
// that appears twice. Parse keeps its own copy of src.
func Parse(src []byte) (*Document, error) {
	c, err := CutFile(slices.Clone(src))
	if err != nil {
		return nil, err
	}
	return c.Parse()
}

// Cut is a markdown file cut at the delimiter lines of its front matter,
// its YAML not parsed yet: for a reader that checks sizes before it pays
// for the YAML. It holds the file's bytes themselves, not a copy.
type Cut struct{ d *Document }

// CutFile cuts src. It fails like Parse only for front matter that is
// never closed.
func CutFile(src []byte) (Cut, error) {
	f, err := split(src)
	if err != nil {
		return Cut{}, err
	}
	return Cut{&Document{src: src, frame: f, spliceable: true}}, nil
}

// Body returns the markdown after the front matter (see Document.Body),
// nil for a file CutFile refused.
func (c Cut) Body() []byte {
	if c.d == nil {
		return nil
	}
	return c.d.body
}

// Parse is Parse of the file without the copy: the document keeps the bytes
// given to CutFile, which the caller must not change from then on. Call it
// once.
func (c Cut) Parse() (*Document, error) {
	d := c.d
	f := &d.frame
	if !f.has {
		d.tailFirst = true
		return d, nil
	}
	fast, doc, err := parseYAML(f.yaml)
	switch {
	case err != nil:
		return nil, err
	case fast.entries != nil:
		// fastScan took only valid UTF-8 without control characters or
		// byte order marks: of what needsReadBack looks for, only
		// anchors and aliases may be there.
		d.hasAnchors = bytes.ContainsAny(f.yaml, "&*")
		if fast.keys <= indexFrom {
			d.fast = fast // the tree is built when needed (see tree)
			return d, nil
		}
		doc = fast.build()
	default:
		d.hasAnchors = needsReadBack(f.yaml)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		// Empty, or only comments.
		d.tail = f.yaml
		d.tailFirst = true
		return d, nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, &SyntaxError{Line: root.Line + 1, Msg: "front matter must be a mapping of keys to values, not " + kindName(root)}
	}
	d.doc, d.root = doc, root
	if err := d.collect(); err != nil {
		return nil, err
	}
	d.layout()
	return d, nil
}

// tree builds the nodes of front matter that Parse left to the fast path's
// scan (d.fast), with their entries and layout, exactly as Parse builds
// them for other front matter. Everything that reads d.entries, d.doc or
// d.root calls it first (find, live, assemble); Keys, String, Strings and
// Node answer from the scan while there is one (Node builds the nodes, but
// not the entries and layout).
func (d *Document) tree() {
	if d.fast.entries == nil {
		return
	}
	doc := d.fast.build()
	d.fast = fastDoc{}
	d.doc, d.root = doc, doc.Content[0]
	_ = d.collect() // never fails: fastScan refused non-string and repeated keys
	d.layout()
}

// needsReadBack reports whether edits of this YAML text must always be read
// back before they are trusted: when anchors or aliases may tie keys
// together, or when the text is not plain UTF-8 (yaml.v3 decodes UTF-16
// byte order marks and rejects control characters, which a splice cannot
// account for).
func needsReadBack(text []byte) bool {
	if bytes.ContainsAny(text, "&*") || !utf8.Valid(text) {
		return true
	}
	for _, c := range text {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c == 0x7f {
			return true
		}
	}
	return bytes.Contains(text, []byte("\uFEFF"))
}

// parseYAML parses text: into the nodes fastScan finds when the text is
// simple enough, else into a document node with yaml.v3. A panic inside
// yaml.v3 is turned into an error so that Parse never panics.
func parseYAML(text []byte) (fast fastDoc, doc *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			fast, doc, err = fastDoc{}, nil, &SyntaxError{Line: 1, Msg: fmt.Sprint("YAML parser failed: ", r)}
		}
	}()
	if f, ok := fastScan(text); ok {
		return f, nil, nil
	}
	doc = new(yaml.Node)
	if !mayHoldSeveralDocuments(text) {
		if err := yaml.Unmarshal(text, doc); err != nil {
			return fastDoc{}, nil, yamlError(err, text)
		}
		return fastDoc{}, doc, nil
	}
	// A "--- x" or "... # c" line inside the front matter starts another YAML
	// document, which Unmarshal would silently ignore.
	dec := yaml.NewDecoder(bytes.NewReader(text))
	if err := dec.Decode(doc); err != nil {
		if errors.Is(err, io.EOF) {
			return fastDoc{}, new(yaml.Node), nil
		}
		return fastDoc{}, nil, yamlError(err, text)
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case errors.Is(err, io.EOF):
		return fastDoc{}, doc, nil
	case err != nil:
		return fastDoc{}, nil, yamlError(err, text)
	}
	return fastDoc{}, nil, &SyntaxError{Line: extra.Line + 1, Msg: "front matter holds more than one YAML document"}
}

// mayHoldSeveralDocuments is a cheap test that rules out document markers.
func mayHoldSeveralDocuments(text []byte) bool {
	return bytes.Contains(text, []byte("---")) || bytes.Contains(text, []byte("..."))
}

// collect fills d.entries from the top-level mapping, rejecting keys that
// are not scalars and keys that appear twice.
func (d *Document) collect() error {
	c := d.root.Content
	d.entries = make([]entry, 0, len(c)/2)
	var seen map[string]*yaml.Node // only for large mappings
	if len(c) > 32 {
		seen = make(map[string]*yaml.Node, len(c)/2)
	}
	for i := 0; i+1 < len(c); i += 2 {
		kn, vn := c[i], c[i+1]
		if kn.Kind != yaml.ScalarNode {
			return &SyntaxError{Line: kn.Line + 1, Msg: "top-level key must be a scalar, not " + kindName(kn)}
		}
		var first *yaml.Node
		if seen != nil {
			first = seen[kn.Value]
			seen[kn.Value] = kn
		} else if e := d.find(kn.Value); e != nil {
			first = e.kn
		}
		if first != nil {
			return &SyntaxError{Line: kn.Line + 1, Msg: fmt.Sprintf("duplicate key %q (first on line %d)", kn.Value, first.Line+1)}
		}
		d.entries = append(d.entries, entry{key: kn.Value, kn: kn, vn: vn})
	}
	d.parsed = len(d.entries)
	return nil
}

// layout finds the source lines of every top-level key. An entry runs from
// the line of its key to the line before the next key, except that trailing
// blank lines and comment lines no deeper than the keys are left to the next
// key as its head (or to the tail after the last key). When the positions
// yaml.v3 reports do not fit that model, d.spliceable is cleared.
func (d *Document) layout() {
	text := d.yaml
	if d.root.Style&yaml.FlowStyle != 0 || len(d.entries) == 0 {
		d.spliceable = false
		return
	}
	var buf [64]int
	starts := lineStarts(text, buf[:0])
	col := d.entries[0].kn.Column - 1
	lines := make([]int, len(d.entries)) // 0-based line of each key
	prev := -1
	for i := range d.entries {
		kn := d.entries[i].kn
		l, c := kn.Line-1, kn.Column-1
		if l <= prev || l >= len(starts) || c != col {
			d.spliceable = false
			return
		}
		s, e := lineSpan(text, starts, l)
		if s+c > e || !allSpaces(text[s:s+c]) {
			d.spliceable = false
			return
		}
		lines[i], prev = l, l
	}
	end := 0 // end of the previous entry
	for i := range d.entries {
		next := len(starts)
		if i+1 < len(d.entries) {
			next = lines[i+1]
		}
		for next-1 > lines[i] {
			s, e := lineSpan(text, starts, next-1)
			if !isBlank(text[s:e]) && !isOuterComment(text[s:e], col) {
				break
			}
			next--
		}
		s := starts[lines[i]]
		e := len(text)
		if next < len(starts) {
			e = starts[next]
		}
		d.entries[i].head = text[end:s:s]
		d.entries[i].text = text[s:e:e]
		end = e
	}
	d.tail = text[end:]
	last := d.entries[len(d.entries)-1].vn
	d.tailFirst = last.Kind == yaml.ScalarNode && last.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0
}

// kindName names the kind of n for error messages.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return fmt.Sprintf("the scalar %q", n.Value)
	case yaml.SequenceNode:
		return "a sequence"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.AliasNode:
		return "an alias"
	}
	return "an empty document"
}
