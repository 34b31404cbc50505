package docsearch

import (
	"context"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/projectcanvas/projectcanvas/fulltext"
)

// Weights of the hybrid score, fixed for the project (docs/ARCHITECTURE.md, "Search").
const (
	VectorWeight = 0.75
	BM25Weight   = 0.25
)

// Mode selects the scores a search ranks by.
type Mode int

const (
	Hybrid     Mode = iota // VectorWeight·vector + BM25Weight·BM25, both normalized, smoothed by document
	BM25Only               // keyword score alone
	VectorOnly             // vector similarity alone
)

// Query is a document search.
type Query struct {
	Text string
	// TopK is the number of results (<= 0 means 8).
	TopK int
	// MaxExcerptChars caps each excerpt, in characters (<= 0: no cap).
	MaxExcerptChars int
	// Filters: documents whose path starts with DocPrefix, documents in
	// Docs, sections whose heading path contains HeadingContains (ignoring
	// case). Empty means no filter.
	DocPrefix       string
	Docs            []string
	HeadingContains string
	Mode            Mode
}

// Result is one matching chunk. StartChar and EndChar locate Excerpt in
// the file, in characters (Unicode code points): the excerpt is exactly
// the file's characters [StartChar, EndChar). Scores are normalized per
// query to [0, 1]: VectorScore is the similarity rescaled so the best
// candidate scores 1 and the worst 0, BM25Score the keyword score divided
// by the best one, HybridScore their weighted sum. In Hybrid mode the
// first two are smoothed by document: docShare of each is that of the
// best chunk of the same document (see smoothByDoc).
type Result struct {
	Doc         string
	HeadingPath string
	Excerpt     string
	StartChar   int
	EndChar     int
	VectorScore float64
	BM25Score   float64
	HybridScore float64
	// ModelScore is the person's own model's similarity, rescaled over the
	// query's candidates (0 without a model, see WithModel); HybridScore
	// then fuses it in.
	ModelScore float64
}

// candidateFactor times top_k candidates come from each ranking of each
// shard (at least minCandidates) before the hybrid merge.
const (
	candidateFactor = 4
	minCandidates   = 40
)

// Search ranks the index's chunks for q, best first, with their excerpts
// read from the files (a file changed since it was indexed is left out
// until its update arrives: see excerpts). A query whose vector
// cannot be computed (the embedder is down) is answered by BM25 alone;
// Status then says why. While the first build of an engine from New is
// under way, Search waits for it (or for ctx).
func (e *Engine) Search(ctx context.Context, q Query) ([]Result, error) {
	h, err := e.SearchHits(ctx, q)
	return h.Results, err
}

// Hits is the answer to a query.
type Hits struct {
	Results []Result
	// Corrected is the text searched for when the spelling correction
	// changed a word of the query ("sync waitgroup" for "sync
	// waitgorup"), so that a caller can say so; empty when it did not.
	Corrected string
}

// SearchHits is Search with the query as corrected.
func (e *Engine) SearchHits(ctx context.Context, q Query) (Hits, error) {
	if q.TopK <= 0 {
		q.TopK = 8
	}
	if strings.TrimSpace(q.Text) == "" {
		return Hits{}, nil
	}
	if err := e.waitReady(ctx); err != nil {
		return Hits{}, err
	}
	text, qv, builtin := e.prepareQuery(q)
	if !builtin && q.Mode != BM25Only && e.vectorsOn() {
		vs, err := e.emb.Embed(ctx, []string{q.Text})
		e.mu.Lock()
		switch {
		case err != nil:
			e.queryErr = err.Error()
		case len(vs) != 1 || len(vs[0]) != e.dim:
			e.queryErr = "embedder returned a query vector of the wrong length"
		default:
			e.queryErr = ""
			qv = vs[0]
			normalize(qv)
		}
		e.mu.Unlock()
	}
	cands := e.rank(text, qv, q)
	if q.Mode == Hybrid && e.modelOn() {
		if mv := e.queryModel(ctx, q.Text); mv != nil {
			cands = e.fuse(cands, mv, max(minCandidates, candidateFactor*q.TopK), q.filter())
		}
	}
	h := Hits{Results: e.excerpts(cands, q)}
	if text != q.Text {
		h.Corrected = text
	}
	return h, nil
}

