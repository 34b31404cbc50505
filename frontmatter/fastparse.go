package frontmatter

import (
	"bytes"
	"math"
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
	f, ok := fastScan(text)
	if !ok {
		return nil, false
	}
	return f.build(), true
}

// fastDoc is front matter that fastScan accepted: its nodes in file order,
// not yet built. Parse keeps it rather than the tree while the document is
// only read (Keys, String, Strings): most documents never need the tree,
// and building it is most of what parsing a simple file costs. The tree,
// when needed (Node, or an edit: see Document.tree), is the one fastParse
// builds.
type fastDoc struct {
	text    string      // the YAML text; every value is a slice of it
	entries []fastEntry // nil for no fastDoc
	keys    int         // how many entries are keys
	// nodes, once built, holds the document node, the mapping and then
	// the node of each entry, in the order of entries.
	nodes []yaml.Node
}

// fastScan checks text with fastLines and the rules on keys (each resolves
// to a string and none is repeated), and returns its nodes.
func fastScan(text []byte) (fastDoc, bool) {
	var buf [64]fastEntry
	entries, keys, ok := fastLines(text, buf[:0])
	if !ok {
		return fastDoc{}, false
	}
	f := fastDoc{text: string(text), entries: make([]fastEntry, len(entries)), keys: keys}
	copy(f.entries, entries) // off the stack (buf must not escape)
	if !f.keysOK() {
		return fastDoc{}, false
	}
	return f, true
}

// value returns the text of the scalar entry e.
func (f *fastDoc) value(e *fastEntry) string {
	return f.text[e.start:e.end]
}

// keysOK reports whether every key resolves to a string (not true, null
// and the like) and no key is repeated.
func (f *fastDoc) keysOK() bool {
	var seen map[string]bool // only for many keys
	if f.keys > 32 {
		seen = make(map[string]bool, f.keys)
	}
	for i := range f.entries {
		e := &f.entries[i]
		if !e.key {
			continue
		}
		k := f.value(e)
		if fastTag(k) != "!!str" {
			return false
		}
		if seen != nil {
			if seen[k] {
				return false
			}
			seen[k] = true
			continue
		}
		for j := range f.entries[:i] {
			if p := &f.entries[j]; p.key && f.value(p) == k {
				return false
			}
		}
	}
	return true
}

// find returns the index of the value entry of key, or -1. It is linear:
// Parse keeps a fastDoc only for front matter of few keys (see indexFrom).
func (f *fastDoc) find(key string) int {
	for i := range f.entries {
		if e := &f.entries[i]; e.key && f.value(e) == key {
			return i + 1
		}
	}
	return -1
}

// keyNames returns the keys in file order.
func (f *fastDoc) keyNames() []string {
	out := make([]string, 0, f.keys)
	for i := range f.entries {
		if e := &f.entries[i]; e.key {
			out = append(out, f.value(e))
		}
	}
	return out
}

// str is Document.String for a fastDoc: the value of key when it is a
// scalar.
func (f *fastDoc) str(key string) (string, bool) {
	i := f.find(key)
	if i < 0 || f.entries[i].kind != yaml.ScalarNode {
		return "", false
	}
	return f.value(&f.entries[i]), true
}

// strs is Document.Strings for a fastDoc: a sequence's items (always
// scalars here), a scalar as one item, a null as none.
func (f *fastDoc) strs(key string) ([]string, bool) {
	i := f.find(key)
	if i < 0 {
		return nil, false
	}
	end := f.end(i) // the items are entries[i:end]
	if f.entries[i].kind == yaml.SequenceNode {
		i++
	} else if f.tag(&f.entries[i]) == "!!null" {
		end = i
	}
	out := make([]string, end-i)
	for j := range out {
		out[j] = f.value(&f.entries[i+j])
	}
	return out, true
}

// node is Document.Node for a fastDoc: the value of key in the tree,
// built at the first call (see build).
func (f *fastDoc) node(key string) *yaml.Node {
	i := f.find(key)
	if i < 0 {
		return nil
	}
	f.build()
	return &f.nodes[2+i]
}

// end returns the index past the value at entries[i] and, for a
// sequence, past its items.
func (f *fastDoc) end(i int) int {
	end := i + 1
	if f.entries[i].kind == yaml.SequenceNode {
		for end < len(f.entries) && !f.entries[end].key {
			end++
		}
	}
	return end
}

// tag is the tag yaml.v3 gives the node of e: keys and quoted scalars are
// strings, plain scalars are resolved (fastTag).
func (f *fastDoc) tag(e *fastEntry) string {
	switch {
	case e.kind == yaml.SequenceNode:
		return "!!seq"
	case e.key || e.style != 0:
		return "!!str"
	}
	return fastTag(f.value(e))
}

// fastMaxKey bounds the length of a key. yaml.v3 refuses simple keys longer
// than 1024 characters; real keys are far shorter.
const fastMaxKey = 128

