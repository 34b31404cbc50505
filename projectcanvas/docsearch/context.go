package docsearch

import (
	"cmp"
	"slices"
	"strings"

	"github.com/projectcanvas/projectcanvas/fulltext"
	"github.com/projectcanvas/projectcanvas/internal/colsum"
)

// Context vectors: what the vault's own text says a query word goes with.
//
// A word's context vector is the sum of the vectors of the chunks that use
// it most (its best contextChunks chunks by BM25, each weighted by its BM25
// score), which is reflective random indexing with the embedder's vectors
// as the chunks' index vectors: words that share chunks get alike context
// vectors. WithContextVectors adds the context vector of a query's words
// (their sum) to the query's vector, so a section alike to the chunks that
// use the query's words scores even where it shares few of them: a
// paraphrase draws the section through the words around it.
//
// A context vector is dense (every component non-zero) while a query's own
// vector has a few dozen components, and a search reads one column of
// vectors per component: scoring every chunk against it made the search
// three times slower, and keeping only its largest components changed
// results erratically (docs/SEARCH.md, "The parameters"). So the context
// part is scored on the
// candidates only (the best by BM25 and by the query's own vector, as in
// Search) and, similarity being linear, adds to their similarity weight
// times their dot product with the context vector. In the relevance set
// (209 chunks, top 30) every chunk is a candidate, so it equals scoring
// them all; in a large vault a section that only the context vector would
// find is missed, a bounded approximation like the one of BM25 scores
// outside the candidates. Its cost is in docs/SEARCH.md.
//
// Nothing is stored: the statistics are the BM25 index's postings and the
// chunks' vectors, read when a query comes, over the whole vault (a
// query's filters choose results, not the context). An update of one file changes
// them exactly as a rebuild would (the sums run in BM25 rank order, ties
// by chunk key, never in slot order), the index cache keeps nothing more,
// and the chunks' own vectors do not change.

// contextChunks is how many chunks make a word's context vector.
var contextChunks = 10

// DefaultContextWeight is the weight of a query's context vector with the
// built-in embedder (see WithContextVectors), chosen with make
// eval-search-context (docs/SEARCH.md, "The parameters").
const DefaultContextWeight = 0.5

// contextWords is the words of query whose context vectors are summed:
// each once, those made only of stop words left out.
func contextWords(query string) []string {
	var words []string
	for _, w := range strings.Fields(strings.ToLower(query)) {
		if !slices.Contains(words, w) && !allStopWords(w) {
			words = append(words, w)
		}
	}
	return words
}

// contextVector sums, for each word, the vectors of its best chunks over
// every shard (hits: each shard's contextHits of words, in shard order;
// the merge is in order) into the query's context vector; nil when no
// word occurs in the index. The caller holds e.mu for reading.
func (e *Engine) contextVector(words []string, hits [][][]*ctxHit) []float32 {
	sum := make([]float64, e.dim)
	found := false
	for wi := range words {
		var all []*ctxHit
		for _, byWord := range hits {
			all = append(all, byWord[wi]...)
		}
		for _, h := range topHits(all) {
			h.sh.addVecTo(sum, h.slot, h.score)
			found = true
		}
	}
	if !found {
		return nil
	}
	v := make([]float32, e.dim)
	for j, x := range sum {
		v[j] = float32(x)
	}
	normalize(v)
	return v
}

// allStopWords reports whether a query word is only stop words (or no
// word at all).
func allStopWords(w string) bool {
	for _, t := range fulltext.Tokenize(w) {
		if !stopWords()[t] {
			return false
		}
	}
	return true
}

type ctxHit struct {
	sh    *shard
	slot  int32
	key   string
	score float64
}

// contextHits returns the shard's best contextChunks chunks for each word.
func (s *shard) contextHits(words []string) [][]*ctxHit {
	out := make([][]*ctxHit, len(words))
	for i, w := range words {
		for _, h := range s.bm25.Search(w, contextChunks, nil) {
			out[i] = append(out[i], &ctxHit{sh: s, slot: s.byKey[h.ID], key: h.ID, score: h.Score})
		}
	}
	return out
}

// topHits returns the best contextChunks of one word's hits over all
// shards, by BM25 score, ties by chunk key (never by slot or shard order,
// so that an updated index and a rebuilt one agree). Hits are pointers
// for the same reason as Search's candidates: a smaller WebAssembly.
func topHits(hits []*ctxHit) []*ctxHit {
	slices.SortFunc(hits, func(a, b *ctxHit) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return strings.Compare(a.key, b.key)
	})
	return hits[:min(len(hits), contextChunks)]
}

// addVecTo adds w times the vector of slot to sum.
func (s *shard) addVecTo(sum []float64, slot int32, w float64) {
	if int(slot) >= s.colLen {
		return
	}
	colsum.AddScaled(sum, s.rows[int(slot)*len(sum):], w*float64(s.scales[slot]))
}

// addContext adds to each candidate's similarity weight times the dot
// product of its vector with the context vector cv, read from its row
// (four cache lines a candidate, where its components are in 256 lines of
// the columns), summed in colsum.Dot's order.
func (s *shard) addContext(cands []cand, cv []float32, weight float64) {
	dim := len(cv)
	for i := range cands {
		c := &cands[i]
		slot := int(c.slot)
		if slot >= s.colLen {
			continue
		}
		d := colsum.Dot(cv, s.rows[slot*dim:])
		c.vector += weight * float64(d*s.scales[slot])
	}
}
