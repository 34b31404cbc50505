package cachefile

import (
	"encoding/binary"
	"math"
	"slices"
)

// Writer appends a payload's values: unsigned varints, strings as a
// length and their bytes, bytes, and the JSON-like values of front matter.
type Writer struct{ B []byte }

// Uint appends v as an unsigned varint.
func (w *Writer) Uint(v uint64) { w.B = binary.AppendUvarint(w.B, v) }

// Byte appends b.
func (w *Writer) Byte(b byte) { w.B = append(w.B, b) }

// Str appends s: its length, then its bytes.
func (w *Writer) Str(s string) {
	w.Uint(uint64(len(s)))
	w.B = append(w.B, s...)
}

// Value tags: the types Reader.Value makes.
const (
	tagNull byte = iota
	tagFalse
	tagTrue
	tagInt
	tagFloat
	tagString
	tagList
	tagMap
)

// Value appends a value as front matter decodes to: nil, bool, int64,
// float64, string, []any and map[string]any (its keys sorted, so that one
// value has one encoding). Any other type is written as a tag no reader
// accepts: the payload is refused when read, never misread.
func (w *Writer) Value(v any) {
	switch v := v.(type) {
	case nil:
		w.Byte(tagNull)
	case bool:
		w.Byte(tagFalse)
		if v {
			w.B[len(w.B)-1] = tagTrue
		}
	case int64:
		w.Byte(tagInt)
		w.B = binary.AppendVarint(w.B, v)
	case float64:
		w.Byte(tagFloat)
		w.B = binary.LittleEndian.AppendUint64(w.B, math.Float64bits(v))
	case string:
		w.Byte(tagString)
		w.Str(v)
	case []any:
		w.Byte(tagList)
		w.Uint(uint64(len(v)))
		for _, x := range v {
			w.Value(x)
		}
	case map[string]any:
		w.Byte(tagMap)
		w.Map(v)
	default:
		w.Byte(0xff)
	}
}

// Map appends a mapping's size, then each key and its value in the order
// of the keys.
func (w *Writer) Map(m map[string]any) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	w.Uint(uint64(len(keys)))
	for _, k := range keys {
		w.Str(k)
		w.Value(m[k])
	}
}

// Reader reads what Writer wrote, from S at At. Past the end or on a value
// out of range it sets Bad and returns zero values from then on; it never
// panics, and never allocates more than S could hold.
type Reader struct {
	S   string
	At  int
	Bad bool
}

// Uint reads an unsigned varint.
func (r *Reader) Uint() uint64 {
	if r.Bad {
		return 0
	}
	v, n := uvarintString(r.S[r.At:])
	if n <= 0 {
		r.Bad = true
		return 0
	}
	r.At += n
	return v
}

// U64 reads 8 bytes, little-endian.
func (r *Reader) U64() uint64 {
	if r.Bad || len(r.S)-r.At < 8 {
		r.Bad = true
		return 0
	}
	var v uint64
	for i := 7; i >= 0; i-- {
		v = v<<8 | uint64(r.S[r.At+i])
	}
	r.At += 8
	return v
}

// Byte reads one byte.
func (r *Reader) Byte() byte {
	if r.Bad || r.At >= len(r.S) {
		r.Bad = true
		return 0
	}
	r.At++
	return r.S[r.At-1]
}

// Str reads a string, a part of S.
func (r *Reader) Str() string {
	n := r.Uint()
	if r.Bad || n > uint64(len(r.S)-r.At) {
		r.Bad = true
		return ""
	}
	s := r.S[r.At : r.At+int(n)]
	r.At += int(n)
	return s
}

// Count reads a number of items to come, each at least a byte long: a
// count the rest of S cannot hold is Bad, so that no reader allocates for
// items that are not there.
func (r *Reader) Count() int {
	n := r.Uint()
	if n > uint64(len(r.S)-r.At) {
		r.Bad = true
		return 0
	}
	return int(n)
}

// Done reports whether every byte was read, and read well.
func (r *Reader) Done() bool { return !r.Bad && r.At == len(r.S) }

// Value reads a value Writer.Value wrote, nested at most maxDepth deep.
func (r *Reader) Value(maxDepth int) any {
	if maxDepth < 0 {
		r.Bad = true
		return nil
	}
	switch r.Byte() {
	case tagNull:
		return nil
	case tagFalse:
		return false
	case tagTrue:
		return true
	case tagInt:
		if r.Bad {
			return nil
		}
		v, n := varintString(r.S[r.At:])
		if n <= 0 {
			r.Bad = true
			return nil
		}
		r.At += n
		return v
	case tagFloat:
		return math.Float64frombits(r.U64())
	case tagString:
		return r.Str()
	case tagList:
		n := r.Count()
		if r.Bad {
			return nil
		}
		out := make([]any, n)
		for i := range out {
			out[i] = r.Value(maxDepth - 1)
		}
		return out
	case tagMap:
		if m := r.Map(maxDepth - 1); m != nil {
			return m
		}
		return map[string]any{}
	}
	r.Bad = true
	return nil
}

// Map reads a mapping Writer.Map wrote, its values nested at most
// maxDepth deep; nil for an empty one.
func (r *Reader) Map(maxDepth int) map[string]any {
	n := r.Count()
	if n == 0 {
		return nil
	}
	out := make(map[string]any, n)
	for range n {
		k := r.Str()
		out[k] = r.Value(maxDepth)
	}
	return out
}

// uvarintString is binary.Uvarint over a string, without a copy.
func uvarintString(s string) (uint64, int) {
	var x uint64
	var shift uint
	for i := 0; i < len(s) && i < binary.MaxVarintLen64; i++ {
		b := s[i]
		if b < 0x80 {
			if i == binary.MaxVarintLen64-1 && b > 1 {
				return 0, -1
			}
			return x | uint64(b)<<shift, i + 1
		}
		x |= uint64(b&0x7f) << shift
		shift += 7
	}
	return 0, 0
}

// varintString is binary.Varint over a string.
func varintString(s string) (int64, int) {
	ux, n := uvarintString(s)
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x, n
}
