package docsearch

import (
	"cmp"
	"slices"
	"strings"

	"github.com/projectcanvas/projectcanvas/fulltext"
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
	w *= float64(s.scales[slot])
	for j := range sum {
		sum[j] += w * float64(s.cols[j*s.colCap+int(slot)])
	}
}

// addContext adds to each candidate's similarity weight times the dot
// product of its vector with the context vector cv: colsum.Dots gathers
// eight candidates' components at a time where the processor can (AVX2),
// else the portable loop reads the vectors column by column, the
// candidates in slot order within each (in memory order, about 13% faster
// on the benchmark vault than candidate by candidate). Each dot product
// sums its components in order, the same bits either way.
func (s *shard) addContext(cands []cand, cv []float32, weight float64) {
	idx := make([]int, 0, len(cands)) // candidates with a vector, in slot order
	slotOf := make([]int32, len(cands))
	for i := range cands {
		slotOf[i] = cands[i].slot
		if int(slotOf[i]) < s.colLen {
			idx = append(idx, i)
		}
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(slotOf[a], slotOf[b]) })
	slots := make([]int32, len(idx))
	for k, i := range idx {
		slots[k] = slotOf[i]
	}
	dots := make([]float32, len(idx))
	if !fast.dots(dots, s.cols, s.colCap, slots, cv) {
		s.dots(dots, slots, cv)
	}
	for k, i := range idx {
		cands[i].vector += weight * float64(dots[k]*s.scales[slots[k]])
	}
}

// dots is colsum.Dots's portable loop: it adds to dots[k] the dot product
// of cv with the vector of slots[k].
func (s *shard) dots(dots []float32, slots []int32, cv []float32) {
	col := func(j int) []int8 { return s.cols[j*s.colCap:][:s.colLen] }
	j := 0
	for ; j+4 <= len(cv); j += 4 { // four columns a pass, each dot product still summed in order
		x0, x1, x2, x3 := cv[j], cv[j+1], cv[j+2], cv[j+3]
		c0, c1, c2, c3 := col(j), col(j+1), col(j+2), col(j+3)
		for k, slot := range slots {
			d := dots[k]
			d += x0 * float32(c0[slot])
			d += x1 * float32(c1[slot])
			d += x2 * float32(c2[slot])
			d += x3 * float32(c3[slot])
			dots[k] = d
		}
	}
	for ; j < len(cv); j++ {
		x, c := cv[j], col(j)
		for k, slot := range slots {
			dots[k] += x * float32(c[slot])
		}
	}
}
