package docsearch

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"math"
	"slices"
	"sync"
)

// CachedEmbedder keeps the vectors an embeddings endpoint returned on this
// device, so that a later command, server or start sends the endpoint only
// the texts it has not embedded before (a query, a changed section): on a
// vault of 10,000 notes and a local model, re-embedding everything was
// minutes per search, and a metered service billed each time.
//
// Vectors are keyed by a hash of the exact text sent. They are kept in a
// VectorStore the host gives: natively a file in the person's cache
// folder (package vecfile), never the vault: nothing of it
// travels with the vault. There is one per vault, endpoint and model (see
// VectorCacheName), so a cache of another endpoint or model is never
// read. The bytes hold the embedder's id, and a CRC-32C per record: a
// cache of another embedder, or damaged (changed by hand, a record that
// does not check), is dropped and rebuilt, never trusted. Its size is
// bounded (MaxBytes): the vectors used least recently are dropped first.
type CachedEmbedder struct {
	Inner Embedder
	// Store keeps the vectors; nil keeps them for this process only.
	Store VectorStore
	// MaxBytes bounds the store (<= 0: DefaultVectorCacheBytes).
	MaxBytes int64

	mu      sync.Mutex
	loaded  bool
	entries map[[16]byte]*cachedVec
	tick    uint64     // use counter: older entries are dropped first
	pending [][16]byte // added since the last Save
	size    int64      // of the file, as written
	rewrite bool       // the file must be written whole (missing, damaged)
}

type cachedVec struct {
	key  [16]byte
	v    []float32
	used uint64
}

// VectorStore keeps a CachedEmbedder's bytes on the device.
type VectorStore interface {
	// Load returns what was stored, nil when nothing was.
	Load() ([]byte, error)
	// Append adds data at the end of what is stored.
	Append(data []byte) error
	// Replace stores data instead of what was stored, in one step: a
	// crash leaves the old bytes or the new ones.
	Replace(data []byte) error
}

// DefaultVectorCacheBytes is the default bound of a vector cache file:
// about 60,000 vectors of 1,024 dimensions.
const DefaultVectorCacheBytes = 256 << 20

// VectorCacheName names the store of a vault (its absolute path), an
// endpoint and a model: a hash of the three, so that no two share one.
func VectorCacheName(vault, endpoint, model string) string {
	sum := sha256.Sum256([]byte(vault + "\x00" + endpoint + "\x00" + model))
	return hex.EncodeToString(sum[:16]) + ".vec"
}

// ID implements Embedder: the inner embedder's (the vectors are its).
func (c *CachedEmbedder) ID() string { return c.Inner.ID() }

// Embed implements Embedder: the vectors of texts seen before come from
// the cache, the others from Inner, in one call.
func (c *CachedEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	c.mu.Lock()
	c.load()
	out := make([][]float32, len(texts))
	keys := make([][16]byte, len(texts))
	var missing []string
	var at []int
	for i, t := range texts {
		keys[i] = textKey(t)
		if v := c.entries[keys[i]]; v != nil {
			c.tick++
			v.used = c.tick
			out[i] = v.v
			continue
		}
		missing = append(missing, t)
		at = append(at, i)
	}
	c.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	vs, err := c.Inner.Embed(ctx, missing)
	if err != nil {
		return nil, err
	}
	if len(vs) != len(missing) {
		return nil, fmt.Errorf("embedder returned %d vectors for %d texts", len(vs), len(missing))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for j, i := range at {
		out[i] = vs[j]
		c.tick++
		if c.entries[keys[i]] == nil {
			c.pending = append(c.pending, keys[i])
		}
		c.entries[keys[i]] = &cachedVec{key: keys[i], v: vs[j], used: c.tick}
	}
	return out, nil
}

// textKey is the cache key of a text: 128 bits of its SHA-256.
func textKey(t string) [16]byte {
	sum := sha256.Sum256([]byte(t))
	return [16]byte(sum[:16])
}

// vecMagic starts a cache file; the digit is the format's version.
const vecMagic = "PCVEC1\n"

// The file is a header, then records appended as vectors arrive, so that
// saving a query's vector writes that vector, not the whole cache:
//
//	header: vecMagic | id length uint16 | id | CRC-32C of the above, uint32
//	record: key [16]byte | dim uint16 | dim × float32 | CRC-32C of the above
//
// A record cut short at the end is what a crash during an append leaves:
// it is ignored. Any other damage (a header of another embedder, a record
// whose checksum fails, a value that is not finite) drops the whole file.

// load reads the file once; a missing, foreign or damaged one starts an
// empty cache, rewritten whole at the next Save.
func (c *CachedEmbedder) load() {
	if c.loaded {
		return
	}
	c.loaded, c.entries, c.rewrite = true, map[[16]byte]*cachedVec{}, true
	if c.Store == nil {
		return
	}
	data, err := c.Store.Load()
	if err != nil || data == nil {
		return
	}
	entries, size, ok := decodeVectors(data, c.Inner.ID())
	if !ok {
		return
	}
	for _, e := range entries {
		c.tick++
		c.entries[e.key] = &cachedVec{key: e.key, v: e.v, used: c.tick}
	}
	c.rewrite, c.size = size != len(data), int64(size)
}

// Save stores the vectors added since the last Save: appended, or, when
// the store is empty, damaged or over MaxBytes, stored anew with the most
// recently used vectors within three quarters of MaxBytes (the oldest
// are dropped first).
func (c *CachedEmbedder) Save() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.Store == nil || !c.loaded || len(c.pending) == 0 && !c.rewrite {
		return nil
	}
	limit := c.MaxBytes
	if limit <= 0 {
		limit = DefaultVectorCacheBytes
	}
	var added []byte
	for _, k := range c.pending {
		if v := c.entries[k]; v != nil {
			added = appendRecord(added, k, v.v)
		}
	}
	if !c.rewrite && c.size+int64(len(added)) <= limit {
		if err := c.Store.Append(added); err == nil {
			c.size += int64(len(added))
			c.pending = c.pending[:0]
			return nil
		}
	}
	data := encodeVectors(c.entries, c.Inner.ID(), limit*3/4)
	if err := c.Store.Replace(data); err != nil {
		return err
	}
	c.rewrite, c.size, c.pending = false, int64(len(data)), c.pending[:0]
	return nil
}

