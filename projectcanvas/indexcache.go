package projectcanvas

import (
	"bytes"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/projectcanvas/projectcanvas/internal/cachefile"
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

// The file's format is internal/cachefile's; what an entry's payload
// holds is this file's: a kind byte (0 a note, 1 an entity), then for an
// entity where its body starts and its fields (entityWriter).

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
	enc := cachefile.NewEncoder(key, len(names), 64+200*len(names))
	var payload cachefile.Writer
	for _, name := range names {
		r := x.records[name]
		payload.B = payload.B[:0]
		if r.e == nil {
			payload.Byte(0)
		} else {
			payload.Byte(1)
			payload.Uint(uint64(r.body))
			writeEntity(&payload, r.e)
		}
		enc.Add(name, r.data, payload.B)
	}
	return enc.Bytes()
}

// indexCache is a cache being read by one Open: its entries by file name,
// each decoded only when its file matches.
type indexCache struct {
	entries  map[string]cachefile.Entry
	restored atomic.Int64 // files taken from it
	decoded  atomic.Int64 // files decoded instead
}

// openIndexCache checks data and indexes its entries; a cache that is
// not whole, of another format or key, gives the reason it is ignored.
func openIndexCache(data []byte, key string) (*indexCache, string) {
	entries, why := cachefile.Open(data, key)
	if entries == nil {
		return nil, why
	}
	return &indexCache{entries: entries}, ""
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
	if !ok || !e.Matches(data) {
		return decoded{}, false
	}
	r := cachefile.Reader{S: e.Payload}
	switch r.Byte() {
	case 0:
		return decoded{data: data}, r.Done()
	case 1:
	default:
		return decoded{}, false
	}
	body := r.Uint()
	ent := readEntity(&r, name)
	if !r.Done() || body > uint64(len(data)) || !decodable(ent, name, data, body) {
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

// writeEntity appends an entity's fields in the order of Entity.
func writeEntity(w *cachefile.Writer, e *Entity) {
	for _, s := range []string{string(e.ID), string(e.Type), e.Title, string(e.Status), e.Workstream,
		string(e.Priority), string(e.Parent), e.CreatedAt, e.UpdatedAt} {
		w.Str(s)
	}
	w.Byte(0)
	if e.Archived {
		w.B[len(w.B)-1] = 1
	}
	for _, ids := range e.Links {
		w.Uint(uint64(len(ids)))
		for _, id := range ids {
			w.Str(string(id))
		}
	}
	w.Map(e.Fields)
}

// readEntity reads the entity of the file name that writeEntity wrote. Its
// id and type are checked as a file's are, so that a cache cannot put what
// no file could; nil when r went Bad.
func readEntity(r *cachefile.Reader, name string) *Entity {
	e := &Entity{Path: name}
	var id, typ string
	for _, s := range []*string{&id, &typ, &e.Title, (*string)(&e.Status), &e.Workstream,
		(*string)(&e.Priority), (*string)(&e.Parent), &e.CreatedAt, &e.UpdatedAt} {
		*s = r.Str()
	}
	switch r.Byte() {
	case 0:
	case 1:
		e.Archived = true
	default:
		r.Bad = true
	}
	for i := range e.Links {
		if n := r.Count(); n > 0 {
			e.Links[i] = make([]ID, n)
			for j := range e.Links[i] {
				e.Links[i][j] = ID(r.Str())
			}
		}
	}
	if fields := r.Map(MaxValueDepth); len(fields) > 0 {
		e.Fields = fields
	}
	if r.Bad {
		return nil
	}
	pid, ptype, _, ok := parseID(id)
	t, terr := ParseType(typ)
	if !ok || terr != nil || ptype != t || string(pid) != id {
		r.Bad = true
		return nil
	}
	e.ID, e.Type = pid, t
	return e
}
