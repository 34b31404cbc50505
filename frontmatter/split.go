package frontmatter

import "bytes"

// bom is the UTF-8 byte order mark some editors put at the start of a file.
var bom = []byte("\xEF\xBB\xBF")

// frame is the outer layout of a markdown file. Everything except the YAML
// text is kept as raw slices of the input so that it can be written back
// unchanged.
type frame struct {
	bom   bool   // the file starts with a UTF-8 byte order mark
	has   bool   // the file has front matter
	open  []byte // the opening "---" line with its line ending
	yaml  []byte // the YAML text between the delimiter lines
	close []byte // the closing "---" or "..." line with its line ending, if any
	body  []byte // everything after the closing line (the whole file without front matter)
	eol   string // the line ending new lines get: "\n" or "\r\n"
}

// split cuts src into its frame. Front matter must start on the very first
// line (after an optional BOM) with a "---" line; it ends at the next line
// that is "---" or "...". Trailing spaces and tabs on delimiter lines are
// tolerated and preserved. A file whose first line is "---" but that has no
// closing line is an error rather than a body, so that a typo never silently
// turns metadata into text.
func split(src []byte) (frame, error) {
	var f frame
	rest := src
	if bytes.HasPrefix(rest, bom) {
		f.bom = true
		rest = rest[len(bom):]
	}
	first, after, hasEOL := cutLine(rest)
	if !hasEOL || !isDelimiter(first, "---") {
		f.body = rest
		f.eol = detectEOL(rest)
		return f, nil
	}
	f.has = true
	f.open = rest[:len(first)]
	f.eol = detectEOL(first)
	off := 0 // offset of the current line within after
	for line := 2; off < len(after); line++ {
		l, _, _ := cutLine(after[off:])
		if c := l[0]; (c == '-' || c == '.') && (isDelimiter(l, "---") || isDelimiter(l, "...")) {
			f.yaml = after[:off]
			f.close = l
			f.body = after[off+len(l):]
			return f, nil
		}
		off += len(l)
	}
	return frame{}, &SyntaxError{Line: 1, Msg: `unterminated front matter: no closing "---" line`}
}

// cutLine returns the first line of b including its "\n", the remainder, and
// whether the line ended with "\n" (false only for the last line of b).
func cutLine(b []byte) (line, rest []byte, hasEOL bool) {
	i := bytes.IndexByte(b, '\n')
	if i < 0 {
		return b, nil, false
	}
	return b[:i+1], b[i+1:], true
}

// isDelimiter reports whether line (with or without its line ending) is mark
// followed only by optional spaces and tabs.
func isDelimiter(line []byte, mark string) bool {
	line = trimEOL(line)
	if !bytes.HasPrefix(line, []byte(mark)) {
		return false
	}
	for _, c := range line[len(mark):] {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// trimEOL removes a trailing "\n" or "\r\n".
func trimEOL(line []byte) []byte {
	line = bytes.TrimSuffix(line, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r"))
}

// detectEOL returns "\r\n" when the first line ending in b is CRLF, else "\n".
func detectEOL(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i > 0 && b[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// BodyOf returns the markdown after the front matter of src without parsing
// the YAML: the cheap way to read a body when the keys are not needed. It
// fails like Parse only for front matter that is never closed.
func BodyOf(src []byte) ([]byte, error) {
	f, err := split(src)
	if err != nil {
		return nil, err
	}
	return f.body, nil
}
