package canvas

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// appendString writes s as JavaScript's JSON.stringify does: only the quote,
// the backslash and control characters are escaped (not <, > or &, and not
// U+2028), so that what the editor wrote comes back the same.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			b = append(b, c)
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			b = utf8.AppendRune(b, r) // invalid bytes become U+FFFD, as in JavaScript strings
			i += size
			continue
		}
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
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		}
		i++
	}
	return append(b, '"')
}

// appendNumber writes f as JavaScript prints a number: integers without a
// fraction, others in the shortest form that reads back the same.
func appendNumber(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return append(b, "null"...) // what JSON.stringify does; never produced by this package
	case f == math.Trunc(f) && math.Abs(f) < 1e21:
		return strconv.AppendFloat(b, f, 'f', -1, 64)
	}
	abs := math.Abs(f)
	if abs >= 1e-6 && abs < 1e21 {
		return strconv.AppendFloat(b, f, 'f', -1, 64)
	}
	out := strconv.AppendFloat(nil, f, 'e', -1, 64)
	// Go writes 1e-07, JavaScript 1e-7.
	for i := 0; i+2 < len(out); i++ {
		if out[i] == 'e' {
			sign := out[i+1]
			exp := out[i+2:]
			for len(exp) > 1 && exp[0] == '0' {
				exp = exp[1:]
			}
			out = append(append(out[:i+1], sign), exp...)
			break
		}
	}
	return append(b, out...)
}
