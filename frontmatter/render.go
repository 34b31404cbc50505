package frontmatter

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// seqLayout is how block sequences are indented under their key.
type seqLayout struct {
	indent  int  // spaces from the key's column to the "-"; 2 unless learned
	compact bool // "-" in the key's column: "tags:\n- a"
}

// renderEntry renders the lines of one changed top-level entry, "key: value",
// in the file's own style. The encoder is yaml.v3 with a 2-space indent; on
// top of that the rendering:
//   - keeps the old key's quoting, tag and anchor;
//   - keeps a sequence's flow or block style when it replaces a sequence;
//   - indents a block sequence as the old value (or the file) did;
//   - keeps the old line comment, with its spacing, unless the new value
//     brings its own;
//   - uses the file's line ending and the top-level keys' indentation.
//
// old is the value being replaced, nil for a new key.
func (d *Document) renderEntry(e *entry, old *yaml.Node) ([]byte, error) {
	if text, ok := d.fastRender(e, old); ok {
		return text, nil
	}
	d.risky = true
	c := copier{budget: maxNodes}
	v, err := c.copy(e.vn)
	if err != nil {
		return nil, err
	}
	v.HeadComment = ""
	dropTrailingFoot(v)
	k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: e.key}
	if e.kn != nil {
		k.Tag, k.Style, k.Anchor = e.kn.Tag, e.kn.Style, e.kn.Anchor
	} else if !plainSafe(e.key, false) {
		k.Style = yaml.DoubleQuotedStyle
	}
	if o := deref(old); o != nil && o.Kind == yaml.SequenceNode && v.Kind == yaml.SequenceNode && len(v.Content) > 0 {
		v.Style = v.Style&^yaml.FlowStyle | o.Style&yaml.FlowStyle
	}
	comment := ""
	if e.kn != nil {
		comment = e.kn.LineComment
	}
	if comment == "" && old != nil {
		comment = old.LineComment
	}
	if comment != "" && v.LineComment == "" {
		if isBlockCollection(v) {
			k.LineComment = comment
		} else {
			v.LineComment = comment
		}
	}
	layout := seqLayout{indent: 2}
	if isBlockCollection(v) {
		layout = d.seqLayout(e, old)
	}
	text, err := encode(&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{k, v}}, layout)
	if err != nil {
		return nil, err
	}
	if comment != "" && e.text != nil {
		text = keepCommentGap(text, e.text, comment)
	}
	if col := d.keyColumn(); col > 0 {
		text = indentLines(text, col)
	}
	if d.eol != "\n" {
		text = bytes.ReplaceAll(text, []byte("\n"), []byte(d.eol))
	}
	return text, nil
}

// encode runs the yaml.v3 encoder on n, turning its panics into errors.
func encode(n *yaml.Node, layout seqLayout) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("frontmatter: yaml encoder failed: %v", r)
		}
	}()
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(layout.indent)
	if layout.compact {
		enc.CompactSeqIndent()
	}
	if err := enc.Encode(n); err != nil {
		return nil, fmt.Errorf("frontmatter: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("frontmatter: %w", err)
	}
	return buf.Bytes(), nil
}

// seqLayout learns how block sequences are indented: from the old value of
// the entry when it was a block sequence read from the file, else from the
// first such sequence in the file, else the Obsidian default "  - item".
func (d *Document) seqLayout(e *entry, old *yaml.Node) seqLayout {
	if l, ok := d.measureSeq(e.kn, old); ok {
		return l
	}
	for i := 0; i < d.parsed; i++ {
		if l, ok := d.measureSeq(d.entries[i].kn, d.entries[i].vn); ok {
			return l
		}
	}
	return seqLayout{indent: 2}
}

// measureSeq reads the indentation of the block sequence v under key k from
// the source text. ok is false when v is not a block sequence of the source.
func (d *Document) measureSeq(k, v *yaml.Node) (seqLayout, bool) {
	if k == nil || v == nil || v.Kind != yaml.SequenceNode || v.Style&yaml.FlowStyle != 0 ||
		len(v.Content) == 0 || !d.fromSource(v) {
		return seqLayout{}, false
	}
	starts := lineStarts(d.yaml, nil)
	line := v.Content[0].Line - 1
	if line < 0 || line >= len(starts) {
		return seqLayout{}, false
	}
	s, e := lineSpan(d.yaml, starts, line)
	text := d.yaml[s:e]
	dash := len(text) - len(bytes.TrimLeft(text, " "))
	if dash >= len(text) || text[dash] != '-' {
		return seqLayout{}, false
	}
	switch rel := dash - (k.Column - 1); {
	case rel == 0:
		return seqLayout{indent: 2, compact: true}, true
	case rel >= 2 && rel <= 9:
		return seqLayout{indent: rel}, true
	}
	return seqLayout{}, false
}

