package docsearch

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"math"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// The index cache is one file:
//
//	magic "PCDSIDX\n" | version uint32 | payload length uint64 |
//	CRC-32C of the payload | payload
//
// The payload (little-endian, strings as uint32 length + bytes) holds the
// embedder ID, the vector dimension, the chunk size and, for each file,
// its path, content hash, chunks and their vectors (a float32 scale and one
// byte per component, see qvec); then the number of
// shards and each shard's BM25 index (fulltext's MarshalBinary), so a
// restart re-tokenizes only changed files. A cache of another
// version, embedder or chunk size, or whose checksum (CRC-32C, hardware-fast) does not match, is
// ignored and rewritten: it only ever saves work, never changes results.
const (
	cacheMagic   = "PCDSIDX\n"
	cacheVersion = 4 // 4: vectors as bytes and a scale (qvec)
)

// loadCache reads the cache; any problem yields an empty one.
func (e *Engine) loadCache() cacheData {
	var data []byte
	switch {
	case e.store != nil:
		data = e.store.Load()
	case e.cachePath != "":
		var err error
		if data, err = e.fsys.ReadFile(e.cachePath); err != nil {
			return cacheData{}
		}
	}
	if len(data) == 0 {
		return cacheData{}
	}
	docs, bm25, err := decodeCache(data, e.emb.ID(), e.maxChunk, e.turn)
	if err != nil {
		return cacheData{}
	}
	if len(bm25) != e.nshards {
		bm25 = nil
	}
	return cacheData{ok: true, docs: docs, bm25: bm25}
}

