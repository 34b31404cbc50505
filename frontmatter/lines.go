package frontmatter

// lineStarts returns the offset at which each line of text begins. It breaks
// lines exactly where yaml.v3 counts a new line (at "\r\n", "\r", "\n", and
// the Unicode breaks NEL, LS and PS), so that yaml.Node.Line can be mapped to
// a byte offset. The result is appended to buf to let callers reuse memory.
func lineStarts(text []byte, buf []int) []int {
	buf = append(buf, 0)
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n':
			buf = append(buf, i+1)
		case c == '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			buf = append(buf, i+1)
		case c == 0xC2 && i+1 < len(text) && text[i+1] == 0x85: // NEL
			i++
			buf = append(buf, i+1)
		case c == 0xE2 && i+2 < len(text) && text[i+1] == 0x80 && (text[i+2] == 0xA8 || text[i+2] == 0xA9): // LS, PS
			i += 2
			buf = append(buf, i+1)
		}
	}
	if buf[len(buf)-1] == len(text) && len(buf) > 1 {
		// A final break does not start another line.
		buf = buf[:len(buf)-1]
	}
	return buf
}

// lineSpan returns the start and end offsets of line n (0-based) in text, the
// end being the start of the next line (so it includes the line break).
func lineSpan(text []byte, starts []int, n int) (int, int) {
	if n+1 < len(starts) {
		return starts[n], starts[n+1]
	}
	return starts[n], len(text)
}

// isBlank reports whether line holds only spaces, tabs and line breaks.
func isBlank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

// isOuterComment reports whether line is a comment indented no deeper than
// col, the column of the top-level keys. Such a line introduces the next key
// rather than continuing the value of the previous one.
func isOuterComment(line []byte, col int) bool {
	for i, c := range line {
		switch {
		case c == '#':
			return true
		case c == ' ' && i < col:
		default:
			return false
		}
	}
	return false
}

// allSpaces reports whether b holds nothing but ' '.
func allSpaces(b []byte) bool {
	for _, c := range b {
		if c != ' ' {
			return false
		}
	}
	return true
}
