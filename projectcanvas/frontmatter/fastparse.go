package frontmatter

import (
	"bytes"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// fastParse builds, for simple front matter, the node tree that
// yaml.Unmarshal(text, &node) builds, field for field (positions included),
// without running yaml.v3's scanner and parser. ok is false for anything
// outside the simple subset; the caller then parses with yaml.v3.
//
// Accepted text is valid UTF-8 without control characters (tabs and CR
// included), U+FEFF, U+2028 or U+2029, has at least one key, and every line
// is one of:
//
//   - blank: empty or only spaces;
//   - "key: value" at column 1, where key matches [A-Za-z_][A-Za-z0-9_-]*,
//     is at most fastMaxKey bytes, resolves to !!str and is not repeated,
//     and value is a plain scalar accepted by fastPlain, a "double-quoted"
//     string without '"' or '\' inside, a 'single-quoted' string without '
//     inside, or a flow sequence "[]" or "[a, b, c]" of plain items that
//     fastPlain accepts in flow context, separated by exactly ", ";
//   - "key:" with nothing after it, which must be followed (blank lines
//     aside) by at least one block sequence item line;
//   - a block sequence item "- value" after such a key, all items of one
//     list at the same indentation (any number of spaces, including none),
//     where value is plain or quoted as above.
//
// Nothing may follow a value on its line: no trailing spaces, no comment.
// Everything else (comments, tabs, CR, document markers, anchors, aliases,
// tags, multi-line or block scalars, nested mappings, "key:value", empty
// values) is declined.
//
// Plain scalars get the tag yaml.v3's resolver gives them (see fastTag),
// so dates are !!timestamp, "~" is !!null and so on, exactly as when
// yaml.v3 parses them. The tests compare the trees with yaml.v3's, field by
// field, on tables of inputs, generated texts and fuzzed ones.
func fastParse(text []byte) (*yaml.Node, bool) {
	var entryBuf [64]fastEntry
	var keyBuf [32]int32
	entries, keys, ok := fastLines(text, entryBuf[:0], keyBuf[:0])
	if !ok {
		return nil, false
	}
	return fastTree(text, entries, keys)
}

// fastMaxKey bounds the length of a key. yaml.v3 refuses simple keys longer
// than 1024 characters; real keys are far shorter.
const fastMaxKey = 128

// fastEntry is a node as fastLines finds it. fastParse reads the text in two
// passes: fastLines checks it and notes its nodes, in file order (each key,
// its value, a sequence's items), without allocating; fastTree then builds
// the nodes, now that the text is known to be simple.
type fastEntry struct {
	kind       yaml.Kind
	style      yaml.Style
	tag        string // "" for a plain scalar value, which fastTree resolves
	line, col  int
	start, end int // a scalar's value is text[start:end]
}

// fastLines reads text line by line, appending its nodes to entries and the
// index in entries of every key to keys.
func fastLines(text []byte, entries []fastEntry, keys []int32) (_ []fastEntry, _ []int32, ok bool) {
	seq := -1       // index of the block sequence taking items, or -1
	seqIndent := -1 // indentation of its items, -1 until the first
	for off, line := 0, 1; off < len(text); line++ {
		end := len(text)
		if i := bytes.IndexByte(text[off:], '\n'); i >= 0 {
			end = off + i
		}
		l := text[off:end]
		start := off
		off = end + 1
		if !fastChars(l) {
			return nil, nil, false
		}
		indent := 0
		for indent < len(l) && l[indent] == ' ' {
			indent++
		}
		switch {
		case indent == len(l): // blank line
		case indent == 0 && fastKeyStart(l[0]):
			if seq >= 0 && seqIndent < 0 {
				return nil, nil, false // "key:" without items
			}
			seq, seqIndent = -1, -1
			k := 1
			for k < len(l) && fastKeyByte(l[k]) {
				k++
			}
			if k > fastMaxKey || k == len(l) || l[k] != ':' {
				return nil, nil, false
			}
			keys = append(keys, int32(len(entries)))
			entries = append(entries, fastEntry{kind: yaml.ScalarNode, tag: "!!str", line: line, col: 1, start: start, end: start + k})
			if k+1 == len(l) { // "key:": a block sequence follows
				seq = len(entries)
				entries = append(entries, fastEntry{kind: yaml.SequenceNode, tag: "!!seq"})
				continue
			}
			if l[k+1] != ' ' || k+2 == len(l) {
				return nil, nil, false
			}
			v := l[k+2:]
			vs := start + k + 2
			col := k + 3
			if v[0] == '[' {
				if entries, ok = fastFlowSeq(entries, v, vs, line, col); !ok {
					return nil, nil, false
				}
			} else {
				e, ok := fastScalar(v, vs, line, col)
				if !ok {
					return nil, nil, false
				}
				entries = append(entries, e)
			}
		default: // a block sequence item
			if seq < 0 || len(l) < indent+3 || l[indent] != '-' || l[indent+1] != ' ' {
				return nil, nil, false
			}
			if seqIndent < 0 {
				seqIndent = indent
				entries[seq].line, entries[seq].col = line, indent+1
			} else if indent != seqIndent {
				return nil, nil, false
			}
			e, ok := fastScalar(l[indent+2:], start+indent+2, line, indent+3)
			if !ok {
				return nil, nil, false
			}
			entries = append(entries, e)
		}
	}
	ok = len(keys) > 0 && (seq < 0 || seqIndent >= 0)
	return entries, keys, ok
}

// fastChars reports whether line (without its "\n") holds only characters
// the fast path handles: printable ASCII, and valid UTF-8 for printable
// YAML characters other than line breaks and byte order marks.
func fastChars(line []byte) bool {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c >= 0x20 && c < 0x7F {
			continue
		}
		if c < utf8.RuneSelf {
			return false // control character, tab, CR or DEL
		}
		r, size := utf8.DecodeRune(line[i:])
		switch {
		case r == utf8.RuneError && size < 3: // invalid UTF-8
			return false
		case r == 0x2028 || r == 0x2029 || r == 0xFEFF: // LS, PS, BOM
			return false
		case r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000 && r <= utf8.MaxRune:
			i += size - 1
		default: // C1 controls (NEL among them), noncharacters U+FFFE and U+FFFF
			return false
		}
	}
	return true
}

