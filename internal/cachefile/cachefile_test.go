package cachefile_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/cachefile"
)

func TestValuesRoundTrip(t *testing.T) {
	values := []any{
		nil, true, false, int64(0), int64(-1), int64(math.MaxInt64), int64(math.MinInt64),
		1.5, math.Inf(-1), "", "héllo", []any{}, []any{"a", int64(1), nil},
		map[string]any{}, map[string]any{"b": []any{map[string]any{"c": 2.5}}, "a": "x"},
	}
	for _, v := range values {
		var w cachefile.Writer
		w.Value(v)
		r := cachefile.Reader{S: string(w.B)}
		assert.Equal(t, v, r.Value(8), "%#v", v)
		assert.True(t, r.Done(), "%#v read whole", v)
	}
}

func TestMapKeysSortedSoOneValueHasOneEncoding(t *testing.T) {
	var a, b cachefile.Writer
	a.Value(map[string]any{"x": int64(1), "y": int64(2), "z": int64(3)})
	b.Value(map[string]any{"z": int64(3), "x": int64(1), "y": int64(2)})
	assert.Equal(t, a.B, b.B)
}

func TestValuesTheReaderRefuses(t *testing.T) {
	var w cachefile.Writer
	w.Value(struct{}{})
	r := cachefile.Reader{S: string(w.B)}
	assert.Nil(t, r.Value(8))
	assert.True(t, r.Bad, "a type no reader makes is refused, never misread")

	var deep cachefile.Writer
	deep.Value([]any{[]any{[]any{"x"}}})
	r = cachefile.Reader{S: string(deep.B)}
	r.Value(2)
	assert.True(t, r.Bad, "nested deeper than allowed")

	r = cachefile.Reader{S: "\x06\xff\xff\xff\xff\x0f"} // a list of 4 billion items in 6 bytes
	assert.Nil(t, r.Value(8))
	assert.True(t, r.Bad, "a count the bytes cannot hold allocates nothing")
}

func TestOpenReadsWhatTheEncoderWrote(t *testing.T) {
	a, b := []byte("---\nid: T-001\n---\n"), []byte("a note\n")
	enc := cachefile.NewEncoder("core-v1", 2, 0)
	enc.Add("a.md", a, []byte("payload a"))
	enc.Add("b.md", b, nil)
	data := enc.Bytes()

	entries, why := cachefile.Open(data, "core-v1")
	require.Empty(t, why)
	require.Len(t, entries, 2)
	assert.Equal(t, "payload a", entries["a.md"].Payload)
	assert.True(t, entries["a.md"].Matches(a))
	assert.False(t, entries["a.md"].Matches(b), "another file's bytes")
	assert.False(t, entries["a.md"].Matches(append([]byte("x"), a[1:]...)), "same size, other bytes")
	assert.Equal(t, "", entries["b.md"].Payload)

	flipped := append([]byte(nil), data...)
	flipped[len(flipped)/2] ^= 1
	for _, tc := range []struct {
		name, key, why string
		data           []byte
	}{
		{"another key", "core-v2", "made by another version of the core", data},
		{"a flipped bit", "core-v1", "its checksum does not match", flipped},
		{"cut short", "core-v1", "its checksum does not match", data[:len(data)-3]},
		{"not a cache", "core-v1", "not an index cache of this version", []byte(`{"version":1}`)},
		{"empty", "core-v1", "not an index cache of this version", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			entries, why := cachefile.Open(tc.data, tc.key)
			assert.Nil(t, entries)
			assert.Equal(t, tc.why, why)
		})
	}
}

// FuzzOpen: any bytes, sealed or not, open or are refused with a reason;
// nothing panics, and every payload reads without a panic.
func FuzzOpen(f *testing.F) {
	enc := cachefile.NewEncoder("k", 1, 0)
	var w cachefile.Writer
	w.Value(map[string]any{"tags": []any{"x", 1.5}})
	enc.Add("a.md", []byte("x"), w.B)
	f.Add(enc.Bytes())
	f.Add([]byte(cachefile.Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, why := cachefile.Open(data, "k")
		if entries == nil {
			require.NotEmpty(t, why)
			return
		}
		for _, e := range entries {
			r := cachefile.Reader{S: e.Payload}
			for !r.Bad && r.At < len(r.S) {
				r.Value(32)
			}
		}
	})
}