// ranked is a candidate copied out of its shard with its file's checksum
// as indexed: the shards may change once the read lock is released.
type ranked struct {
	Chunk
	key                         string
	sum                         uint64
	vector, bm25, hybrid, model float64
}

// rank searches every shard for text and the query vector qv and returns
// all candidates, best first. It holds the read lock only for that: a
// writer waits for the ranking of the searches under way, not for their
// files to be read (excerpts).
func (e *Engine) rank(text string, qv []float32, q Query) []ranked {
	keep := q.filter()
	m := max(minCandidates, candidateFactor*q.TopK)
	e.mu.RLock()
	defer e.mu.RUnlock()
	// Each shard looks the query's words up for the context vector, then
	// searches; the context vector is summed meanwhile, from every shard's
	// hits, and each shard adds it to its candidates once it is there.
	var words []string
	if qv != nil && e.ctxWeight > 0 && len(qv) == e.dim {
		words = contextWords(text)
	}
	hits := make([][][]*ctxHit, len(e.shards)) // by shard, then word
	parts := make([][]cand, len(e.shards))
	var cv []float32
	cvDone := make(chan struct{})
	var looked, wg sync.WaitGroup
	looked.Add(len(e.shards))
	for i, sh := range e.shards {
		wg.Go(func() {
			if len(words) > 0 {
				hits[i] = sh.contextHits(words)
			}
			looked.Done()
			parts[i] = sh.search(text, qv, e.dim, m, q.Mode != VectorOnly, keep)
			<-cvDone
			if cv != nil {
				sh.addContext(parts[i], cv, e.ctxWeight)
			}
		})
	}
	looked.Wait()
	if len(words) > 0 {
		cv = e.contextVector(words, hits)
	}
	close(cvDone)
	wg.Wait()
	cands := slices.Concat(parts...)
	score(cands, qv != nil, q.Mode)
	hybrid := q.Mode == Hybrid && qv != nil
	if hybrid {
		smoothByDoc(cands)
		coordinate(cands)
	}
	// Sorted by pointer: slices.SortFunc's code for a struct type is its
	// own (25 KB of WebAssembly for cand), for pointers it is shared.
	best := make([]*cand, len(cands))
	for i := range cands {
		best[i] = &cands[i]
	}
	slices.SortFunc(best, better)
	if hybrid {
		matchTitles(best, distinctTerms(text), m)
	}
	out := make([]ranked, len(best))
	for i, c := range best {
		out[i] = ranked{Chunk: c.c.Chunk, key: c.c.key, sum: c.c.sum, vector: c.vector, bm25: c.bm25, hybrid: c.hybrid}
	}
	return out
}

// better orders candidates best first: by hybrid score, then by document
// and position.
func better(a, b *cand) int {
	if a.hybrid != b.hybrid {
		if a.hybrid > b.hybrid {
			return -1
		}
		return 1
	}
	if before(a.c, b.c) {
		return -1
	}
	return 1
}

// excerpts returns the first TopK of the ranked candidates with their
// excerpts, read from the files. A file that changed since it was indexed
// (the watcher has not passed the change on yet) is left out until the
// index has caught up: its offsets and scores are of the old content.
func (e *Engine) excerpts(ranked []ranked, q Query) []Result {
	out := make([]Result, 0, min(len(ranked), q.TopK))
	srcs := map[string][]byte{}
	for _, c := range ranked {
		if len(out) == q.TopK {
			break
		}
		src, read := srcs[c.Doc]
		if !read {
			src = e.indexed(c.Doc, c.sum)
			srcs[c.Doc] = src
		}
		if src == nil || c.End > len(src) {
			continue
		}
		r := Result{Doc: c.Doc, HeadingPath: c.HeadingPath, Excerpt: c.Text(src), StartChar: c.StartChar, EndChar: c.EndChar,
			VectorScore: c.vector, BM25Score: c.bm25, HybridScore: c.hybrid, ModelScore: c.model}
		if q.MaxExcerptChars > 0 && r.EndChar-r.StartChar > q.MaxExcerptChars {
			r.Excerpt = truncateChars(r.Excerpt, q.MaxExcerptChars)
			r.EndChar = r.StartChar + q.MaxExcerptChars
		}
		out = append(out, r)
	}
	return out
}

