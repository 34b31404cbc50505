package projectcanvas

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"hash/crc64"
	"math"
	"slices"
	"strings"
	"sync/atomic"
)

// The index cache: what decoding each file gave, kept by a host between
// starts, so that the next Open decodes only the files that changed. The
// editor plugin keeps one: in WebAssembly, decoding 10,000 entity files is
// most of a start-up.
//
// An entry names a file, its size and a CRC-64 of its bytes, and holds
// what decoding those bytes gave: an entity (its fields, relations and
// other keys, and where its body starts) or nothing (a note). A file is
// taken from the cache only when its bytes have that size and CRC; any
// other file is decoded as usual. Only decodes without problems are kept,
// and only of bytes the FS shares (SharedReader: memfs), which is where the
// cache pays; entities a transaction put are not kept (their file is
// decoded at the next start). The whole cache is ignored when its format,
// its key (the host's name for the decoder's version: the plugin uses the
// core's SHA-256) or its CRC-32C is not right, so a cache from another
// build or cut short is never trusted.

// indexCacheMagic starts a cache; the digit is the format's version.
const indexCacheMagic = "PCIX1\n"

var (
	crc64Table = crc64.MakeTable(crc64.ECMA)
	castagnoli = crc32.MakeTable(crc32.Castagnoli)
)

// IndexCacheStats says how the first index of a Project used its cache.
type IndexCacheStats struct {
	// Restored files were taken from the cache; Decoded ones were read anew.
	Restored int `json:"restored"`
	Decoded  int `json:"decoded"`
	// Ignored says why a cache given was not used at all ("" when it was, or none was given).
	Ignored string `json:"ignored,omitempty"`
	// Stale says that IndexCache would now make another cache than the
	// one given (files changed, came or went): worth saving again.
	Stale bool `json:"stale"`
}

// WithIndexCache gives Open a cache made by IndexCache under the same key,
// and makes the project keep what IndexCache needs. data may be nil (no
// cache yet). See IndexCache.
func WithIndexCache(data []byte, key string) Option {
	return func(p *Project) {
		p.keepCache, p.cacheKey, p.cacheIn = true, key, data
	}
}

// IndexCache encodes what decoding each file of the index gave, for
// WithIndexCache at the next start; nil when the project was opened
// without WithIndexCache. Like Get, it sees the index as it is now.
func (p *Project) IndexCache() []byte {
	if !p.keepCache {
		return nil
	}
	p.mu.RLock()
	defer p.mu.RUnlock()
	return encodeIndexCache(p.idx, p.cacheKey)
}

// IndexCacheStats says how Open used the cache WithIndexCache gave.
func (p *Project) IndexCacheStats() IndexCacheStats { return p.cacheStats }

// openIndexCache reads the cache given to Open, once: nil when the
// project keeps none, empty when none was given or it is not usable.
func (p *Project) openIndexCache() *indexCache {
	if !p.keepCache {
		return nil
	}
	data := p.cacheIn
	p.cacheIn = nil
	if len(data) > 0 {
		c, why := openIndexCache(data, p.cacheKey)
		if c != nil {
			return c
		}
		p.cacheStats.Ignored = why
	}
	return &indexCache{}
}

// countIndexCache records how the first index used c. Every entry taken
// and every decode kept taken from it: the cache made now is the same.
func (p *Project) countIndexCache(c *indexCache) {
	if c == nil {
		return
	}
	s := &p.cacheStats
	s.Restored, s.Decoded = int(c.restored.Load()), int(c.decoded.Load())
	p.mu.RLock()
	defer p.mu.RUnlock()
	s.Stale = s.Restored != len(c.entries) || s.Restored != len(p.idx.records)
}

// decodedRecord is one file's decode as the cache keeps it.
type decodedRecord struct {
	e    *Entity // nil: a note, which decoded to nothing
	data []byte  // the bytes decoded, shared by the FS
	body int     // where the body starts in data
}

