package frontmatter

import (
	"slices"

	"go.yaml.in/yaml/v3"
)

// Document is a parsed markdown file: its front matter as yaml.v3 nodes plus
// the raw bytes needed to write the file back exactly as it was.
//
// A Document is not safe for concurrent use. Treat the nodes returned by Node
// as read-only: to change a value, build a node and pass it to Set.
type Document struct {
	src   []byte // the parsed input, returned by Bytes while nothing changed
	frame        // delimiters, body and line ending

	doc  *yaml.Node // the YAML document node; nil when the front matter is empty
	root *yaml.Node // the top-level mapping; nil when the front matter is empty

	// fast is the fast path's scan of simple front matter (see fastScan)
	// until something needs the nodes (see tree); entries, doc and root
	// are empty meanwhile.
	fast fastDoc

	entries []entry // top-level keys in file order, then keys added by Set
	parsed  int     // how many entries came from the source
	tail    []byte  // blank and comment lines after the last parsed key
	// tailFirst puts keys added by Set after the tail instead of before it:
	// when there is no parsed key to follow, or when the last value is a
	// block scalar whose trailing blank lines may belong to it.
	tailFirst bool
	// spliceable is false when the source layout did not allow a line span
	// to be found for every key (flow-style mappings, "? " keys and the
	// like). Edits then re-render the whole front matter.
	spliceable bool

	// risky is set by edits that the splice check (verify) must look at:
	// anything not rendered by the fast path, any deletion. hasAnchors marks
	// sources that always need the check (see needsReadBack).
	risky      bool
	hasAnchors bool

	// index maps each live key to its entry once there are more than
	// indexFrom entries; nil until find first needs it. Set and Delete keep
	// it up to date.
	index map[string]int

	dirty bool   // something changed since Parse
	out   []byte // cached result of Bytes after a change
	err   error  // first rendering error, see Err
}

// indexFrom is the number of entries above which find uses an index.
const indexFrom = 32

// entry is one top-level key with the source lines that belong to it.
type entry struct {
	key   string
	kn    *yaml.Node // the key node as parsed; nil for keys added by Set
	vn    *yaml.Node // the value node
	head  []byte     // blank and comment lines above the key, kept verbatim
	text  []byte     // the key's own lines: a slice of the source, or a rendering after a change
	dead  bool       // deleted: only head is written
	fresh bool       // text was rendered by this package rather than read
}

// HasFrontMatter reports whether the document has front matter: it had some
// when parsed, or a key has been set since.
func (d *Document) HasFrontMatter() bool {
	return d.has || d.live() > 0
}

// Keys returns the top-level keys in file order; keys added by Set come last.
func (d *Document) Keys() []string {
	if d.fast.entries != nil {
		return d.fast.keyNames()
	}
	keys := make([]string, 0, len(d.entries))
	for i := range d.entries {
		if !d.entries[i].dead {
			keys = append(keys, d.entries[i].key)
		}
	}
	return keys
}

// Node returns the value node of key, or nil when the key is absent. The node
// belongs to the document: read it, but call Set to change it.
func (d *Document) Node(key string) *yaml.Node {
	if d.fast.entries != nil {
		return d.fast.node(key)
	}
	if e := d.find(key); e != nil {
		return e.vn
	}
	return nil
}

// String returns the value of key as written in the file (yaml.Node.Value,
// so "null" for null and "2026-01-01" for a date). ok is false when the key
// is absent or its value is not a scalar. An alias to a scalar counts as that
// scalar.
func (d *Document) String(key string) (value string, ok bool) {
	if d.fast.entries != nil {
		return d.fast.str(key)
	}
	n := deref(d.Node(key))
	if n == nil || n.Kind != yaml.ScalarNode {
		return "", false
	}
	return n.Value, true
}

// Strings returns the value of key as a list of strings. A sequence of
// scalars gives its items, a single scalar gives a one-element list, and a
// null value (`key:` with nothing after it) gives an empty list. ok is false
// when the key is absent or its value has another shape, such as a mapping or
// a sequence holding a mapping.
func (d *Document) Strings(key string) (values []string, ok bool) {
	if d.fast.entries != nil {
		return d.fast.strs(key)
	}
	n := deref(d.Node(key))
	if n == nil {
		return nil, false
	}
	switch n.Kind {
	case yaml.ScalarNode:
		if n.ShortTag() == "!!null" {
			return []string{}, true
		}
		return []string{n.Value}, true
	case yaml.SequenceNode:
		values = make([]string, 0, len(n.Content))
		for _, item := range n.Content {
			item = deref(item)
			if item == nil || item.Kind != yaml.ScalarNode {
				return nil, false
			}
			values = append(values, item.Value)
		}
		return values, true
	}
	return nil, false
}

// Body returns the markdown after the front matter, or the whole file
// without the BOM when there is no front matter. The slice is the
// document's own: do not modify it.
func (d *Document) Body() []byte {
	return d.body
}

// SetBody replaces the markdown after the front matter.
func (d *Document) SetBody(body []byte) {
	d.body = slices.Clone(body)
	d.changed()
}

// Err returns the first error met while rendering a value given to Set, such
// as a node of unknown kind. The key involved was left unchanged.
func (d *Document) Err() error {
	return d.err
}

// find returns the live entry for key, or nil. Past a few dozen keys it
// uses an index, so that reading every key of a front matter with tens of
// thousands of them is not quadratic.
func (d *Document) find(key string) *entry {
	d.tree()
	if len(d.entries) > indexFrom {
		if d.index == nil {
			d.index = make(map[string]int, len(d.entries))
			for i := range d.entries {
				if !d.entries[i].dead {
					d.index[d.entries[i].key] = i
				}
			}
		}
		if i, ok := d.index[key]; ok {
			return &d.entries[i]
		}
		return nil
	}
	for i := range d.entries {
		if e := &d.entries[i]; !e.dead && e.key == key {
			return e
		}
	}
	return nil
}

// live counts the entries that have not been deleted.
func (d *Document) live() int {
	d.tree()
	n := 0
	for i := range d.entries {
		if !d.entries[i].dead {
			n++
		}
	}
	return n
}

// changed records an edit and drops the cached output.
func (d *Document) changed() {
	d.dirty = true
	d.out = nil
}

// deref follows an alias to the node it names.
func deref(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode {
		return n.Alias
	}
	return n
}
