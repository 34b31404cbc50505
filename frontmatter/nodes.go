package frontmatter

import (
	"errors"

	"go.yaml.in/yaml/v3"
)

// maxNodes bounds the work of copying a value tree, so that cyclic trees and
// alias bombs end with an error instead of exhausting memory or the stack.
const maxNodes = 100_000

var errTooLarge = errors.New("frontmatter: value too large or cyclic")

// valueEqual reports whether a and b hold the same YAML value: same kinds,
// same resolved tags, same scalar values and same children in the same order.
// Styles, comments, anchors and positions are ignored. Two aliases are
// equal when they name the same anchor; an alias and a node are compared by
// following the alias. Each pair of collections is compared once, which keeps cycles
// and alias bombs cheap.
func valueEqual(a, b *yaml.Node) bool {
	return (&comparer{}).equal(a, b)
}

// Equal reports whether a and b hold the same YAML value, by the rule of
// the read-back check: same kinds, resolved tags, scalar values and
// children; styles, comments, anchors and positions are ignored. nil is
// equal only to nil.
func Equal(a, b *yaml.Node) bool { return valueEqual(a, b) }

type comparer struct {
	seen map[[2]*yaml.Node]bool
}

func (c *comparer) equal(a, b *yaml.Node) bool {
	if a != nil && b != nil && a.Kind == yaml.AliasNode && b.Kind == yaml.AliasNode {
		// Two aliases are the same value when they name the same anchor.
		// Following them instead would compare an alias to the whole
		// mapping it sits in against a mapping that has since been edited.
		return a.Value == b.Value && (a.Alias == nil) == (b.Alias == nil)
	}
	a, b = deref(a), deref(b)
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind || a.ShortTag() != b.ShortTag() {
		return false
	}
	switch a.Kind {
	case yaml.ScalarNode:
		return a.Value == b.Value || a.ShortTag() == "!!null" // "", "~" and "null" are all null
	case yaml.AliasNode: // an alias to nothing
		return a.Value == b.Value
	}
	if len(a.Content) != len(b.Content) {
		return false
	}
	p := [2]*yaml.Node{a, b}
	if c.seen[p] {
		return true
	}
	if c.seen == nil {
		c.seen = make(map[[2]*yaml.Node]bool)
	}
	c.seen[p] = true
	for i := range a.Content {
		if !c.equal(a.Content[i], b.Content[i]) {
			return false
		}
	}
	return true
}

// copier makes the copy of a value that the encoder sees, so that the
// caller's nodes are never modified.
type copier struct {
	budget int
	expand bool // replace aliases by copies of the nodes they name
	flow   bool // inside a flow collection
}

// copy returns a deep copy of n in which plain strings that a YAML reader
// could take for another type are double-quoted.
func (c *copier) copy(n *yaml.Node) (*yaml.Node, error) {
	if c.budget--; c.budget < 0 || n == nil {
		return nil, errTooLarge
	}
	if c.expand && n.Kind == yaml.AliasNode && n.Alias != nil {
		t, err := c.copy(n.Alias)
		if err != nil {
			return nil, err
		}
		t.Anchor = ""
		return t, nil
	}
	cp := *n
	if len(n.Content) > 0 {
		flow := c.flow
		c.flow = flow || n.Style&yaml.FlowStyle != 0
		cp.Content = make([]*yaml.Node, len(n.Content))
		for i, child := range n.Content {
			var err error
			if cp.Content[i], err = c.copy(child); err != nil {
				return nil, err
			}
		}
		c.flow = flow
	}
	if cp.Kind == yaml.ScalarNode && cp.Style&(quoteStyles|blockStyles|yaml.TaggedStyle) == 0 {
		switch tag := cp.ShortTag(); {
		case tag == "!!str" && ambiguous(cp.Value):
			cp.Style |= yaml.DoubleQuotedStyle
		case tag == "!!null" && cp.Value == "" && c.flow:
			// yaml.v3 writes an empty null as '' (a string) inside "{...}".
			cp.Value = "null"
		}
	}
	return &cp, nil
}

// dropTrailingFoot clears the foot comments along the last-child chain of n.
// yaml.v3 attaches the comment lines that follow a value to its last node,
// but the writer keeps those lines verbatim after the entry, so encoding them
// again would duplicate them.
func dropTrailingFoot(n *yaml.Node) {
	for n != nil {
		n.FootComment = ""
		if len(n.Content) == 0 {
			return
		}
		n = n.Content[len(n.Content)-1]
	}
}

// isBlockCollection reports whether n is written over several lines after
// its key: a non-empty sequence or mapping in block style.
func isBlockCollection(n *yaml.Node) bool {
	return (n.Kind == yaml.SequenceNode || n.Kind == yaml.MappingNode) &&
		n.Style&yaml.FlowStyle == 0 && len(n.Content) > 0
}
