package fulltext

import (
	"encoding/binary"
	"math"
	"strings"
	"sync"
)

// Default BM25 parameters (see [WithK1] and [WithB]).
const (
	DefaultK1 = 1.2
	DefaultB  = 0.75
)

// Field weights used by [Title] and [Body].
const (
	TitleWeight = 3.0
	BodyWeight  = 1.0
)

// Weights are clamped to [MinWeight, MaxWeight]; a weight that is zero,
// negative or NaN counts as 1.
const (
	MinWeight = 1e-3
	MaxWeight = 1e3
)

// defaultCompactMin is the least number of dead postings and documents
// before Add or Remove compacts the index (compaction also waits until the
// dead outnumber the live).
const defaultCompactMin = 4096

// Field is one weighted part of a document, such as its title or its body.
// Each occurrence of a term in the field counts Weight times, both in the
// term's frequency and in the document's length.
type Field struct {
	Text   string
	Weight float64
}

// Title returns a field of weight [TitleWeight].
func Title(text string) Field { return Field{Text: text, Weight: TitleWeight} }

// Body returns a field of weight [BodyWeight].
func Body(text string) Field { return Field{Text: text, Weight: BodyWeight} }

// Hit is one search result. Score is the document's BM25 score for the
// query; it is only comparable with scores from the same search.
type Hit struct {
	ID    string
	Score float64
	// Coverage is the share of the query that the document holds: the
	// idf of the query's terms it contains over the idf of all the
	// query's terms the index knows, from 0 to 1.
	Coverage float64
}

// Option configures an [Index].
type Option func(*Index)

// WithK1 sets BM25's k1, the term-frequency saturation: 0 ignores repeats
// (a term counts the same once or many times), larger values let repeats
// count longer. The default is [DefaultK1]; values above 1000 are clamped.
// Negative and NaN values are ignored.
func WithK1(k1 float64) Option {
	return func(x *Index) {
		if k1 >= 0 {
			x.k1 = min(k1, 1000)
		}
	}
}

// WithB sets BM25's b, the length normalisation: 0 ignores document length,
// 1 fully scales term frequency by the document's length relative to the
// average. The default is [DefaultB]. Values are clamped to [0, 1]; NaN is
// ignored.
func WithB(b float64) Option {
	return func(x *Index) {
		if !math.IsNaN(b) {
			x.b = min(max(b, 0), 1)
		}
	}
}

// Index is an in-memory BM25 full-text index over documents named by
// string ids. It is safe for concurrent use: searches run in parallel,
// Add and Remove one at a time. The zero value is not ready; use [New].
type Index struct {
	mu     sync.RWMutex
	k1, b  float64
	cjk    bool // split CJK runs into bigrams (WithCJKBigrams)
	minDel int  // least dead postings+documents before compaction

	// Documents, by internal number. Numbers are handed out in order and
	// renumbered by compaction. A removed document keeps its number, with
	// a negative length, until the next compaction.
	ids    []string
	lens   []float32 // weighted length; negative when removed
	nterms []int32   // number of postings
	byID   map[string]int32
	live   int     // live documents
	sumLen float64 // total length of live documents

	// Terms, by internal number, and their postings in document order,
	// encoded (see appendPosting); lastDoc is the document of each term's
	// last posting. A term whose postings are all gone is freed by
	// compaction and its number reused.
	dict      dict
	postings  [][]byte
	lastDoc   []int32
	freeTerms []int32

	livePostings, deadPostings, deadDocs int

	// Scratch of Add (under mu).
	tok     tokenizer
	tf      []float32
	touched []int32
	stems   *stemCache
}

// stemCache maps recent unstemmed words to their term numbers, so that Add
// skips the stemmer and the dictionary for frequent words. It is two-way
// set-associative (a set is two slots, the newer word first). A word is
// held inline as three little-endian uint64s, zero-padded: stemmable words
// are letters, never zero bytes, so the padding needs no length.
type stemCache [stemCacheSize]stemEntry

type stemEntry struct {
	key  stemKey
	term int32
}

type stemKey [3]uint64

const (
	stemCacheBits = 12
	stemCacheSize = 1 << stemCacheBits // slots
	maxCachedWord = 24                 // longer words are not cached
)

// keyOf returns the key of word, which is at most maxCachedWord bytes.
func keyOf(word []byte) stemKey {
	var b [maxCachedWord]byte
	copy(b[:], word)
	return stemKey{
		binary.LittleEndian.Uint64(b[0:]),
		binary.LittleEndian.Uint64(b[8:]),
		binary.LittleEndian.Uint64(b[16:]),
	}
}

// set returns the first slot of k's set.
func (k *stemKey) set() int {
	h := k[0]*0x9E3779B97F4A7C15 ^ k[1]*0xC2B2AE3D27D4EB4F ^ k[2]*0x165667B19E3779F9
	h ^= h >> 31
	h *= 0xBF58476D1CE4E5B9
	return int(h>>(64-stemCacheBits)) &^ 1
}

// New returns an empty index.
func New(opts ...Option) *Index {
	x := &Index{
		k1:     DefaultK1,
		b:      DefaultB,
		minDel: defaultCompactMin,
		byID:   make(map[string]int32),
		dict:   newDict(),
		stems:  new(stemCache),
	}
	x.tok.deferStem = true
	for _, o := range opts {
		if o != nil {
			o(x)
		}
	}
	x.tok.cjk = x.cjk
	return x
}

func clampWeight(w float64) float32 {
	if !(w > 0) { // zero, negative, NaN
		return 1
	}
	return float32(min(max(w, MinWeight), MaxWeight))
}

// Len returns the number of documents in the index.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.live
}

