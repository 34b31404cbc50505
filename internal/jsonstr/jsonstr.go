// Package jsonstr writes JSON string literals fast, in the two flavours the
// project needs: encoding/json's (tool results must be byte for byte what
// json.Marshal writes) and JavaScript's JSON.stringify (canvas files must be
// byte for byte what Obsidian writes).
package jsonstr

import "unicode/utf8"

// Flavour says which encoder's output to reproduce.
type Flavour int

const (
	// GoJSON is encoding/json: HTML-safe (<, > and & escaped), invalid
	// UTF-8 written as \ufffd, U+2028 and U+2029 escaped.
	GoJSON Flavour = iota
	// JavaScript is JSON.stringify: only the quote, the backslash and
	// control characters are escaped; invalid UTF-8 becomes U+FFFD itself.
	JavaScript
)

const hexDigits = "0123456789abcdef"

// plain marks, per flavour, the ASCII bytes a string holds as they are.
var plain = func() (t [2][256]bool) {
	for c := byte(0x20); c < utf8.RuneSelf; c++ {
		t[JavaScript][c] = c != '"' && c != '\\'
		t[GoJSON][c] = t[JavaScript][c] && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// Append appends s as a JSON string literal in flavour f.
func Append(b []byte, s string, f Flavour) []byte {
	plain := &plain[f]
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if plain[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			if f == GoJSON {
				b = append(b, `\ufffd`...)
			} else {
				b = utf8.AppendRune(b, utf8.RuneError)
			}
			start = i + size
		case f == GoJSON && (r == '\u2028' || r == '\u2029'):
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			start = i + size
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
