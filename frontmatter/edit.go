package frontmatter

import (
	"go.yaml.in/yaml/v3"
)

// Set gives key the value node, replacing the old value in place or, for a
// new key, appending it after the last key. Only the lines of this key are
// re-rendered; its head comment and every other line stay as they are.
//
// The node is written as styled, with two exceptions that keep the file's
// look: a sequence replacing a sequence keeps the old flow or block style,
// and the old line comment is kept unless value has one. Plain strings that
// a YAML reader could take for another type ("yes", "2026-01-01") are
// quoted. A nil value writes a null (`key:`). Set keeps value (see Node) and
// does not modify it.
//
// If the node cannot be encoded (for example a node of unknown kind), the
// document is left unchanged and Err reports why.
func (d *Document) Set(key string, value *yaml.Node) {
	switch {
	case value == nil || value.IsZero():
		value = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null"}
	case value.Kind == yaml.DocumentNode && len(value.Content) == 1:
		value = value.Content[0]
	}
	e := d.find(key)
	if e == nil {
		d.entries = append(d.entries, entry{key: key, vn: value})
		e = &d.entries[len(d.entries)-1]
		text, err := d.renderEntry(e, nil)
		if err != nil {
			d.entries = d.entries[:len(d.entries)-1]
			d.fail(err)
			return
		}
		if d.index != nil {
			d.index[key] = len(d.entries) - 1
		}
		e.text, e.fresh = text, true
	} else {
		old := e.vn
		e.vn = value
		text, err := d.renderEntry(e, old)
		if err != nil {
			e.vn = old
			d.fail(err)
			return
		}
		e.text, e.fresh = text, true
	}
	d.changed()
}

// SetString sets key to the string value. The old value's quoting (single or
// double) and its "|" or ">" style for multi-line text are kept. A string a
// YAML reader could misread as another type (`yes`, `123`, `2026-01-01`,
// `: x`, `#x`, leading spaces, the empty string) is quoted, so it always
// reads back as the same string. Invalid UTF-8 is replaced by U+FFFD.
func (d *Document) SetString(key, value string) {
	d.Set(key, stringNode(value, d.Node(key), false))
}

// SetStrings sets key to a list of strings. When the old value was a list,
// its flow (`[a, b]`) or block (`- a`) style and common item quoting are
// kept; a new list is written `[a, b]` when every item can be plain there,
// as a block list otherwise.
func (d *Document) SetStrings(key string, values []string) {
	d.Set(key, stringsNode(values, d.Node(key)))
}

// Delete removes key and its value, including comment lines indented inside
// the value. The comment lines above the key are kept: they may introduce
// more than this key. Deleting an absent key does nothing.
func (d *Document) Delete(key string) {
	e := d.find(key)
	if e == nil {
		return
	}
	e.dead, e.text = true, nil
	delete(d.index, key)
	d.risky = true
	d.changed()
}

// fail records the first rendering error for Err.
func (d *Document) fail(err error) {
	if d.err == nil {
		d.err = err
	}
}