// prepareQuery returns the text that BM25 and context vectors search for
// q: q.Text with its misspelt words corrected (see correct), except in
// BM25Only mode, which matches the words as written. With the built-in
// embedder it also returns the query's vector (nil in BM25Only mode or
// when vectors are off), its words weighted by idf; builtin is false when
// the caller must ask another embedder for it.
func (e *Engine) prepareQuery(q Query) (text string, qv []float32, builtin bool) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	if q.Mode == BM25Only {
		return q.Text, nil, true
	}
	text = e.correct(q.Text)
	h, builtin := e.emb.(*HashEmbedder)
	if builtin && e.dim > 0 && h.dim == e.dim {
		qv = h.weighted(text, e.idfWeight())
	}
	return text, qv, builtin
}

func (e *Engine) vectorsOn() bool {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.dim > 0
}

// score normalizes the candidates' scores over the query and combines
// them: BM25 divided by the best BM25, vector similarity rescaled from
// [worst, best] to [0, 1].
func score(cands []cand, haveVec bool, mode Mode) {
	var bmax float64
	vmin, vmax := 2.0, -2.0
	for _, c := range cands {
		bmax = max(bmax, c.bm25)
		vmin, vmax = min(vmin, c.vector), max(vmax, c.vector)
	}
	for i := range cands {
		c := &cands[i]
		if bmax > 0 {
			c.bm25 /= bmax
		}
		if !haveVec {
			c.vector = 0
		} else if vmax > vmin {
			c.vector = (c.vector - vmin) / (vmax - vmin)
		} else {
			c.vector = 1
		}
		switch {
		case mode == BM25Only || !haveVec:
			c.hybrid = c.bm25
		case mode == VectorOnly:
			c.hybrid = c.vector
		default:
			c.hybrid = c.hybridOf()
		}
	}
}

// docShare is the part of a chunk's vector and BM25 scores that it takes
// from the best candidate of its document (see smoothByDoc); the figures
// that chose it: docs/SEARCH.md, "The parameters".
const docShare = 0.3

// smoothByDoc mixes into each candidate's scores those of the best
// candidate of its document (by hybrid score): vector = (1 − docShare) ×
// own + docShare × the best's, and BM25 the same, so that the hybrid
// score stays VectorWeight × vector + BM25Weight × BM25 (75 % vector,
// 25 % keyword) and is (1 − docShare) × own + docShare × the best's. A
// section of the document that answers the query best rises above a
// section of another document that matches a word or two by chance: the
// document is evidence for its sections (a type's methods, a command's
// flags), as a chapter is for its paragraphs. The best chunk of each
// document keeps its scores.
func smoothByDoc(cands []cand) {
	// The best candidate of each document, by index into cands; its
	// scores are read before smoothing changes them in place.
	bestOf := make(map[string]int, len(cands))
	for i := range cands {
		c := &cands[i]
		if b, ok := bestOf[c.c.Doc]; !ok || c.hybrid > cands[b].hybrid || c.hybrid == cands[b].hybrid && before(c.c, cands[b].c) {
			bestOf[c.c.Doc] = i
		}
	}
	type pair struct{ vector, bm25 float64 }
	best := make([]pair, len(cands)) // by candidate: its document's best's scores
	for i := range cands {
		b := &cands[bestOf[cands[i].c.Doc]]
		best[i] = pair{b.vector, b.bm25}
	}
	for i := range cands {
		c, b := &cands[i], best[i]
		c.vector = (1-docShare)*c.vector + docShare*b.vector
		c.bm25 = (1-docShare)*c.bm25 + docShare*b.bm25
		c.hybrid = c.hybridOf()
	}
}

// coverWeight is the part of a hybrid score that depends on how much of
// the query a chunk holds (Lucene's classic coordination factor): see
// coordinate. A section holding the query's rarest word ("1.21" in
// "GODEBUG history Go 1.21") then rises above one that the vectors prefer
// for repeating the common ones. Tuned on the Go documentation set's
// tuning half (docs/SEARCH.md, "The parameters").
const coverWeight = 0.4