// encodeVectors writes a whole cache file of the embedder id holding the
// most recently used entries that fit in limit bytes.
func encodeVectors(entries map[[16]byte]*cachedVec, id string, limit int64) []byte {
	list := make([]*cachedVec, 0, len(entries))
	for _, v := range entries {
		list = append(list, v)
	}
	// Most recently used first; by pointer, whose sort code the build
	// shares (a sort of structs costs the WebAssembly its own copy).
	slices.SortFunc(list, func(a, b *cachedVec) int { return cmp.Compare(b.used, a.used) })
	n := len(appendHeader(nil, id))
	kept := list
	for i, x := range list {
		if n += 16 + 2 + 4*len(x.v) + 4; int64(n) > limit {
			kept = list[:i]
			break
		}
	}
	// Oldest first in the store, as appends leave it: load gives later
	// records the later uses.
	out := appendHeader(nil, id)
	for i := len(kept) - 1; i >= 0; i-- {
		out = appendRecord(out, kept[i].key, kept[i].v)
	}
	return out
}

func appendHeader(b []byte, id string) []byte {
	start := len(b)
	b = append(b, vecMagic...)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(id)))
	b = append(b, id...)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b[start:], castagnoli))
}

func appendRecord(b []byte, k [16]byte, v []float32) []byte {
	start := len(b)
	b = append(b, k[:]...)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(v)))
	for _, f := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(f))
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b[start:], castagnoli))
}

// keyedVec is one record of a cache file.
type keyedVec struct {
	key [16]byte
	v   []float32
}

// decodeVectors reads a cache file of the embedder id, in file order, and
// how many of its bytes hold whole records (a record cut short at the end
// is left out); ok is false for a file of another embedder or format, or
// with any other damage.
func decodeVectors(data []byte, id string) (out []keyedVec, size int, ok bool) {
	head := appendHeader(nil, id)
	if !bytes.HasPrefix(data, head) {
		return nil, 0, false
	}
	r, size := data[len(head):], len(head)
	for len(r) >= 18 {
		dim := int(binary.LittleEndian.Uint16(r[16:]))
		n := 18 + 4*dim + 4
		if dim == 0 {
			return nil, 0, false
		}
		if len(r) < n {
			break // cut short by a crash: the rest is ignored
		}
		if crc32.Checksum(r[:n-4], castagnoli) != binary.LittleEndian.Uint32(r[n-4:]) {
			return nil, 0, false
		}
		v := make([]float32, dim)
		for j := range v {
			f := math.Float32frombits(binary.LittleEndian.Uint32(r[18+4*j:]))
			if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
				return nil, 0, false
			}
			v[j] = f
		}
		out = append(out, keyedVec{[16]byte(r[:16]), v})
		r, size = r[n:], size+n
	}
	return out, size, true
}
