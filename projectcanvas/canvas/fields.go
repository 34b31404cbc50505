package canvas

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/projectcanvas/projectcanvas/internal/jsonstr"
)

// fieldSpec describes one key the package understands on a node or an edge:
// where its value lives and whether it is always written.
type fieldSpec[T any] struct {
	key      string
	str      func(*T) *string  // a string field, or
	num      func(*T) *float64 // a number field
	required bool
	check    func(string) error // extra check of a string value
}

// decodeFields fills v from the members of o that specs know, and returns
// an error naming the first value of the wrong shape.
func decodeFields[T any](v *T, o object, specs []fieldSpec[T]) error {
	for _, s := range specs {
		raw, ok := o.get(s.key)
		if !ok {
			if s.required {
				return fmt.Errorf("%q is missing", s.key)
			}
			continue
		}
		if s.str != nil {
			if err := decodeString(raw, s.str(v)); err != nil {
				return fmt.Errorf("%q must be a string", s.key)
			}
			if s.required && *s.str(v) == "" {
				return fmt.Errorf("%q must not be empty", s.key)
			}
			if s.check != nil && *s.str(v) != "" {
				if err := s.check(*s.str(v)); err != nil {
					return fmt.Errorf("%q: %w", s.key, err)
				}
			}
			continue
		}
		if err := decodeNumber(raw, s.num(v)); err != nil {
			return fmt.Errorf("%q must be a number", s.key)
		}
	}
	return nil
}

// decodeString is json.Unmarshal into a string for a valid value (null
// leaves it as it is); plain strings skip the reflection.
func decodeString(raw []byte, dst *string) error {
	if raw[0] == '"' {
		s, err := unquote(raw)
		if err == nil {
			*dst = s
		}
		return err
	}
	return json.Unmarshal(raw, dst)
}

// decodeNumber is json.Unmarshal into a float64 for a valid value.
func decodeNumber(raw []byte, dst *float64) error {
	if c := raw[0]; c == '-' || c >= '0' && c <= '9' {
		f, err := strconv.ParseFloat(string(raw), 64)
		if err == nil {
			*dst = f
		}
		return err
	}
	return json.Unmarshal(raw, dst)
}

// encodeFields writes v as a compact JSON object. Keys keep the order they
// were read in (raw); a value the program did not change since (orig) is
// written as it was read, byte for byte; a cleared optional key is dropped;
// keys set since are added in the order of specs.
func encodeFields[T any](b []byte, v, orig *T, raw object, specs []fieldSpec[T]) []byte {
	b = append(b, '{')
	first := true
	sep := func() {
		if !first {
			b = append(b, ',')
		}
		first = false
	}
	var written uint64 // bit i: specs[i] written (a node has 11 specs)
	spec := func(key string) int {
		for i := range specs {
			if specs[i].key == key {
				return i
			}
		}
		return -1
	}
	for _, m := range raw {
		i := spec(m.key)
		if i < 0 { // a key of another plugin
			sep()
			b = jsonstr.Append(b, m.key, jsonstr.JavaScript)
			b = append(append(b, ':'), m.value...)
			continue
		}
		s := &specs[i]
		written |= 1 << i
		switch {
		case orig != nil && s.same(v, orig):
			sep()
			b = jsonstr.Append(b, m.key, jsonstr.JavaScript)
			b = append(append(b, ':'), m.value...)
		case s.set(v):
			sep()
			b = s.appendKV(b, v)
		}
	}
	for i := range specs {
		s := &specs[i]
		if written&(1<<i) == 0 && s.set(v) {
			sep()
			b = s.appendKV(b, v)
		}
	}
	return append(b, '}')
}

func (s *fieldSpec[T]) same(v, orig *T) bool {
	if s.str != nil {
		return *s.str(v) == *s.str(orig)
	}
	return *s.num(v) == *s.num(orig)
}

// set reports whether the field is to be written: required ones always,
// optional ones when not empty.
func (s *fieldSpec[T]) set(v *T) bool {
	return s.required || s.str != nil && *s.str(v) != "" || s.num != nil && *s.num(v) != 0
}

func (s *fieldSpec[T]) appendKV(b []byte, v *T) []byte {
	b = append(jsonstr.Append(b, s.key, jsonstr.JavaScript), ':')
	if s.str != nil {
		return jsonstr.Append(b, *s.str(v), jsonstr.JavaScript)
	}
	return appendNumber(b, *s.num(v))
}