// titleWeight is the part of a hybrid score that depends on how many of
// the query's words the chunk's title (its document's name and heading
// path) holds: a query naming a section ("slog groups", "GODEBUG history
// Go 1.21") finds it before a section that only speaks of it. Higher
// weights cost keyword and misspelt queries (docs/SEARCH.md, "The
// parameters").
const titleWeight = 0.1

// coordinate multiplies each candidate's vector and BM25 scores, and so
// its hybrid score, by 1 − coverWeight + coverWeight × the share of the
// query's idf that the chunk's words hold (0 for a chunk only the vectors
// found). Both parts are scaled alike so that the hybrid score stays
// VectorWeight × vector + BM25Weight × BM25, in [0, 1].
func coordinate(cands []cand) {
	for i := range cands {
		cands[i].scale(1 - coverWeight + coverWeight*cands[i].cover)
	}
}

// scale multiplies the candidate's vector, BM25 and so hybrid scores by f.
func (c *cand) scale(f float64) {
	c.vector *= f
	c.bm25 *= f
	c.hybrid = c.hybridOf()
}

// hybridOf is the hybrid score of the candidate's vector and BM25 scores:
// the one place the project's weights are applied.
func (c *cand) hybridOf() float64 { return VectorWeight*c.vector + BM25Weight*c.bm25 }

// matchTitles scales the scores of the best candidates, sorted, by 1 −
// titleWeight + titleWeight × the share of query that their title holds,
// then sorts them again. Only the first window are looked at (tokenizing
// every candidate's title cost searches a third more): the others are
// scaled by 1 − titleWeight, as if their title held none of it, so none
// rises above a candidate of the window (a bounded approximation, as for
// a chunk only the vectors found).
func matchTitles(best []*cand, query []string, window int) {
	window = min(window, len(best))
	found := make([]bool, len(query))
	for _, c := range best[:window] {
		c.scale(1 - titleWeight + titleWeight*titleMatch(c.c, query, found))
	}
	for _, c := range best[window:] {
		c.scale(1 - titleWeight)
	}
	slices.SortFunc(best[:window], better)
}

// titleMatch is the share of query's terms that c's title holds (its
// document's name and heading path, tokenized as the index does); found,
// as long as query, is its scratch.
func titleMatch(c *chunkRec, query []string, found []bool) float64 {
	if len(query) == 0 {
		return 0
	}
	clear(found)
	n := 0
	match := func(term []byte) bool {
		for i, t := range query {
			if !found[i] && string(term) == t {
				found[i] = true
				n++
			}
		}
		return n < len(query)
	}
	// The name, then the heading path: as the index tokenizes the two
	// joined by a space (addBM25), without making that string.
	fulltext.EachTerm(docTitle(c.Doc), match)
	if n < len(query) {
		fulltext.EachTerm(c.HeadingPath, match)
	}
	return float64(n) / float64(len(query))
}

// distinctTerms is text's terms as the index tokenizes them, each once.
func distinctTerms(text string) []string {
	var out []string
	for _, t := range fulltext.Tokenize(text) {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// filter returns the chunk filter of q, or nil when q has none.
func (q Query) filter() func(*chunkRec) bool {
	if q.DocPrefix == "" && len(q.Docs) == 0 && q.HeadingContains == "" {
		return nil
	}
	var docs map[string]bool
	if len(q.Docs) > 0 {
		docs = make(map[string]bool, len(q.Docs))
		for _, d := range q.Docs {
			docs[d] = true
		}
	}
	heading := strings.ToLower(q.HeadingContains)
	return func(c *chunkRec) bool {
		return strings.HasPrefix(c.Doc, q.DocPrefix) &&
			(docs == nil || docs[c.Doc]) &&
			(heading == "" || strings.Contains(strings.ToLower(c.HeadingPath), heading))
	}
}

// truncateChars returns the first n code points of s.
func truncateChars(s string, n int) string {
	i := 0
	for range n {
		if i >= len(s) {
			break
		}
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return s[:i]
}