// record keeps d for the cache when it is worth keeping: a decode without
// problems of bytes the FS shares, whose entity (if any) is the one put.
func (x *index) record(name string, d decoded) {
	if x.records == nil {
		return
	}
	delete(x.records, name)
	if d.data == nil || len(d.problems) > 0 || d.claim != "" || (d.e != nil && x.byID[d.e.ID] != d.e) {
		return
	}
	body := len(d.data) - len(d.body)
	if d.e != nil && (body < 0 || string(d.data[body:]) != string(d.body)) {
		return // a body that is not the end of the file: decode it next time
	}
	x.records[name] = decodedRecord{e: d.e, data: d.data, body: body}
}

func encodeIndexCache(x *index, key string) []byte {
	names := make([]string, 0, len(x.records))
	for name, r := range x.records {
		// An entity replaced since (a transaction's put) or moved is not its record's any more.
		if r.e == nil || (x.byPath[name] == r.e.ID && x.byID[r.e.ID] == r.e) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	w := cacheWriter{b: make([]byte, 0, 64+200*len(names))}
	w.b = append(w.b, indexCacheMagic...)
	w.str(key)
	w.uint(uint64(len(names)))
	var entry cacheWriter
	for _, name := range names {
		r := x.records[name]
		w.str(name)
		w.uint(uint64(len(r.data)))
		w.b = binary.LittleEndian.AppendUint64(w.b, crc64.Checksum(r.data, crc64Table))
		// The decode, with its length first: Open skips it until its file matches.
		entry.b = entry.b[:0]
		if r.e == nil {
			entry.b = append(entry.b, 0)
		} else {
			entry.b = append(entry.b, 1)
			entry.uint(uint64(r.body))
			entry.entity(r.e)
		}
		w.str(string(entry.b))
	}
	return binary.LittleEndian.AppendUint32(w.b, crc32.Checksum(w.b, castagnoli))
}

// indexCache is a cache being read by one Open: its entries by file name,
// each decoded only when its file matches.
type indexCache struct {
	entries  map[string]cacheEntry
	restored atomic.Int64 // files taken from it
	decoded  atomic.Int64 // files decoded instead
}

type cacheEntry struct {
	size int
	sum  uint64
	// decode is what decoding the file gave (a kind byte, then for an
	// entity where its body starts and its fields): a part of the one
	// string that every string read from the cache shares.
	decode string
}

// openIndexCache checks data and indexes its entries; a cache that is
// not whole, of another format or key, gives the reason it is ignored.
func openIndexCache(data []byte, key string) (*indexCache, string) {
	if len(data) < len(indexCacheMagic)+4 || string(data[:len(indexCacheMagic)]) != indexCacheMagic {
		return nil, "not an index cache of this version"
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, "its checksum does not match"
	}
	src := string(body) // one copy; every string read from it shares it
	r := cacheReader{s: src, at: len(indexCacheMagic)}
	if r.str() != key || r.bad {
		return nil, "made by another version of the core"
	}
	n := r.uint()
	if n > uint64(len(src)) {
		return nil, "malformed"
	}
	c := &indexCache{entries: make(map[string]cacheEntry, n)}
	for range n {
		name := r.str()
		e := cacheEntry{size: int(min(r.uint(), math.MaxInt32)), sum: r.u64()}
		e.decode = r.str()
		if r.bad {
			return nil, "malformed"
		}
		c.entries[name] = e
	}
	if r.at != len(src) {
		return nil, "malformed"
	}
	return c, ""
}

// restore returns the decode the cache holds for name when data, shared by
// the FS, is what it was made from, and counts the file as restored or
// decoded. Only shared bytes are ever recorded (decodedRecord), so other
// bytes are not looked up.
func (c *indexCache) restore(name string, data []byte, shared bool) (decoded, bool) {
	if shared {
		if d, ok := c.take(name, data); ok {
			if d.e != nil {
				d.e.readAs(data, true)
			}
			c.restored.Add(1)
			return d, true
		}
	}
	c.decoded.Add(1)
	return decoded{}, false
}

// take returns the decode of data that the cache holds for name, if data
// is what it was made from.
func (c *indexCache) take(name string, data []byte) (decoded, bool) {
	e, ok := c.entries[name]
	if !ok || e.size != len(data) || crc64.Checksum(data, crc64Table) != e.sum {
		return decoded{}, false
	}
	r := cacheReader{s: e.decode}
	switch r.kind() {
	case 0:
		return decoded{data: data}, len(e.decode) == 1
	case 1:
	default:
		return decoded{}, false
	}
	body := r.uint()
	ent := r.entity(name)
	if r.bad || r.at != len(r.s) || body > uint64(len(data)) || !decodable(ent, name, data, body) {
		return decoded{}, false
	}
	return decoded{e: ent, body: data[body:], data: data}, true
}

// decodable reports whether a restored entity could be what decoding its
// file gave: a cache travels with the vault (the plugin's folder syncs), so
// it is checked as the decoder checks a file. The cache keeps only decodes
// without problems, so every value is in its canonical form (a status of
// its type's lifecycle, a priority, a normalized workstream, ids), and
// every value read from the front matter is in the file's bytes: a forged
// title or relation is not restored, and the file is decoded instead.
func decodable(e *Entity, name string, data []byte, body uint64) bool {
	// Values of the front matter are looked for there (a few hundred
	// bytes, not the whole note: 20,000 restores a start); a title may
	// also come from the body's heading or the file's name.
	front := data[:body]
	inFile := func(s string) bool { return s == "" || bytes.Contains(front, []byte(s)) }
	if st, err := ParseStatus(e.Type, string(e.Status)); err != nil || st != e.Status {
		return false
	}
	if e.Priority != "" && !isCanonicalPriority(e.Priority) {
		return false
	}
	if !isNormalWorkstream(e.Workstream) || !inFile(string(e.ID)) || !inFile(e.CreatedAt) || !inFile(e.UpdatedAt) {
		return false
	}
	if strings.ContainsFunc(e.Title, func(r rune) bool { return r < 0x20 || r == 0x7F || IsBidiControl(r) }) ||
		!inFile(e.Title) && !bytes.Contains(data, []byte(e.Title)) && !strings.Contains(name, e.Title) {
		return false
	}
	linked := func(id ID) bool {
		canon, _, _, ok := parseID(string(id))
		return id == "" || ok && canon == id && inFile(string(id))
	}
	if !linked(e.Parent) {
		return false
	}
	for _, ids := range e.Links {
		for _, id := range ids {
			if !linked(id) {
				return false
			}
		}
	}
	return true
}

// cacheWriter appends the cache's values: unsigned varints, strings as a
// length and their bytes, entity fields in the order of Entity.
type cacheWriter struct{ b []byte }

func (w *cacheWriter) uint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }

func (w *cacheWriter) str(s string) {
	w.uint(uint64(len(s)))
	w.b = append(w.b, s...)
}

func (w *cacheWriter) entity(e *Entity) {
	for _, s := range []string{string(e.ID), string(e.Type), e.Title, string(e.Status), e.Workstream,
		string(e.Priority), string(e.Parent), e.CreatedAt, e.UpdatedAt} {
		w.str(s)
	}
	w.b = append(w.b, boolByte(e.Archived))
	for _, ids := range e.Links {
		w.uint(uint64(len(ids)))
		for _, id := range ids {
			w.str(string(id))
		}
	}
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	w.uint(uint64(len(keys)))
	for _, k := range keys {
		w.str(k)
		w.value(e.Fields[k])
	}
}

// Value tags: the types valueReader makes.
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

func (w *cacheWriter) value(v any) {
	switch v := v.(type) {
	case nil:
		w.b = append(w.b, tagNull)
	case bool:
		w.b = append(w.b, tagFalse+boolByte(v))
	case int64:
		w.b = append(w.b, tagInt)
		w.b = binary.AppendVarint(w.b, v)
	case float64:
		w.b = append(w.b, tagFloat)
		w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(v))
	case string:
		w.b = append(w.b, tagString)
		w.str(v)
	case []any:
		w.b = append(w.b, tagList)
		w.uint(uint64(len(v)))
		for _, x := range v {
			w.value(x)
		}
	case map[string]any:
		w.b = append(w.b, tagMap)
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		w.uint(uint64(len(keys)))
		for _, k := range keys {
			w.str(k)
			w.value(v[k])
		}
	default:
		// valueReader makes no other type. A caller's own is written as a
		// tag no reader accepts: the entry is refused when read, and its
		// file decoded again.
		w.b = append(w.b, 0xff)
	}
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// cacheReader reads what cacheWriter wrote; past the end or on a value
// out of range it sets bad and returns zero values from then on.
type cacheReader struct {
	s   string
	at  int
	bad bool
}

