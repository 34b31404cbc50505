//go:build !js

package docsearch

import (
	"context"
	"hash/crc32"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func TestCache(t *testing.T) {
	ctx := context.Background()
	emb := &countingEmbedder{HashEmbedder: *NewHashEmbedder(0)}
	e, fsys := openMem(t, exampleFiles(t), WithEmbedder(emb))
	if emb.n.Load() == 0 {
		t.Fatal("nothing embedded")
	}
	want := snapshotOf(t, e)
	first := emb.n.Load()
	cache, err := fsys.ReadFile(CachePath)
	if err != nil {
		t.Fatal(err)
	}

	// A restart embeds nothing and finds the same.
	e2, err := Open(ctx, fsys, WithEmbedder(emb))
	if err != nil {
		t.Fatal(err)
	}
	if n := emb.n.Load() - first; n != 0 {
		t.Fatalf("restart embedded %d chunks", n)
	}
	if got := snapshotOf(t, e2); got != want {
		t.Fatalf("restart differs:\n%s\n---\n%s", got, want)
	}

	// One changed file: only its chunks are embedded again.
	doc := "Research/Pricing Research.md"
	old, _ := fsys.ReadFile(doc)
	if err := fsys.WriteFile(doc, append(old, "\n## Extra\nMore words.\n"...), pc.HashOf(old)); err != nil {
		t.Fatal(err)
	}
	before := emb.n.Load()
	if _, err := Open(ctx, fsys, WithEmbedder(emb)); err != nil {
		t.Fatal(err)
	}
	if n := emb.n.Load() - before; n == 0 || n > 20 {
		t.Fatalf("restart after one change embedded %d chunks", n)
	}
	if err := fsys.WriteFile(doc, old, pc.HashOf(append(old, "\n## Extra\nMore words.\n"...))); err != nil {
		t.Fatal(err)
	}

	// Corrupt caches are ignored, rebuilt and rewritten.
	for name, bad := range map[string][]byte{
		"flipped byte": flip(cache, len(cache)-10),
		"truncated":    cache[:len(cache)/2],
		"garbage":      []byte("not a cache"),
		"empty":        nil,
		"bad version":  flip(cache, len(cacheMagic)),
	} {
		cur, _ := fsys.ReadFile(CachePath)
		if err := fsys.WriteFile(CachePath, bad, pc.HashOf(cur)); err != nil {
			t.Fatal(err)
		}
		before := emb.n.Load()
		e3, err := Open(ctx, fsys, WithEmbedder(emb))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if emb.n.Load()-before < 50 {
			t.Fatalf("%s: the corrupt cache was used", name)
		}
		if got := snapshotOf(t, e3); got != want {
			t.Fatalf("%s: results differ", name)
		}
		if now, _ := fsys.ReadFile(CachePath); string(now) == string(bad) {
			t.Fatalf("%s: cache not rewritten", name)
		}
	}

	// Another embedder never uses these vectors.
	other := &countingEmbedder{HashEmbedder: *NewHashEmbedder(128)}
	if _, err := Open(ctx, fsys, WithEmbedder(other)); err != nil {
		t.Fatal(err)
	}
	if other.n.Load() == 0 {
		t.Fatal("vectors of another embedder were reused")
	}
}

func flip(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 0x40
	return c
}

// FuzzDecodeCache: whatever the cache file holds, decoding it answers an
// error or documents, and never panics (the file is the user's disk).
func FuzzDecodeCache(f *testing.F) {
	_, fsys := openMem(f, exampleFiles(f))
	if cache, err := fsys.ReadFile(CachePath); err == nil {
		f.Add(cache)
		f.Add(cache[:len(cache)/2])
	}
	f.Add([]byte(cacheMagic))
	f.Add([]byte("not a cache"))
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, _, err := decodeCache(data, NewHashEmbedder(0).ID(), 1<<20, func(part func()) { part() })
		if err != nil && docs != nil {
			t.Fatalf("an error with %d documents", len(docs))
		}
	})
}

// The cache's checksum in parts (a paced engine pauses between them) is
// the checksum of the whole.
func TestChecksumInParts(t *testing.T) {
	payload := make([]byte, 3*cachePart+cachePart/2)
	for i := range payload {
		payload[i] = byte(i * 7)
	}
	parts := 0
	got := checksum(payload, func(part func()) { parts++; part() })
	if want := crc32.Checksum(payload, castagnoli); got != want {
		t.Fatalf("checksum in parts %08x, want %08x", got, want)
	}
	if parts != 4 {
		t.Fatalf("%d parts, want 4", parts)
	}
}

// A paced engine (one that pauses between turns, as in WebAssembly)
// writes and reads the same cache as one that does not.
func TestPacedCacheRoundTrip(t *testing.T) {
	paced := WithPause(func() { time.Sleep(time.Millisecond) })
	e, fsys := openMem(t, exampleFiles(t))
	want := snapshotOf(t, e)
	plain, err := fsys.ReadFile(CachePath)
	require.NoError(t, err)
	require.NoError(t, fsys.Delete(CachePath))
	p, err := Open(context.Background(), fsys, paced)
	require.NoError(t, err)
	got, err := fsys.ReadFile(CachePath)
	require.NoError(t, err)
	require.Equal(t, len(plain), len(got), "a paced engine's cache differs in size")
	reopened, err := Open(context.Background(), fsys, paced)
	require.NoError(t, err)
	require.Equal(t, want, snapshotOf(t, p))
	require.Equal(t, want, snapshotOf(t, reopened))
}