// fastScalar reads the scalar v, which starts at text offset start, on line
// at column col: quoted or plain.
func fastScalar(v []byte, start, line, col int) (fastEntry, bool) {
	e := fastEntry{kind: yaml.ScalarNode, line: line, col: col, start: start, end: start + len(v)}
	switch q := v[0]; q {
	case '"', '\'':
		if len(v) < 2 || v[len(v)-1] != q {
			return e, false
		}
		inner := v[1 : len(v)-1]
		if bytes.IndexByte(inner, q) >= 0 || q == '"' && bytes.IndexByte(inner, '\\') >= 0 {
			return e, false
		}
		e.style = yaml.DoubleQuotedStyle
		if q == '\'' {
			e.style = yaml.SingleQuotedStyle
		}
		e.tag = "!!str"
		e.start++
		e.end--
		return e, true
	}
	return e, fastPlain(v, false)
}

// fastFlowSeq appends the flow sequence v ("[...]", starting at text offset
// start) and its items to entries.
func fastFlowSeq(entries []fastEntry, v []byte, start, line, col int) ([]fastEntry, bool) {
	if v[len(v)-1] != ']' {
		return entries, false
	}
	entries = append(entries, fastEntry{kind: yaml.SequenceNode, style: yaml.FlowStyle, tag: "!!seq", line: line, col: col})
	inner := v[1 : len(v)-1]
	if len(inner) == 0 {
		return entries, true
	}
	off := start + 1 // text offset of the current item
	col++
	for {
		item := inner
		i := bytes.IndexByte(inner, ',')
		if i >= 0 {
			item = inner[:i]
		}
		if !fastPlain(item, true) {
			return entries, false
		}
		entries = append(entries, fastEntry{kind: yaml.ScalarNode, line: line, col: col, start: off, end: off + len(item)})
		if i < 0 {
			return entries, true
		}
		// Exactly ", " before the next item; fastPlain refuses the
		// item if another space follows.
		if i+1 == len(inner) || inner[i+1] != ' ' {
			return entries, false
		}
		col += utf8.RuneCount(item) + 2
		off += i + 2
		inner = inner[i+2:]
	}
}

// fastTree builds the nodes fastLines found in text and links them into a
// document. It declines keys that do not resolve to strings and repeated
// keys.
func fastTree(text []byte, entries []fastEntry, keys []int32) (*yaml.Node, bool) {
	str := string(text) // node values are slices of it
	nodes := make([]yaml.Node, 2+len(entries))
	for i := range entries {
		e, n := &entries[i], &nodes[2+i]
		n.Kind, n.Style, n.Tag, n.Line, n.Column = e.kind, e.style, e.tag, e.line, e.col
		if e.kind == yaml.ScalarNode {
			n.Value = str[e.start:e.end]
			if n.Tag == "" {
				n.Tag = fastTag(n.Value)
			}
		}
	}
	for _, k := range keys {
		if fastTag(nodes[2+k].Value) != "!!str" { // true, null and the like
			return nil, false
		}
	}
	if !fastUnique(nodes[2:], keys) {
		return nil, false
	}
	ptrs := make([]*yaml.Node, len(nodes)-1) // every node but the document is someone's child
	doc, root := &nodes[0], &nodes[1]
	first := &nodes[2+keys[0]]
	*doc = yaml.Node{Kind: yaml.DocumentNode, Line: first.Line, Column: first.Column, Content: ptrs[0:1:1]}
	ptrs[0] = root
	n := 2 * len(keys)
	*root = yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: first.Line, Column: first.Column, Content: ptrs[1 : 1+n : 1+n]}
	rest := ptrs[1+n:]
	for i, k := range keys {
		k := 2 + int(k) // index in nodes
		root.Content[2*i] = &nodes[k]
		v := &nodes[k+1]
		root.Content[2*i+1] = v
		if v.Kind != yaml.SequenceNode {
			continue
		}
		end := len(nodes)
		if i+1 < len(keys) {
			end = 2 + int(keys[i+1])
		}
		items := end - (k + 2)
		if items == 0 {
			continue
		}
		v.Content = rest[:items:items]
		rest = rest[items:]
		for j := range v.Content {
			v.Content[j] = &nodes[k+2+j]
		}
	}
	return doc, true
}

