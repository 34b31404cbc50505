package frontmatter

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// quoteStyles are the styles that make a scalar a string whatever it says.
const quoteStyles = yaml.SingleQuotedStyle | yaml.DoubleQuotedStyle

// blockStyles are the multi-line scalar styles, "|" and ">".
const blockStyles = yaml.LiteralStyle | yaml.FoldedStyle

// reserved holds plain words that some YAML reader takes for something other
// than a string: YAML 1.2 null and booleans, the YAML 1.1 booleans (yes, no,
// on, off, y, n) and the merge key. Compared case-insensitively.
var reserved = []string{"~", "null", "true", "false", "yes", "no", "on", "off", "y", "n", "<<", "="}

// ambiguous reports whether the plain scalar s could be read as a non-string
// (null, bool, number, date, base-60 number...) by a YAML 1.1 or 1.2 reader.
// It errs on the side of quoting: "3 apples" is ambiguous here.
func ambiguous(s string) bool {
	if s == "" {
		return true
	}
	for _, w := range reserved {
		if strings.EqualFold(s, w) {
			return true
		}
	}
	c := s[0]
	if c >= '0' && c <= '9' {
		return true
	}
	if (c == '+' || c == '-' || c == '.') && len(s) > 1 {
		c = s[1]
		return c >= '0' && c <= '9' || c == '.' || c == 'i' || c == 'I' || c == 'n' || c == 'N'
	}
	return false
}

// plainSafe reports whether s can be written without quotes, in a block
// context or (flow) inside a flow sequence "[...]", and read back as the
// same string by any YAML reader. It is deliberately strict: quoting a string
// that did not need it is harmless, the reverse is not.
func plainSafe(s string, flow bool) bool {
	if ambiguous(s) || !utf8.ValidString(s) {
		return false
	}
	if strings.ContainsRune("-?:,[]{}#&*!|>'\"%@` \t", rune(s[0])) {
		return false
	}
	if strings.HasSuffix(s, ":") || strings.HasSuffix(s, " ") || strings.Contains(s, ": ") || strings.Contains(s, " #") {
		return false
	}
	if flow && strings.ContainsAny(s, ",[]{}:") {
		return false
	}
	for _, r := range s {
		if r == ' ' {
			continue
		}
		if !unicode.IsPrint(r) || r == '\uFEFF' {
			return false
		}
	}
	return true
}

// stringNode builds the node SetString writes. It keeps the old value's
// quoting (single or double) when there was one, and its "|" or ">" style
// when the new value still spans lines. Otherwise the value is plain when
// that is safe and double-quoted when it is not. Invalid UTF-8, which YAML
// cannot hold, is replaced by U+FFFD.
func stringNode(s string, old *yaml.Node, flow bool) *yaml.Node {
	s = strings.ToValidUTF8(s, "\uFFFD")
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	old = deref(old)
	var oldStyle yaml.Style
	if old != nil && old.Kind == yaml.ScalarNode {
		oldStyle = old.Style
	}
	multiline := strings.Contains(s, "\n")
	switch {
	case multiline && !flow:
		n.Style = oldStyle & blockStyles // the encoder picks "|" when zero
	case oldStyle&quoteStyles != 0:
		n.Style = oldStyle & quoteStyles
	case !plainSafe(s, flow):
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}

// stringsNode builds the sequence SetStrings writes. A sequence that replaces
// a sequence keeps its flow or block style, and its item quoting when all old
// items shared one. A new sequence is a flow sequence "[a, b]" when every
// item can be written plain there, a block sequence otherwise. An empty list
// is always "[]".
func stringsNode(values []string, old *yaml.Node) *yaml.Node {
	seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: make([]*yaml.Node, 0, len(values))}
	old = deref(old)
	var itemStyle yaml.Style
	if old != nil && old.Kind == yaml.SequenceNode {
		seq.Style = old.Style & yaml.FlowStyle
		itemStyle = sharedQuoting(old.Content)
	} else {
		seq.Style = yaml.FlowStyle
		for _, v := range values {
			if !plainSafe(v, true) {
				seq.Style = 0
				break
			}
		}
	}
	if len(values) == 0 {
		seq.Style = yaml.FlowStyle
	}
	flow := seq.Style&yaml.FlowStyle != 0
	var like *yaml.Node
	if itemStyle != 0 {
		like = &yaml.Node{Kind: yaml.ScalarNode, Style: itemStyle}
	}
	for _, v := range values {
		seq.Content = append(seq.Content, stringNode(v, like, flow))
	}
	return seq
}

// sharedQuoting returns the quoting style that all items share, or zero.
func sharedQuoting(items []*yaml.Node) yaml.Style {
	var style yaml.Style
	for i, it := range items {
		s := it.Style & quoteStyles
		if it.Kind != yaml.ScalarNode || s == 0 || i > 0 && s != style {
			return 0
		}
		style = s
	}
	return style
}