// fastEntry is a node as fastLines finds it. fastParse reads the text in two
// passes: fastLines checks it and notes its nodes, in file order (each key,
// its value, a sequence's items), without allocating; build then builds
// the nodes, now that the text is known to be simple. Positions are int32
// (fastLines declines texts of 2 GiB and more) so that an entry holds no
// pointer and costs the collector nothing.
type fastEntry struct {
	start, end int32 // a scalar's value is text[start:end]
	line, col  int32
	kind       yaml.Kind
	style      yaml.Style
	key        bool // a top-level key; its value is the next entry
}

// fastLines reads text line by line, appending its nodes to entries, and
// counts the keys.
func fastLines(text []byte, entries []fastEntry) (_ []fastEntry, keys int, ok bool) {
	if len(text) > math.MaxInt32 {
		return nil, 0, false
	}
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
			return nil, 0, false
		}
		indent := 0
		for indent < len(l) && l[indent] == ' ' {
			indent++
		}
		switch {
		case indent == len(l): // blank line
		case indent == 0 && fastKeyStart(l[0]):
			if seq >= 0 && seqIndent < 0 {
				return nil, 0, false // "key:" without items
			}
			seq, seqIndent = -1, -1
			k := 1
			for k < len(l) && fastKeyByte(l[k]) {
				k++
			}
			if k > fastMaxKey || k == len(l) || l[k] != ':' {
				return nil, 0, false
			}
			keys++
			entries = append(entries, fastEntry{kind: yaml.ScalarNode, key: true, line: int32(line), col: 1, start: int32(start), end: int32(start + k)})
			if k+1 == len(l) { // "key:": a block sequence follows
				seq = len(entries)
				entries = append(entries, fastEntry{kind: yaml.SequenceNode})
				continue
			}
			if l[k+1] != ' ' || k+2 == len(l) {
				return nil, 0, false
			}
			v := l[k+2:]
			vs := start + k + 2
			col := k + 3
			if v[0] == '[' {
				if entries, ok = fastFlowSeq(entries, v, vs, line, col); !ok {
					return nil, 0, false
				}
			} else {
				e, ok := fastScalar(v, vs, line, col)
				if !ok {
					return nil, 0, false
				}
				entries = append(entries, e)
			}
		default: // a block sequence item
			if seq < 0 || len(l) < indent+3 || l[indent] != '-' || l[indent+1] != ' ' {
				return nil, 0, false
			}
			if seqIndent < 0 {
				seqIndent = indent
				entries[seq].line, entries[seq].col = int32(line), int32(indent+1)
			} else if indent != seqIndent {
				return nil, 0, false
			}
			e, ok := fastScalar(l[indent+2:], start+indent+2, line, indent+3)
			if !ok {
				return nil, 0, false
			}
			entries = append(entries, e)
		}
	}
	ok = keys > 0 && (seq < 0 || seqIndent >= 0)
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
	e := fastEntry{kind: yaml.ScalarNode, line: int32(line), col: int32(col), start: int32(start), end: int32(start + len(v))}
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
	entries = append(entries, fastEntry{kind: yaml.SequenceNode, style: yaml.FlowStyle, line: int32(line), col: int32(col)})
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
		entries = append(entries, fastEntry{kind: yaml.ScalarNode, line: int32(line), col: int32(col), start: int32(off), end: int32(off + len(item))})
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

// build builds the nodes fastScan found, once, links them into a document
// and returns it.
func (f *fastDoc) build() *yaml.Node {
	if f.nodes != nil {
		return &f.nodes[0]
	}
	var buf [32]int32
	keys := buf[:0] // the index in entries of each key
	nodes := make([]yaml.Node, 2+len(f.entries))
	f.nodes = nodes
	for i := range f.entries {
		e, n := &f.entries[i], &nodes[2+i]
		n.Kind, n.Style, n.Tag, n.Line, n.Column = e.kind, e.style, f.tag(e), int(e.line), int(e.col)
		if e.kind == yaml.ScalarNode {
			n.Value = f.value(e)
		}
		if e.key {
			keys = append(keys, int32(i))
		}
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
	return doc
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
// A UTC time as the project writes it (fastTime) is a timestamp too.
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
		if fastTime(s) {
			return "!!timestamp"
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

// fastTime reports whether s is a UTC time in the layout the project
// writes (time.RFC3339 of a UTC time, "2006-01-02T15:04:05Z") that
// time.Parse takes: a real date, hour 0 to 23, minute and second 0 to 59.
// The resolver then tries its first time format, which takes it. false
// says nothing: ShortTag decides.
func fastTime(s string) bool {
	const layout = "0000-00-00T00:00:00Z" // 0: a digit
	if len(s) != len(layout) {
		return false
	}
	for i := range len(layout) {
		if c := s[i]; layout[i] == '0' && (c < '0' || c > '9') || layout[i] != '0' && c != layout[i] {
			return false
		}
	}
	date, _ := fastDate(s[:10])
	return date && s[11:13] <= "23" && s[14:16] <= "59" && s[17:19] <= "59"
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