// fastUnique reports whether the keys, at the indexes keys in nodes, are
// all different.
func fastUnique(nodes []yaml.Node, keys []int32) bool {
	if len(keys) <= 32 {
		for i, k := range keys {
			for _, prev := range keys[:i] {
				if nodes[prev].Value == nodes[k].Value {
					return false
				}
			}
		}
		return true
	}
	seen := make(map[string]bool, len(keys))
	for _, k := range keys {
		if seen[nodes[k].Value] {
			return false
		}
		seen[nodes[k].Value] = true
	}
	return true
}

// fastTag returns the tag yaml.v3 gives the plain scalar s (not empty):
// what n.ShortTag returns for a node with Kind ScalarNode, Value s and no
// tag, which runs yaml.v3's resolver. It answers the common cases itself,
// because the resolver allocates and, on a date, tries three time formats
// before the one that fits:
//
//   - The resolver takes s for a string unless its first byte is a sign,
//     a digit, a dot, '<', '~' or one of "yYnNtTfFoO"; for those last
//     three kinds it only looks s up in its table of words, copied here.
//   - A date "2006-1-2" (four-digit year, month and day of one or two
//     digits) is a !!timestamp when it is a real date (time.Parse accepts
//     it), and otherwise a string: the resolver's other time formats need
//     a time after the date, and such text is no number.
//
// Anything else goes to ShortTag. TestFastTag checks fastTag against
// ShortTag on the words and on every date layout over many years, and
// FuzzFastParse on arbitrary strings.
func fastTag(s string) string {
	switch s[0] {
	case 'y', 'Y', 'n', 'N', 't', 'T', 'f', 'F', 'o', 'O', '~', '<':
		switch s {
		case "true", "True", "TRUE", "false", "False", "FALSE":
			return "!!bool"
		case "~", "null", "Null", "NULL":
			return "!!null"
		case "<<":
			return "!!merge"
		}
		return "!!str"
	case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if date, ok := fastDate(s); ok {
			if date {
				return "!!timestamp"
			}
			return "!!str"
		}
	case '+', '-', '.':
	default:
		return "!!str"
	}
	n := yaml.Node{Kind: yaml.ScalarNode, Value: s}
	return n.ShortTag()
}

// fastDate reports whether s has the layout of the time format "2006-1-2"
// (four digits, '-', one or two digits, '-', one or two digits), and if so
// whether it is a date time.Parse accepts: month 1 to 12, day 1 to the
// length of the month.
func fastDate(s string) (date, ok bool) {
	if len(s) < 8 || len(s) > 10 || s[4] != '-' {
		return false, false
	}
	var num [3]int // year, month, day
	f, digits := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			num[f] = 10*num[f] + int(c-'0')
			digits++
		case c == '-' && f < 2 && (f == 0 && digits == 4 || f == 1 && digits <= 2):
			f, digits = f+1, 0
			if i+1 == len(s) || s[i+1] < '0' || s[i+1] > '9' {
				return false, false
			}
		default:
			return false, false
		}
		if f > 0 && digits > 2 {
			return false, false
		}
	}
	if f != 2 {
		return false, false
	}
	year, month, day := num[0], num[1], num[2]
	if month < 1 || month > 12 || day < 1 {
		return false, true
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[month-1]
	if month == 2 && year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		days = 29
	}
	return day <= days, true
}

// fastKeyStart and fastKeyByte define the keys the fast path takes:
// [A-Za-z_][A-Za-z0-9_-]*.
func fastKeyStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func fastKeyByte(c byte) bool {
	return fastKeyStart(c) || c >= '0' && c <= '9' || c == '-'
}

// fastPlain reports whether s, a part of one line, is a plain scalar whose
// value is s itself, in block context or, when flow is set, as an item of a
// flow sequence. It is stricter than YAML: it refuses every indicator at the
// start (but "-" before a digit, as in "-5"), leading and trailing spaces,
// ": ", " #" and a trailing ":", and in flow context also any of ",[]{}:#?".
func fastPlain(s []byte, flow bool) bool {
	if len(s) == 0 {
		return false
	}
	switch s[0] {
	case '-':
		if len(s) < 2 || s[1] < '0' || s[1] > '9' {
			return false
		}
	case ' ', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		return false
	}
	if last := s[len(s)-1]; last == ' ' || last == ':' {
		return false
	}
	for i, c := range s {
		switch c {
		case ':':
			if flow || s[i+1] == ' ' { // s does not end with ':'
				return false
			}
		case '#':
			if flow || s[i-1] == ' ' { // s does not start with '#'
				return false
			}
		case ',', '[', ']', '{', '}', '?':
			if flow {
				return false
			}
		}
	}
	return true
}
