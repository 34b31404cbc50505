package canvas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"unicode/utf8"
)

// member is one key of a JSON object and its value as written.
type member struct {
	key   string
	value json.RawMessage // compact
}

// object is a JSON object read with its key order and raw values kept.
type object []member

// parseObject reads a JSON object, keeping its keys in order and each value
// compacted but otherwise as written. Duplicate keys are refused: which one
// would a reader believe?
//
// Valid input, the common case, is split in one pass over its bytes (a
// canvas of a thousand nodes is read on every canvas tool call, and
// encoding/json's decoder would scan each value three times); invalid
// input goes through decodeObject for its error.
func parseObject(data []byte) (object, error) {
	if !json.Valid(data) {
		return decodeObject(data)
	}
	return splitObject(data)
}

// splitObject is parseObject for input known to be valid JSON (the items
// of a parsed list).
func splitObject(data []byte) (object, error) {
	i := skipSpace(data, 0)
	if data[i] != '{' {
		return nil, fmt.Errorf("want an object")
	}
	obj := make(object, 0, 8)
	var seen map[string]bool // past a few keys; a short scan does before
	i = skipSpace(data, i+1)
	for data[i] != '}' {
		end := skipValue(data, i)
		key, err := unquoteKey(data[i:end])
		if err != nil {
			return nil, err
		}
		if seen == nil && len(obj) >= 16 {
			seen = make(map[string]bool, 2*len(obj))
			for _, m := range obj {
				seen[m.key] = true
			}
		}
		if seen != nil && seen[key] || seen == nil && slices.ContainsFunc(obj, func(m member) bool { return m.key == key }) {
			return nil, fmt.Errorf("key %q appears twice", key)
		}
		if seen != nil {
			seen[key] = true
		}
		i = skipSpace(data, skipSpace(data, end)+1) // past ':'
		end = skipValue(data, i)
		value, err := compact(data[i:end])
		if err != nil {
			return nil, err
		}
		obj = append(obj, member{key, value})
		i = skipSpace(data, end)
		if data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return obj, nil
}

// splitArray returns the items of a valid JSON array, each compacted.
func splitArray(data []byte) ([]json.RawMessage, error) {
	var items []json.RawMessage
	i := skipSpace(data, skipSpace(data, 0)+1) // past '['
	for data[i] != ']' {
		end := skipValue(data, i)
		item, err := compact(data[i:end])
		if err != nil {
			return nil, err
		}
		items = append(items, item)
		i = skipSpace(data, end)
		if data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return items, nil
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the end of the valid JSON value starting at data[i].
func skipValue(data []byte, i int) int {
	depth := 0
	for ; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i // the end of a number or literal
			}
			depth--
			if depth == 0 {
				return i + 1
			}
		case ',', ':', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// compact returns a valid JSON value without insignificant space: itself
// when it has none, else a copy without it (the input being valid, the
// space outside strings is all there is to drop).
func compact(v []byte) ([]byte, error) {
	inString := false
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return dropSpace(v, i), nil
		}
	}
	return slices.Clip(v), nil
}

// dropSpace copies valid JSON v without the space outside strings, from
// v[at], the first such space.
func dropSpace(v []byte, at int) []byte {
	out := make([]byte, at, len(v))
	copy(out, v[:at])
	inString := false
	for i := at; i < len(v); i++ {
		c := v[i]
		switch {
		case inString && c == '\\':
			out = append(out, c, v[i+1])
			i++
			continue
		case c == '"':
			inString = !inString
		case !inString && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			continue
		}
		out = append(out, c)
	}
	return out
}

// knownKeys are the keys of every node and edge, shared rather than
// allocated once per node.
var knownKeys = func() map[string]string {
	m := map[string]string{"nodes": "nodes", "edges": "edges"}
	for _, s := range nodeFields {
		m[s.key] = s.key
	}
	for _, s := range edgeFields {
		m[s.key] = s.key
	}
	return m
}()

// unquoteKey is unquote for an object key.
func unquoteKey(v []byte) (string, error) {
	if k, ok := knownKeys[string(v[1:len(v)-1])]; ok && bytes.IndexByte(v, '\\') < 0 {
		return k, nil
	}
	return unquote(v)
}

// unquote reads a valid JSON string.
func unquote(v []byte) (string, error) {
	if bytes.IndexByte(v, '\\') < 0 && utf8.Valid(v) {
		return string(v[1 : len(v)-1]), nil
	}
	var s string
	err := json.Unmarshal(v, &s)
	return s, err
}

// decodeObject is parseObject through encoding/json's decoder: the path of
// invalid input, whose errors it words.
func decodeObject(data []byte) (object, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("want an object")
	}
	var obj object
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key := tok.(string) // the decoder guarantees a string key here
		if seen[key] {
			return nil, fmt.Errorf("key %q appears twice", key)
		}
		seen[key] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, raw); err != nil {
			return nil, err
		}
		obj = append(obj, member{key, buf.Bytes()})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("text after the closing brace")
	}
	return obj, nil
}

func (o object) get(key string) (json.RawMessage, bool) {
	for _, m := range o {
		if m.key == key {
			return m.value, true
		}
	}
	return nil, false
}
