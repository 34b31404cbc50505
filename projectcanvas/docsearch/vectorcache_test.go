package docsearch

import (
	"bytes"
	"testing"
)

// FuzzDecodeVectors: a vector cache's bytes are read back as written, and
// any other bytes (cut short, changed, another embedder's) are refused or
// read as the whole records before a cut, never a panic or a value that
// is not finite.
func FuzzDecodeVectors(f *testing.F) {
	const id = "openai-compatible/http://x/m"
	good := appendRecord(appendRecord(appendHeader(nil, id), textKey("a"), []float32{1, 2}), textKey("b"), []float32{0.5, -1})
	f.Add(good)
	f.Add(good[:len(good)-3])
	f.Add(appendHeader(nil, "another embedder"))
	f.Add([]byte("PCVEC1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, size, ok := decodeVectors(data, id)
		if !ok {
			return
		}
		if size > len(data) {
			t.Fatalf("size %d past the data's %d bytes", size, len(data))
		}
		// What was read writes back as the same bytes.
		again := appendHeader(nil, id)
		for _, r := range out {
			again = appendRecord(again, r.key, r.v)
		}
		if !bytes.Equal(again, data[:size]) {
			t.Fatalf("read back differently")
		}
	})
}

// A cut-short last record (a crash mid-append) is left out; the others
// are read.
func TestDecodeVectorsIgnoresACutTail(t *testing.T) {
	const id = "m"
	data := appendRecord(appendRecord(appendHeader(nil, id), textKey("a"), []float32{1, 2}), textKey("b"), []float32{3, 4})
	out, size, ok := decodeVectors(data[:len(data)-5], id)
	if !ok || len(out) != 1 || out[0].v[1] != 2 || size >= len(data)-5 {
		t.Fatalf("got %v %d %v", out, size, ok)
	}
	if _, _, ok := decodeVectors(data, "other"); ok {
		t.Fatal("another embedder's cache read")
	}
	bad := bytes.Clone(data)
	bad[len(bad)-1] ^= 1
	if _, _, ok := decodeVectors(bad, id); ok {
		t.Fatal("a record whose checksum fails read")
	}
}
