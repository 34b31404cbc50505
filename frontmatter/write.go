package frontmatter

import (
	"bytes"
	"errors"
	"slices"

	"go.yaml.in/yaml/v3"
)

var errUnwritable = errors.New("frontmatter: the edited front matter could not be written; the original bytes were returned")

// Bytes serializes the document. While nothing has changed it returns the
// parsed input byte for byte. After edits, it splices the re-rendered lines
// of changed keys into the original text, then checks its work by parsing
// the result: every key must read back with the value the document holds
// and the body must be intact. Should that check fail (for example because
// a deleted key held an anchor that another key refers to), the whole front
// matter is re-rendered from the nodes instead, which keeps the values but
// may lose some formatting. If even that does not read back, Bytes returns
// the original input and Err reports the failure.
func (d *Document) Bytes() []byte {
	if !d.dirty {
		return slices.Clone(d.src)
	}
	if d.out == nil {
		d.out = d.assemble()
	}
	return slices.Clone(d.out)
}

// assemble produces the output after edits: a splice when that reads back
// correctly, else a full re-rendering that does. When neither does, it
// returns the original bytes and records errUnwritable, so that a caller who
// ignores Err loses the edits but never writes a corrupt file.
func (d *Document) assemble() []byte {
	d.tree()
	if d.spliceable {
		// Simple edits of a file without anchors splice safely; the
		// read-back check is for everything else.
		if out := d.splice(); !d.risky && !d.hasAnchors || d.verify(out) {
			return out
		}
	}
	for _, expand := range []bool{false, true} {
		if out, err := d.rerender(expand); err == nil && d.verify(out) {
			return out
		}
	}
	d.fail(errUnwritable)
	return slices.Clone(d.src)
}

// splice writes the original delimiters, head comments, untouched entries,
// tail and body, with the rendered text of changed and new entries.
func (d *Document) splice() []byte {
	var b bytes.Buffer
	b.Grow(len(d.src) + 256)
	d.writeOpen(&b)
	if !d.wantsFrontMatter() {
		b.Write(d.body)
		return b.Bytes()
	}
	for i := 0; i < d.parsed; i++ {
		e := &d.entries[i]
		b.Write(e.head)
		if !e.dead {
			b.Write(e.text)
		}
	}
	if d.tailFirst {
		b.Write(d.tail)
	}
	for i := d.parsed; i < len(d.entries); i++ {
		if e := &d.entries[i]; !e.dead {
			b.Write(e.text)
		}
	}
	if !d.tailFirst {
		b.Write(d.tail)
	}
	d.writeClose(&b)
	return b.Bytes()
}

// rerender writes the whole front matter from the nodes with the yaml.v3
// encoder. Comments survive as far as yaml.v3 attached them to nodes. With
// expand, aliases are replaced by copies of what they name, for when an
// anchor has been deleted.
func (d *Document) rerender(expand bool) ([]byte, error) {
	doc := &yaml.Node{Kind: yaml.DocumentNode}
	root := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	if d.doc != nil {
		doc.HeadComment, doc.FootComment = d.doc.HeadComment, d.doc.FootComment
		root.Tag, root.Anchor = d.root.Tag, d.root.Anchor
		root.HeadComment, root.LineComment, root.FootComment = d.root.HeadComment, d.root.LineComment, d.root.FootComment
	}
	c := copier{budget: maxNodes, expand: expand}
	for i := range d.entries {
		e := &d.entries[i]
		if e.dead {
			continue
		}
		k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: e.key}
		if e.kn != nil {
			kc := *e.kn
			k = &kc
		} else if !plainSafe(e.key, false) {
			k.Style = yaml.DoubleQuotedStyle
		}
		v, err := c.copy(e.vn)
		if err != nil {
			return nil, err
		}
		root.Content = append(root.Content, k, v)
	}
	var text []byte
	if len(root.Content) > 0 {
		doc.Content = []*yaml.Node{root}
		var err error
		if text, err = encode(doc, seqLayout{indent: 2}); err != nil {
			return nil, err
		}
		if d.eol != "\n" {
			text = bytes.ReplaceAll(text, []byte("\n"), []byte(d.eol))
		}
	}
	var b bytes.Buffer
	d.writeOpen(&b)
	if !d.wantsFrontMatter() {
		b.Write(d.body)
		return b.Bytes(), nil
	}
	b.Write(text)
	d.writeClose(&b)
	return b.Bytes(), nil
}

// wantsFrontMatter reports whether the output needs delimiters: the file had
// them, a key is set, or the body would otherwise be mistaken for front
// matter because it starts with a "---" line.
func (d *Document) wantsFrontMatter() bool {
	if d.has || d.live() > 0 {
		return true
	}
	first, _, hasEOL := cutLine(d.body)
	return hasEOL && isDelimiter(first, "---")
}

// writeOpen writes the BOM and, when needed, the opening delimiter line.
func (d *Document) writeOpen(b *bytes.Buffer) {
	if d.bom {
		b.Write(bom)
	}
	if !d.wantsFrontMatter() {
		return
	}
	if d.has {
		b.Write(d.open)
	} else {
		b.WriteString("---" + d.eol)
	}
}

// writeClose writes the closing delimiter line and the body.
func (d *Document) writeClose(b *bytes.Buffer) {
	if !d.has {
		b.WriteString("---" + d.eol)
	} else {
		b.Write(d.close)
		if len(d.body) > 0 && !bytes.HasSuffix(d.close, []byte("\n")) {
			b.WriteString(d.eol) // the file ended at the closing line; SetBody added a body
		}
	}
	b.Write(d.body)
}

// verify parses out and reports whether it holds exactly the document's keys,
// in order, with equal values, and the document's body.
func (d *Document) verify(out []byte) bool {
	p, err := Parse(out)
	if err != nil || !bytes.Equal(p.body, d.body) {
		return false
	}
	p.tree()
	j := 0
	for i := range d.entries {
		e := &d.entries[i]
		if e.dead {
			continue
		}
		if j >= len(p.entries) || p.entries[j].key != e.key || !valueEqual(p.entries[j].vn, e.vn) {
			return false
		}
		j++
	}
	return j == len(p.entries)
}
