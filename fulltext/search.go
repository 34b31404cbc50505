package fulltext

import (
	"math"
	"slices"
	"sync"
)

// searchScratch holds the buffers of one search; pooled.
type searchScratch struct {
	tok     tokenizer
	qterms  []int32
	acc     []accum // by document number; zero when untouched
	touched []int32
	docs    []int32   // one term's postings, decoded
	tfs     []float32 // their frequencies
	cands   []Hit
}

var searchPool = sync.Pool{New: func() any { return new(searchScratch) }}

// Search ranks the documents that hold at least one query term by BM25 and
// returns the best limit of them, best first, equal scores by ascending id.
// A limit of zero or less means no limit.
//
// The query is tokenized like the documents (see [Tokenize]); repeated
// terms count once, unknown terms add nothing, and a query without known
// terms finds nothing. When keep is non-nil, it is called once for each
// matching document, without the index's lock held, and documents it
// rejects are left out of the results. Corpus statistics (document count,
// document frequencies, average length) cover the whole index, not only
// the kept documents, so a filter does not change the scores.
func (x *Index) Search(query string, limit int, keep func(id string) bool) []Hit {
	s := searchPool.Get().(*searchScratch)
	defer searchPool.Put(s)

	s.cands = s.cands[:0]
	x.mu.RLock()
	x.score(s, query)
	x.mu.RUnlock()
	if len(s.cands) == 0 {
		return nil
	}
	hits := topK(s.cands, limit, keep)
	clear(s.cands) // do not pin ids
	return hits
}

// score fills s.cands with every live document matching query and its
// score. The caller holds x.mu for reading.
func (x *Index) score(s *searchScratch, query string) {
	if x.live == 0 {
		return
	}
	s.qterms = s.qterms[:0]
	s.tok.cjk = x.cjk
	s.tok.scan(query, func(term []byte, _, _ int, k kind) bool {
		if k == kindPart {
			return true // the compound carries the query
		}
		if t, ok := x.dict.find(term); ok && !slices.Contains(s.qterms, t) {
			s.qterms = append(s.qterms, t)
		}
		return true
	})
	if len(s.qterms) == 0 {
		return
	}
	if cap(s.acc) < len(x.lens) {
		s.acc = make([]accum, len(x.lens), len(x.lens)+len(x.lens)/4)
	}
	acc := s.acc[:len(x.lens)]
	lens := x.lens

	n := float64(x.live)
	avg := x.sumLen / n
	if !(avg > 0) {
		avg = 1
	}
	k1 := x.k1
	// k1 * (1 - b + b*dl/avg) == c0 + c1*dl
	c0, c1 := k1*(1-x.b), k1*x.b/avg
	var idfs float64
	for _, t := range s.qterms {
		// Decoded once: the live postings' number is the term's document
		// frequency, which the score of each needs.
		df := x.decodeLive(s, t)
		if df == 0 {
			continue
		}
		idf := math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
		idfs += idf
		w := idf * (k1 + 1)
		for i, d := range s.docs {
			dl := lens[d]
			if dl < 0 {
				continue
			}
			tf := float64(s.tfs[i])
			a := &acc[d]
			if a.cover == 0 {
				s.touched = append(s.touched, d)
			}
			a.score += w * tf / (tf + c0 + c1*float64(dl))
			a.cover += idf
		}
	}
	for _, d := range s.touched {
		s.cands = append(s.cands, Hit{ID: x.ids[d], Score: acc[d].score, Coverage: acc[d].cover / idfs})
		acc[d] = accum{}
	}
	s.touched = s.touched[:0]
}

// accum is what a search adds up for one document: its score and the idf
// of the query terms it holds (side by side: one cache line for both).
type accum struct{ score, cover float64 }

// kept is a hit in topK's heap: its score beside its index in the
// candidates, so that a swap moves 16 bytes, not a Hit.
type kept struct {
	score float64
	i     int32
}

// keptHeap is topK's min-heap: the worst kept hit on top.
type keptHeap struct {
	h     []kept
	cands []Hit
}

// worse reports whether a ranks below b: a lower score, or an equal score
// and a greater id.
func worse(a, b Hit) bool {
	if a.Score != b.Score {
		return a.Score < b.Score
	}
	return a.ID > b.ID
}

// worse is the package's worse for kept hits: their scores, kept beside
// them, decide without reading the hits unless they are equal.
func (k *keptHeap) worse(a, b kept) bool {
	if a.score != b.score {
		return a.score < b.score
	}
	return worse(k.cands[a.i], k.cands[b.i])
}

// siftDown restores the heap below i. Written out rather than through
// container/heap: its interface calls were a twentieth of a hybrid
// search.
func (k *keptHeap) siftDown(i int) {
	h := k.h
	for {
		w := 2*i + 1
		if w >= len(h) {
			return
		}
		if r := w + 1; r < len(h) && k.worse(h[r], h[w]) {
			w = r
		}
		if !k.worse(h[w], h[i]) {
			return
		}
		h[i], h[w] = h[w], h[i]
		i = w
	}
}

func (k *keptHeap) heapify() {
	for i := len(k.h)/2 - 1; i >= 0; i-- {
		k.siftDown(i)
	}
}

// topK returns the best limit candidates that keep accepts, best first.
// keep is called once per candidate. A heap bounded by limit holds the best
// seen so far, so the cost is O(n log limit), not a sort of all candidates.
func topK(cands []Hit, limit int, keep func(string) bool) []Hit {
	if limit <= 0 || limit > len(cands) {
		limit = len(cands)
	}
	k := &keptHeap{h: make([]kept, 0, limit), cands: cands}
	for i, c := range cands {
		if keep != nil && !keep(c.ID) {
			continue
		}
		x := kept{c.Score, int32(i)}
		switch {
		case len(k.h) < limit:
			k.h = append(k.h, x)
			if len(k.h) == limit {
				k.heapify()
			}
		case k.worse(k.h[0], x):
			k.h[0] = x
			k.siftDown(0)
		}
	}
	if len(k.h) < limit {
		k.heapify()
	}
	if len(k.h) == 0 {
		return nil
	}
	// Take the worst off the top until the heap is empty: the hits come
	// out worst first and fill the result from its end.
	out := make([]Hit, len(k.h))
	for n := len(k.h) - 1; n >= 0; n-- {
		out[n] = cands[k.h[0].i]
		k.h[0] = k.h[n]
		k.h = k.h[:n]
		k.siftDown(0)
	}
	return out
}

// DocFreq returns the number of documents that hold term, a term as
// [Tokenize] returns it (lower-cased and stemmed): the n of the idf.
func (x *Index) DocFreq(term string) int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	t, ok := x.dict.find([]byte(term))
	if !ok {
		return 0
	}
	// A search's pooled buffers: the hybrid search asks for every query
	// word of every query, and a list allocated each time was a tenth of a
	// busy server's processor time.
	s := searchPool.Get().(*searchScratch)
	defer searchPool.Put(s)
	return x.decodeLive(s, t)
}

// decodeLive decodes term t's postings into s.docs and s.tfs and returns
// how many are of live documents: t's document frequency. The caller
// holds x.mu for reading.
func (x *Index) decodeLive(s *searchScratch, t int32) int {
	s.docs, s.tfs = decodePostings(x.postings[t], s.docs[:0], s.tfs[:0])
	n := 0
	for _, d := range s.docs {
		if x.lens[d] >= 0 {
			n++
		}
	}
	return n
}