// Save writes the index cache if the index changed since it was last
// written. Open saves after building; hosts call Save when they stop (and
// may call it after bursts of updates).
func (e *Engine) Save() error {
	if e.cachePath == "" && e.store == nil || !e.isReady() {
		return nil // nothing worth keeping before the first build
	}
	e.mu.RLock()
	if !e.dirty {
		e.mu.RUnlock()
		return nil
	}
	data := e.encodeCache()
	e.mu.RUnlock()
	if e.store != nil {
		e.store.Save(data)
		e.mu.Lock()
		e.dirty = false
		e.mu.Unlock()
		return nil
	}
	var want pc.Hash
	old, err := e.fsys.ReadFile(e.cachePath)
	switch {
	case err == nil:
		want = pc.HashOf(old)
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	writer, ok := e.fsys.(pc.FS)
	if !ok {
		return nil // files lent for reading (Project.Files): no cache
	}
	if err := writer.WriteFile(e.cachePath, data, want); err != nil {
		return err
	}
	e.mu.Lock()
	e.dirty = false
	e.mu.Unlock()
	return nil
}

// encodeCache serializes the index, in turns (a paced engine lets calls in
// between: the cache of 20,000 files took a third of a second in
// WebAssembly). The caller holds e.mu for reading.
func (e *Engine) encodeCache() []byte {
	// The header goes in front of the payload, in place: a copy would
	// hold the whole cache twice (140 MB for 20,000 files).
	w := cacheWriter{buf: make([]byte, cacheHead, 1<<20)}
	w.str(e.emb.ID())
	w.u32(uint32(e.dim))
	w.u32(uint32(e.maxChunk))
	w.u32(uint32(len(e.docs)))
	docs := make([]string, 0, len(e.docs))
	for doc := range e.docs {
		docs = append(docs, doc)
	}
	for from := 0; from < len(docs); from += cacheDocsPart {
		e.turn(func() {
			for _, doc := range docs[from:min(from+cacheDocsPart, len(docs))] {
				e.encodeDoc(&w, doc)
			}
		})
	}
	w.u32(uint32(len(e.shards)))
	for _, sh := range e.shards {
		blob := sh.bm25.MarshalBinaryIn(e.turn)
		w.u32(uint32(len(blob)))
		w.buf = append(w.buf, blob...)
	}
	payload := w.buf[cacheHead:]
	head := append(w.buf[:0], cacheMagic...)
	head = binary.LittleEndian.AppendUint32(head, cacheVersion)
	head = binary.LittleEndian.AppendUint64(head, uint64(len(payload)))
	binary.LittleEndian.AppendUint32(head, checksum(payload, e.turn))
	return w.buf
}

// encodeDoc appends one file's entry of the cache: its path, hash, chunks
// and their vectors. The caller holds e.mu for reading.
func (e *Engine) encodeDoc(w *cacheWriter, doc string) {
	st := e.docs[doc]
	sh := e.shards[st.shard]
	w.str(doc)
	w.str(string(st.hash))
	w.u32(uint32(len(st.slots)))
	for _, slot := range st.slots {
		c := sh.chunks[slot].Chunk
		w.str(c.HeadingPath)
		for _, n := range []int{c.Section, c.Start, c.End, c.StartChar, c.EndChar} {
			w.u32(uint32(n))
		}
		if e.dim > 0 {
			v, _ := sh.qvec(slot, e.dim)
			w.u32(math.Float32bits(v.scale))
			for _, x := range v.q {
				w.buf = append(w.buf, byte(x))
			}
		}
	}
}

var errCorrupt = errors.New("corrupt index cache")

// cacheHead is the size of the header: magic, version, length, checksum.
const cacheHead = len(cacheMagic) + 4 + 8 + 4

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// cachePart is how many bytes of the cache one turn checksums, and
// cacheDocsPart how many of its files one turn decodes (see decodeCache):
// a few milliseconds' work each in WebAssembly, which has no CRC
// instruction.
const (
	cachePart     = 1 << 20
	cacheDocsPart = 256
)

// decodeCache parses a cache written for embedder emb and chunk size
// maxChunk, in parts each run by step (Engine.turn: a paced build lets
// calls in between; the cache of 20,000 files took a third of a second).
func decodeCache(data []byte, emb string, maxChunk int, step func(part func())) (map[string]*cachedDoc, [][]byte, error) {
	head := cacheHead
	if len(data) < head || string(data[:len(cacheMagic)]) != cacheMagic {
		return nil, nil, errCorrupt
	}
	if binary.LittleEndian.Uint32(data[len(cacheMagic):]) != cacheVersion {
		return nil, nil, fmt.Errorf("index cache of another version")
	}
	n := binary.LittleEndian.Uint64(data[len(cacheMagic)+4:])
	payload := data[head:]
	if uint64(len(payload)) != n || checksum(payload, step) != binary.LittleEndian.Uint32(data[head-4:]) {
		return nil, nil, errCorrupt
	}
	r := cacheReader{buf: payload}
	if r.str() != emb {
		return nil, nil, fmt.Errorf("index cache of another embedder")
	}
	dim := int(r.u32())
	if int(r.u32()) != maxChunk {
		return nil, nil, fmt.Errorf("index cache of another chunk size")
	}
	ndocs := int(r.u32())
	docs := make(map[string]*cachedDoc, min(ndocs, 1<<16))
	for from := 0; from < ndocs && r.err == nil; from += cacheDocsPart {
		step(func() { decodeDocs(&r, min(cacheDocsPart, ndocs-from), dim, docs) })
	}
	if r.err != nil {
		return nil, nil, r.err
	}
	nshards := int(r.u32())
	if nshards > len(r.buf) {
		return nil, nil, errCorrupt
	}
	bm25 := make([][]byte, nshards)
	for i := range bm25 {
		n := r.u32()
		if uint64(n) > uint64(len(r.buf)) {
			return nil, nil, errCorrupt
		}
		bm25[i], r.buf = r.buf[:n:n], r.buf[n:]
	}
	if r.err != nil || len(r.buf) != 0 {
		return nil, nil, errCorrupt
	}
	return docs, bm25, nil
}

// checksum is the cache's CRC-32C of payload, computed cachePart bytes
// per step.
func checksum(payload []byte, step func(part func())) uint32 {
	var sum uint32
	for len(payload) > 0 {
		part := payload[:min(cachePart, len(payload))]
		step(func() { sum = crc32.Update(sum, castagnoli, part) })
		payload = payload[len(part):]
	}
	return sum
}

// decodeDocs decodes the next n files of the cache into docs; a short or
// malformed cache sets r.err.
func decodeDocs(r *cacheReader, n, dim int, docs map[string]*cachedDoc) {
	for range n {
		doc := r.str()
		cd := &cachedDoc{hash: pc.Hash(r.str())}
		nchunks := int(r.u32())
		// A chunk takes at least its heading's length, five numbers and
		// its vector: a count that the bytes left cannot hold is a lie,
		// refused before anything is allocated for it.
		least := 24
		if dim > 0 {
			least += 4 + dim
		}
		if nchunks > len(r.buf)/least {
			r.err, r.buf = errCorrupt, nil
			return
		}
		cd.chunks = make([]Chunk, 0, nchunks)
		var slab []int8 // the file's vectors in one allocation, not one each
		if dim > 0 {
			cd.vecs = make([]qvec, 0, nchunks)
			slab = make([]int8, 0, nchunks*dim)
		}
		for range nchunks {
			if r.err != nil {
				return
			}
			c := Chunk{Doc: doc, HeadingPath: r.str()}
			c.Section, c.Start, c.End, c.StartChar, c.EndChar = int(r.u32()), int(r.u32()), int(r.u32()), int(r.u32()), int(r.u32())
			cd.chunks = append(cd.chunks, c)
			if dim > 0 {
				v := qvec{scale: math.Float32frombits(r.u32())}
				at := len(slab)
				if slab = r.appendInt8s(slab, dim); r.err != nil {
					return
				}
				v.q = slab[at:len(slab):len(slab)]
				cd.vecs = append(cd.vecs, v)
			}
		}
		if r.err != nil {
			return
		}
		docs[doc] = cd
	}
}

type cacheWriter struct{ buf []byte }

func (w *cacheWriter) u32(n uint32) { w.buf = binary.LittleEndian.AppendUint32(w.buf, n) }
func (w *cacheWriter) str(s string) {
	w.u32(uint32(len(s)))
	w.buf = append(w.buf, s...)
}

type cacheReader struct {
	buf []byte
	err error
}

func (r *cacheReader) u32() uint32 {
	if len(r.buf) < 4 {
		r.err = errCorrupt
		r.buf = nil
		return 0
	}
	n := binary.LittleEndian.Uint32(r.buf)
	r.buf = r.buf[4:]
	return n
}

// appendInt8s appends the next n bytes to dst as int8s; when too few are
// left it sets r.err and returns dst as it was.
func (r *cacheReader) appendInt8s(dst []int8, n int) []int8 {
	if n > len(r.buf) {
		r.err = errCorrupt
		r.buf = nil
		return dst
	}
	at := len(dst)
	dst = slices.Grow(dst, n)[:at+n]
	// An indexed loop over equal lengths, not an append per byte: in
	// WebAssembly those appends were half a later start's decoding.
	out, in := dst[at:at+n], r.buf[:n]
	for i := range out {
		out[i] = int8(in[i])
	}
	r.buf = r.buf[n:]
	return dst
}

func (r *cacheReader) str() string {
	n := r.u32()
	if uint64(n) > uint64(len(r.buf)) {
		r.err = errCorrupt
		r.buf = nil
		return ""
	}
	s := string(r.buf[:n])
	r.buf = r.buf[n:]
	return s
}

// reloadBM25 loads shard i's BM25 index from the cache into sh, when the
// cache has one, and reports whether it did (see indexBM25). It decodes
// in turns (a shard's index of 10,000 files took tens of milliseconds in
// WebAssembly).
func (e *Engine) reloadBM25(sh *shard, i int, cache cacheData) bool {
	return i < len(cache.bm25) && sh.bm25.UnmarshalBinaryIn(cache.bm25[i], e.turn) == nil
}
