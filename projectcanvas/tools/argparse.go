package tools

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// parseInstance reads valid JSON into the form the schema checks take
// (maps, lists, strings, float64 numbers, booleans, nil) in one pass, and
// refuses an object with the same key twice at any level (encoding/json
// would silently keep the last one). The caller checks validity first
// (json.Valid), so the parser only walks well-formed input.
func parseInstance(data []byte) (any, error) {
	p := &instanceParser{data: data}
	return p.value()
}

type instanceParser struct {
	data []byte
	i    int
}

func (p *instanceParser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *instanceParser) value() (any, error) {
	p.space()
	switch c := p.data[p.i]; c {
	case '{':
		p.i++
		obj := map[string]any{}
		for {
			p.space()
			if p.data[p.i] == '}' {
				p.i++
				return obj, nil
			}
			if p.data[p.i] == ',' {
				p.i++
				p.space()
			}
			key := p.string()
			if _, dup := obj[key]; dup {
				return nil, pc.Errorf(pc.CodeInvalidArgument, "parameter %q is given twice", key).With("field", key)
			}
			p.space()
			p.i++ // ':'
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			obj[key] = v
		}
	case '[':
		p.i++
		list := []any{}
		for {
			p.space()
			if p.data[p.i] == ']' {
				p.i++
				return list, nil
			}
			if p.data[p.i] == ',' {
				p.i++
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
	case '"':
		return p.string(), nil
	case 't':
		p.i += 4
		return true, nil
	case 'f':
		p.i += 5
		return false, nil
	case 'n':
		p.i += 4
		return nil, nil
	default:
		start := p.i
		for p.i < len(p.data) && isNumberByte(p.data[p.i]) {
			p.i++
		}
		// Out of range (1e400) is ±Inf, as json.Number.Float64 gave.
		f, _ := strconv.ParseFloat(string(p.data[start:p.i]), 64)
		return f, nil
	}
}

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// string reads a string token; escapes and non-UTF-8 bytes are left to
// encoding/json so that they decode exactly as it decodes them.
func (p *instanceParser) string() string {
	start := p.i
	p.i++
	plain := true
	for {
		c := p.data[p.i]
		if c == '"' {
			break
		}
		if c == '\\' {
			plain = false
			p.i++
		} else if c >= utf8.RuneSelf {
			plain = false
		}
		p.i++
	}
	p.i++
	raw := p.data[start:p.i]
	if plain || utf8.Valid(raw) && !containsBackslash(raw) {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	_ = json.Unmarshal(raw, &s) // valid JSON: cannot fail
	return s
}

func containsBackslash(b []byte) bool {
	for _, c := range b {
		if c == '\\' {
			return true
		}
	}
	return false
}