func (r *cacheReader) uint() uint64 {
	if r.bad {
		return 0
	}
	v, n := uvarintString(r.s[r.at:])
	if n <= 0 {
		r.bad = true
		return 0
	}
	r.at += n
	return v
}

func (r *cacheReader) u64() uint64 {
	if r.bad || len(r.s)-r.at < 8 {
		r.bad = true
		return 0
	}
	var v uint64
	for i := 7; i >= 0; i-- {
		v = v<<8 | uint64(r.s[r.at+i])
	}
	r.at += 8
	return v
}

func (r *cacheReader) kind() byte {
	if r.bad || r.at >= len(r.s) {
		r.bad = true
		return 0
	}
	r.at++
	return r.s[r.at-1]
}

func (r *cacheReader) str() string {
	n := r.uint()
	if r.bad || n > uint64(len(r.s)-r.at) {
		r.bad = true
		return ""
	}
	s := r.s[r.at : r.at+int(n)]
	r.at += int(n)
	return s
}

// entity reads the entity of the file name. Its id and type are checked
// as a file's are, so that a cache cannot put what no file could.
func (r *cacheReader) entity(name string) *Entity {
	e := &Entity{Path: name}
	var id, typ string
	for _, s := range []*string{&id, &typ, &e.Title, (*string)(&e.Status), &e.Workstream,
		(*string)(&e.Priority), (*string)(&e.Parent), &e.CreatedAt, &e.UpdatedAt} {
		*s = r.str()
	}
	switch r.kind() {
	case 0:
	case 1:
		e.Archived = true
	default:
		r.bad = true
	}
	for i := range e.Links {
		n := r.uint()
		if n > uint64(len(r.s)-r.at) {
			r.bad = true
			return nil
		}
		if n > 0 {
			e.Links[i] = make([]ID, n)
			for j := range e.Links[i] {
				e.Links[i][j] = ID(r.str())
			}
		}
	}
	if n := r.uint(); n > 0 && n <= uint64(len(r.s)-r.at) {
		e.Fields = make(map[string]any, n)
		for range n {
			k := r.str()
			e.Fields[k] = r.value(0)
		}
	} else if n > 0 {
		r.bad = true
	}
	if r.bad {
		return nil
	}
	pid, ptype, _, ok := parseID(id)
	t, terr := ParseType(typ)
	if !ok || terr != nil || ptype != t || string(pid) != id {
		r.bad = true
		return nil
	}
	e.ID, e.Type = pid, t
	return e
}

func (r *cacheReader) value(depth int) any {
	if depth > MaxValueDepth {
		r.bad = true
		return nil
	}
	switch r.kind() {
	case tagNull:
		return nil
	case tagFalse:
		return false
	case tagTrue:
		return true
	case tagInt:
		if r.bad {
			return nil
		}
		v, n := varintString(r.s[r.at:])
		if n <= 0 {
			r.bad = true
			return nil
		}
		r.at += n
		return v
	case tagFloat:
		return math.Float64frombits(r.u64())
	case tagString:
		return r.str()
	case tagList:
		n := r.uint()
		if n > uint64(len(r.s)-r.at) {
			r.bad = true
			return nil
		}
		out := make([]any, n)
		for i := range out {
			out[i] = r.value(depth + 1)
		}
		return out
	case tagMap:
		n := r.uint()
		if n > uint64(len(r.s)-r.at) {
			r.bad = true
			return nil
		}
		out := make(map[string]any, n)
		for range n {
			k := r.str()
			out[k] = r.value(depth + 1)
		}
		return out
	}
	r.bad = true
	return nil
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