// fromSource reports whether v is one of the value nodes Parse produced,
// whose line numbers refer to d.yaml.
func (d *Document) fromSource(v *yaml.Node) bool {
	for i := 0; i < d.parsed; i++ {
		if d.root.Content[2*i+1] == v {
			return true
		}
	}
	return false
}

// keyColumn is the 0-based column of the top-level keys, usually 0.
func (d *Document) keyColumn() int {
	if d.parsed > 0 && d.spliceable {
		return d.entries[0].kn.Column - 1
	}
	return 0
}

// keepCommentGap restores the spacing before a kept line comment:
// "status: Todo   # note" becomes "status: Done   # note", not "Done # note".
func keepCommentGap(text, oldText []byte, comment string) []byte {
	oldLine, _, _ := cutLine(oldText)
	oldLine = trimEOL(oldLine)
	if !bytes.HasSuffix(oldLine, []byte(comment)) {
		return text
	}
	before := oldLine[:len(oldLine)-len(comment)]
	gap := before[len(bytes.TrimRight(before, " \t")):]
	line, rest, _ := cutLine(text)
	line = trimEOL(line)
	suffix := []byte(" " + comment)
	if len(gap) <= 1 || !bytes.HasSuffix(line, suffix) {
		return text
	}
	out := make([]byte, 0, len(text)+len(gap))
	out = append(out, line[:len(line)-len(suffix)]...)
	out = append(out, gap...)
	out = append(out, comment...)
	out = append(out, '\n')
	return append(out, rest...)
}

// indentLines prefixes every non-empty line of text with n spaces.
func indentLines(text []byte, n int) []byte {
	pad := bytes.Repeat([]byte(" "), n)
	var out []byte
	for len(text) > 0 {
		line, rest, _ := cutLine(text)
		if len(trimEOL(line)) > 0 {
			out = append(out, pad...)
		}
		out = append(out, line...)
		text = rest
	}
	return out
}

// fastRender writes the common simple entries without the encoder: a plain
// key with a plain-safe string, a timestamp, an integer or a boolean, or a
// flow list of plain-safe strings. Its output needs no read-back check. It
// declines (ok false) anything with comments, anchors, quoting, indentation
// or block style to keep, which renderEntry then handles in full.
func (d *Document) fastRender(e *entry, old *yaml.Node) (text []byte, ok bool) {
	v := e.vn
	if d.keyColumn() != 0 || !plainSafe(e.key, false) || v.Anchor != "" || hasComment(v) {
		return nil, false
	}
	if e.kn != nil && (e.kn.Style != 0 || e.kn.Anchor != "" || hasComment(e.kn) || e.kn.Tag != "!!str") {
		return nil, false
	}
	if old != nil && (old.LineComment != "" || old.Kind == yaml.SequenceNode && old.Style&yaml.FlowStyle == 0 && len(v.Content) > 0) {
		return nil, false // a comment or a block list to keep
	}
	var b bytes.Buffer
	b.WriteString(e.key)
	b.WriteByte(':')
	switch {
	case v.Kind == yaml.ScalarNode:
		if !simpleScalar(v, false) {
			return nil, false
		}
		b.WriteByte(' ')
		b.WriteString(v.Value)
	case v.Kind == yaml.SequenceNode && (v.Style&yaml.FlowStyle != 0 || len(v.Content) == 0):
		b.WriteString(" [")
		for i, item := range v.Content {
			if item.Kind != yaml.ScalarNode || item.Anchor != "" || hasComment(item) || !simpleScalar(item, true) {
				return nil, false
			}
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(item.Value)
		}
		b.WriteByte(']')
	default:
		return nil, false
	}
	b.WriteString(d.eol)
	return b.Bytes(), true
}

// simpleScalar reports whether a plain rendering of n reads back as n.
func simpleScalar(n *yaml.Node, flow bool) bool {
	if n.Style != 0 || strings.ContainsAny(n.Value, "\r\n") {
		return false
	}
	switch n.Tag {
	case "!!str", "":
		return plainSafe(n.Value, flow)
	case "!!int":
		return isDigits(n.Value)
	case "!!bool":
		return n.Value == "true" || n.Value == "false"
	case "!!timestamp":
		if _, err := time.Parse(time.RFC3339, n.Value); err == nil {
			return true
		}
		_, err := time.Parse(time.DateOnly, n.Value)
		return err == nil
	}
	return false
}

func isDigits(s string) bool {
	if s == "" || len(s) > 18 || s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func hasComment(n *yaml.Node) bool {
	return n.HeadComment != "" || n.LineComment != "" || n.FootComment != ""
}
