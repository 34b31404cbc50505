package projectcanvas

import (
	"bytes"
	"encoding/binary"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// scanID finds the id a markdown file declares without parsing its YAML:
// the first top-level "id:" line of a front matter block whose value is an
// entity id. It is for files the index cannot load (broken YAML, too large,
// an unknown type): their ids still count when new ids are allocated, so
// that repairing such a file never makes two entities share an id. It
// reads at most MaxFrontMatterBytes and accepts an unclosed block.
func scanID(data []byte) ID {
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	first, rest, ok := bytes.Cut(data, []byte("\n"))
	if !ok || strings.TrimRight(string(first), " \t\r") != "---" {
		return ""
	}
	if len(rest) > MaxFrontMatterBytes {
		rest = rest[:MaxFrontMatterBytes]
	}
	for len(rest) > 0 {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		l := strings.TrimRight(string(line), " \t\r")
		if l == "---" || l == "..." {
			break
		}
		value, ok := cutIDKey(l)
		if !ok {
			continue
		}
		if i := strings.Index(value, " #"); i >= 0 {
			value = value[:i]
		}
		value = strings.Trim(strings.TrimSpace(value), `"'`)
		if id, _, _, err := ParseID(linkTarget(value)); err == nil {
			return id
		}
	}
	return ""
}

// cutIDKey returns what follows a top-level id key ("id:", "'id':" or
// "\"id\":") on a line.
func cutIDKey(line string) (string, bool) {
	for _, key := range []string{"id:", `"id":`, "'id':"} {
		if v, ok := strings.CutPrefix(line, key); ok {
			return v, true
		}
	}
	return "", false
}

// fromUTF16 recognizes a UTF-16 file, by its byte order mark or by a first
// line "---" in either byte order, and returns its text as UTF-8 (at most
// MaxFrontMatterBytes of it: enough to find an id). Entity files must be
// UTF-8; the index reports a UTF-16 one instead of skipping it silently.
func fromUTF16(data []byte) ([]byte, bool) {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), bytes.HasPrefix(data, []byte("-\x00-\x00-\x00")):
		order = binary.LittleEndian
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}), bytes.HasPrefix(data, []byte("\x00-\x00-\x00-")):
		order = binary.BigEndian
	default:
		return nil, false
	}
	if len(data) > 2*MaxFrontMatterBytes {
		data = data[:2*MaxFrontMatterBytes]
	}
	units := make([]uint16, len(data)/2)
	for i := range units {
		units[i] = order.Uint16(data[2*i:])
	}
	if len(units) > 0 && units[0] == 0xFEFF {
		units = units[1:]
	}
	out := make([]byte, 0, len(units))
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	return out, true
}
