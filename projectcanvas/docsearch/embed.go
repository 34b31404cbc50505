package docsearch

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/projectcanvas/projectcanvas/fulltext"
)

// Embedder turns texts into vectors whose dot product measures how alike
// the texts are. Vectors must all have the same length; their norm should
// be 1 (the HTTP embedder normalizes what it receives; the built-in one
// departs from it on purpose, see HashEmbedder). Implementations are safe
// for concurrent use.
type Embedder interface {
	// ID names the embedder and its model: vectors of different IDs are
	// never mixed (the index cache is keyed by it).
	ID() string
	// Embed returns one vector per text, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// DefaultDim is the dimension of the built-in embedder's vectors.
const DefaultDim = 256

// HashEmbedder is the built-in embedder: it needs no model and no
// download. A text's vector is the sum of its words (stemmed like the
// full-text index does, stop words left out) and of the character
// trigrams of each word, each hashed to a signed position of the vector,
// then normalized. Words carry meaning; trigrams make a misspelt or
// inflected word ("reindx", "indexer") land near the right one. It knows
// no synonyms: "sign in" and "login" stay apart, which only a real model
// (see HTTPEmbedder) or a vocabulary learned from the vault brings.
//
// Two rules stand in for what BM25 knows about fields and lengths (both
// tuned on the tuning half of testdata/relevance-godoc.tsv):
//
//   - A text's first line, when more follow, is its title (the engine
//     puts a chunk's document name and heading path there): it makes
//     titleShare of the vector, however long the rest. Summed with the
//     body, a heading's few words drowned in a long section, and a query
//     naming the section ("html/template contexts") found every short
//     section of the document first.
//   - A vector's norm is not 1 but grows slowly with the length of the
//     text (pivoted length normalization): cosine similarity favours short
//     texts, whose few words each weigh more, so a long section lost to
//     any short one sharing a word.
type HashEmbedder struct {
	dim int
}

// NewHashEmbedder returns a built-in embedder of dimension dim (<= 0
// means DefaultDim).
func NewHashEmbedder(dim int) *HashEmbedder {
	if dim <= 0 {
		dim = DefaultDim
	}
	return &HashEmbedder{dim: dim}
}

// Weights of the built-in embedder's features: a word's trigrams weigh
// twice the word, so that misspelt queries find their sections at a small
// cost to paraphrases (tuned with make eval-search; docs/SEARCH.md, "The
// parameters").
const (
	wordWeight    = 1.0
	trigramWeight = 2.0
)

// titleShare is the title's part of a text's vector (see HashEmbedder),
// chosen on the Go documentation set's tuning half (docs/SEARCH.md, "The
// parameters").
const titleShare = 0.3

// The length pivot (see HashEmbedder): the vector of a text of pivotBytes
// keeps a unit norm; that of n bytes has the norm √n / ((1−pivotSlope)·
// √pivotBytes + pivotSlope·√n), 0.73 at 50 bytes, 1.11 at 1,500; chosen
// on the tuning half (docs/SEARCH.md, "The parameters").
const (
	pivotBytes = 400
	pivotSlope = 0.8
)

// ID implements Embedder. The version moves when a text's vector does (v3:
// the stemmer's -ion rule), so that no cached vector of the old rule is
// mixed with new ones.
func (h *HashEmbedder) ID() string { return fmt.Sprintf("builtin-hash-v3/%d", h.dim) }

// Embed implements Embedder.
func (h *HashEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = h.Vector(t)
	}
	return out, nil
}

// Vector returns the vector of one text: its title (first line) and body
// mixed when it has both, scaled by the length pivot.
func (h *HashEmbedder) Vector(text string) []float32 {
	title, body, ok := strings.Cut(text, "\n")
	if !ok {
		body = text
	}
	v := h.weighted(body, nil)
	if ok {
		t := h.weighted(title, nil)
		for i := range v {
			v[i] = titleShare*t[i] + (1-titleShare)*v[i]
		}
		normalize(v)
	}
	r := math.Sqrt(float64(len(body)))
	norm := float32(r / ((1-pivotSlope)*math.Sqrt(pivotBytes) + pivotSlope*r))
	for i := range v {
		v[i] *= norm
	}
	return v
}

// weighted returns the unit vector of text with each word's features (the
// word and its trigrams) scaled by weight(term), term as fulltext.Tokenize
// returns it; nil weighs every word 1.
func (h *HashEmbedder) weighted(text string, weight func(term string) float32) []float32 {
	v := make([]float32, h.dim)
	words := fulltext.Tokenize(text)
	counts := make(map[string]int32, len(words))
	for _, w := range words {
		counts[w]++
	}
	var buf []byte
	var starts []int
	stop := stopWords()
	// Words in text order, each at its first occurrence: float sums then
	// always run in the same order, so a text always gets the same vector.
	for _, w := range words {
		n := counts[w]
		if n == 0 || stop[w] {
			continue
		}
		counts[w] = 0
		// Repeats count less and less (1 + ln n), as in BM25.
		tf := float32(1 + math.Log(float64(n)))
		if weight != nil {
			tf *= weight(w)
		}
		h.add(v, fnvString(fnvByte(fnvOffset, 'w'), w), tf*wordWeight)
		buf = append(append(append(buf[:0], '<'), w...), '>')
		starts = starts[:0]
		for i := range string(buf) {
			starts = append(starts, i)
		}
		if len(starts) < 5 {
			continue // short words: the word feature says it all
		}
		starts = append(starts, len(buf))
		grams := len(starts) - 3
		tw := tf * trigramWeight / float32(math.Sqrt(float64(grams)))
		for i := range grams {
			h.add(v, fnvBytes(fnvOffset, buf[starts[i]:starts[i+3]]), tw)
		}
	}
	normalize(v)
	return v
}

func (h *HashEmbedder) add(v []float32, x uint64, w float32) {
	x = mix(x)
	i := int(x % uint64(h.dim))
	if x>>63 == 1 {
		w = -w
	}
	v[i] += w
}

// FNV-1a: stable across processes and builds, unlike maphash, so cached
// vectors stay valid.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func fnvByte(h uint64, c byte) uint64 { return (h ^ uint64(c)) * fnvPrime }

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * fnvPrime
	}
	return h
}

func fnvBytes(h uint64, b []byte) uint64 {
	for _, c := range b {
		h = (h ^ uint64(c)) * fnvPrime
	}
	return h
}

// mix spreads the high bits, which decide the sign, over the low ones.
func mix(h uint64) uint64 {
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 32
	return h
}

// fnv64 hashes a string (shard choice).
func fnv64(s string) uint64 { return mix(fnvString(fnvOffset, s)) }

// normalize scales v to unit length; a zero vector stays zero.
func normalize(v []float32) {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= inv
	}
}

// stopWords are frequent English words (as Tokenize stems them) that the
// built-in embedder leaves out: without corpus statistics they would
// dominate every vector. Made on first use, not at the program's start
// (in WebAssembly, the editor waits for that start).
var stopWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all am an and any are as at be
		because been before being below between both but by can could did do does doing down during each
		few for from further had has have having he her here hers herself him himself his how i if in into
		is it its itself just me more most my myself no nor not now of off on once only or other our ours
		ourselves out over own same she should so some such than that the their theirs them themselves then
		there these they this those through to too under until up very was we were what when where which
		while who whom why will with would you your yours yourself yourselves also may might must shall
		us use used using via`) {
		for _, t := range fulltext.Tokenize(w) {
			m[t] = true
		}
	}
	return m
})