// Add indexes the document id with the given fields, replacing any
// document of the same id. A document without terms is kept (and counted
// by Len) but never found.
func (x *Index) Add(id string, fields ...Field) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if d, ok := x.byID[id]; ok {
		id = x.ids[d] // reuse the stored copy
		x.kill(d)
	} else {
		id = strings.Clone(id) // do not pin the caller's buffer
	}
	var length float64
	for _, f := range fields {
		w := clampWeight(f.Weight)
		x.tok.scan(f.Text, func(term []byte, _, _ int, k kind) bool {
			t := x.intern(term)
			if x.tf[t] == 0 {
				x.touched = append(x.touched, t)
			}
			x.tf[t] += w
			if k != kindPart {
				length += float64(w)
			}
			return true
		})
	}
	doc := int32(len(x.lens))
	for _, t := range x.touched {
		x.postings[t] = appendPosting(x.postings[t], x.lastDoc[t], doc, x.tf[t])
		x.lastDoc[t] = doc
		x.tf[t] = 0
	}
	x.ids = append(x.ids, id)
	x.lens = append(x.lens, float32(length))
	x.nterms = append(x.nterms, int32(len(x.touched)))
	x.byID[id] = doc
	x.live++
	x.sumLen += float64(float32(length))
	x.livePostings += len(x.touched)
	x.touched = x.touched[:0]
	x.maybeCompact()
}

// intern returns the number of term, adding it if new. When x.tok defers
// stemming and term is stemmable, term is a word to stem first.
func (x *Index) intern(term []byte) int32 {
	if !x.tok.stemmable {
		return x.lookup(term)
	}
	if len(term) > maxCachedWord {
		return x.lookup(stem(term))
	}
	k := keyOf(term)
	i := k.set()
	set := (*[2]stemEntry)(x.stems[i : i+2])
	if set[0].key == k {
		return set[0].term
	}
	if set[1].key == k {
		return set[1].term
	}
	t := x.lookup(stem(term))
	set[1] = set[0] // the older word of the set goes
	set[0] = stemEntry{key: k, term: t}
	return t
}

// lookup returns the number of term, adding it if new.
func (x *Index) lookup(term []byte) int32 {
	if t, ok := x.dict.find(term); ok {
		return t
	}
	return x.newTerm(term)
}

// newTerm interns term and returns its number.
func (x *Index) newTerm(term []byte) int32 {
	var t int32
	if n := len(x.freeTerms); n > 0 {
		t = x.freeTerms[n-1]
		x.freeTerms = x.freeTerms[:n-1]
	} else {
		t = int32(len(x.postings))
		x.postings = append(x.postings, nil)
		x.lastDoc = append(x.lastDoc, -1)
		x.tf = append(x.tf, 0)
	}
	x.dict.add(term, t)
	return t
}

// Remove removes the document id, if present.
func (x *Index) Remove(id string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if d, ok := x.byID[id]; ok {
		x.kill(d)
		x.maybeCompact()
	}
}

// kill marks document d removed. Its postings stay until compaction.
func (x *Index) kill(d int32) {
	delete(x.byID, x.ids[d])
	x.live--
	if x.live == 0 {
		x.sumLen = 0
	} else {
		x.sumLen -= float64(x.lens[d])
	}
	x.lens[d] = -1
	x.livePostings -= int(x.nterms[d])
	x.deadPostings += int(x.nterms[d])
	x.deadDocs++
}

// maybeCompact compacts when the dead outnumber the live (and minDel),
// so each removal pays a bounded, amortised share of the work and the
// index never holds more than about twice its live size.
func (x *Index) maybeCompact() {
	dead := x.deadPostings + x.deadDocs
	if dead >= x.minDel && dead > x.livePostings+x.live {
		x.compact()
	}
}

// compact drops removed documents and their postings, renumbers the
// documents densely and frees terms left without postings.
func (x *Index) compact() {
	remap := make([]int32, len(x.lens))
	n := int32(0)
	sum := 0.0
	for d, l := range x.lens {
		if l < 0 {
			remap[d] = -1
			continue
		}
		remap[d] = n
		if int32(d) != n {
			x.ids[n], x.lens[n], x.nterms[n] = x.ids[d], l, x.nterms[d]
			x.byID[x.ids[n]] = n
		}
		sum += float64(l)
		n++
	}
	clear(x.ids[n:])
	x.ids = shrink(x.ids[:n])
	x.lens = shrink(x.lens[:n])
	x.nterms = shrink(x.nterms[:n])
	x.sumLen = sum

	freed := false
	var docs []int32
	var tfs []float32
	for t, ps := range x.postings {
		if len(ps) == 0 {
			continue // free
		}
		// Decoded, then re-encoded in place: a renumbered list is never
		// longer than it was (the gaps only shrink).
		docs, tfs = decodePostings(ps, docs[:0], tfs[:0])
		out, last := ps[:0], int32(-1)
		for i, d := range docs {
			if nd := remap[d]; nd >= 0 {
				out = appendPosting(out, last, nd, tfs[i])
				last = nd
			}
		}
		x.lastDoc[t] = last
		if len(out) == 0 {
			if !freed {
				*x.stems = stemCache{} // term numbers are about to change hands
				freed = true
			}
			x.postings[t] = nil
			x.freeTerms = append(x.freeTerms, int32(t))
			continue
		}
		x.postings[t] = shrink(out)
	}
	if freed {
		x.dict.retain(func(t int32) bool { return len(x.postings[t]) > 0 })
	}
	x.deadPostings, x.deadDocs = 0, 0
}

// shrink returns s, copied to a smaller array when it uses less than half
// of its capacity.
func shrink[S ~[]E, E any](s S) S {
	if cap(s) > 16 && len(s) < cap(s)/2 {
		return append(S(nil), s...)
	}
	return s
}
