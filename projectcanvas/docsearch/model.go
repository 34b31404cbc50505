package docsearch

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// A person's own embeddings model (an endpoint they set: Ollama, LM
// Studio, an OpenAI-compatible service) adds a signal to search; it
// replaces none. The built-in vectors, the context vectors and BM25 keep
// ranking as they do without it, and the model's similarity is fused into
// their hybrid score (see fuse): a model that knows the vault's language
// finds the paraphrases nothing else can, and a weak or mismatched one
// costs little, where replacing the built-in search with it cost up to
// 0.13 nDCG@10. The model's vectors are stored beside the index, one per
// chunk, quantized like the built-in ones, and searched exhaustively (a
// few milliseconds for 10,000 chunks).

// WithModel adds the vectors of m, the person's own embeddings model,
// to the built-in search (see above). Wrap an endpoint in a
// CachedEmbedder so that a later start sends it only new texts.
func WithModel(m Embedder) Option { return func(x *Engine) { x.model = m } }

// The model's share of a fused score is calibrated per query by how
// clearly the model picks its answer: fused = (1 − w) × hybrid + w × the
// model's similarity, both in [0, 1] over the query's candidates, with
//
//	w = modelWeight × clamp((margin − marginFrom) / (marginFull − marginFrom), 0, 1)
//	margin = (s1 − s2) / (s1 − sM)
//
// where s1, s2 and sM are the model's best, second and m-th similarities
// (scale-free: a model whose similarities all lie between 0.6 and 0.8
// reads as one whose lie between 0 and 1). A model that places one
// section well apart from the rest (what a model that knows the answer
// does) weighs fully; one whose nearest sections are a flat crowd (a
// model without meaning for this query, or for this vault) weighs
// little, and cannot make search worse than none. Chosen on the judged
// sets with two test endpoints (make eval-search; docs/SEARCH.md has the
// figures): one whose vectors carry no meaning must cost at most 0.01
// nDCG@10, one that knows the answers must lift the paraphrases by 0.3
// or more.
var (
	modelWeight = 0.5 // the most the model weighs
	marginFrom  = 0.3
	marginFull  = 0.6
)

// modelShare is w above for the model's similarities near, best first.
func modelShare(near []near) float64 {
	if len(near) < 3 {
		return 0
	}
	s1, s2, sm := near[0].sim, near[1].sim, near[len(near)-1].sim
	if s1 <= sm {
		return 0
	}
	margin := (s1 - s2) / (s1 - sm)
	return modelWeight * min(1, max(0, (margin-marginFrom)/(marginFull-marginFrom)))
}

// modelRec is a chunk's model vector, with what a result needs of the
// chunk when only the model found it.
type modelRec struct {
	chunk Chunk
	sum   uint64 // the file's contentSum, as for the shards' chunks
	v     qvec
}

// modelSlot is one text of a model batch: chunk i of p.
type modelSlot struct {
	p *prepared
	i int
}

// modelBatch gathers the texts of prepared files for the model, so that
// one request carries many files' chunks.
type modelBatch struct {
	texts []string
	slots []modelSlot
}

func (b *modelBatch) add(p *prepared) {
	if p.mvecs != nil {
		return
	}
	p.mvecs = make([]qvec, len(p.chunks))
	for i := range p.chunks {
		b.texts = append(b.texts, embedText(&p.chunks[i], p.text(i)))
		b.slots = append(b.slots, modelSlot{p, i})
	}
}

// embedModel sends the batch to the model and stores the vectors in the
// prepared files; on an error no file of the batch keeps model vectors.
func (e *Engine) embedModel(ctx context.Context, b *modelBatch) error {
	defer func() { b.texts, b.slots = b.texts[:0], b.slots[:0] }()
	if len(b.texts) == 0 {
		return nil
	}
	vs, err := e.model.Embed(ctx, b.texts)
	if err == nil && len(vs) != len(b.texts) {
		err = fmt.Errorf("embeddings model returned %d vectors for %d texts", len(vs), len(b.texts))
	}
	if err != nil {
		for _, s := range b.slots {
			s.p.mvecs = nil
		}
		return err
	}
	for j, s := range b.slots {
		s.p.mvecs[s.i] = quantize(vs[j])
	}
	return nil
}

// modelOne embeds a file for an update with the model, unless the model
// is off; a failure turns it off for the whole index (its vectors would
// be stale) until Rebuild.
func (e *Engine) modelOne(ctx context.Context, p *prepared) {
	e.mu.RLock()
	off := e.model == nil || e.modelErr != ""
	e.mu.RUnlock()
	if off {
		return
	}
	var b modelBatch
	b.add(p)
	err := e.embedModel(ctx, &b)
	e.saveModel()
	if err != nil {
		e.mu.Lock()
		e.modelErr, e.mvecs, e.mdim = err.Error(), map[string]*modelRec{}, 0
		e.mu.Unlock()
	}
}

// putModel stores p's model vectors; the caller holds e.mu.
func (e *Engine) putModel(p *prepared) {
	if p.mvecs == nil || e.mvecs == nil {
		return
	}
	for i := range p.chunks {
		if v := p.mvecs[i]; len(v.q) > 0 && (e.mdim == 0 || len(v.q) == e.mdim) {
			e.mdim = len(v.q)
			e.mvecs[p.chunks[i].key] = &modelRec{chunk: p.chunks[i].Chunk, sum: p.sum, v: v}
		}
	}
}

// dropModel removes the model vectors of doc's n chunks; the caller holds
// e.mu.
func (e *Engine) dropModel(doc string, n int) {
	for i := range n {
		delete(e.mvecs, chunkKey(doc, i))
	}
}

// saveModel writes what the model embedded since it was last saved, when
// it keeps its vectors (CachedEmbedder): after a build, an update, a
// query. A cache that cannot be written costs the next start requests,
// nothing else, so the error is dropped.
func (e *Engine) saveModel() {
	if s, ok := e.model.(interface{ Save() error }); ok {
		_ = s.Save()
	}
}

// modelOn reports whether queries are fused with the model.
func (e *Engine) modelOn() bool {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.model != nil && e.modelErr == "" && len(e.mvecs) > 0
}

// queryModel embeds the query with the model; a failure turns the fusion
// off for this query (and says so in Status until a query succeeds).
func (e *Engine) queryModel(ctx context.Context, text string) []float32 {
	vs, err := e.model.Embed(ctx, []string{text})
	e.saveModel()
	e.mu.Lock()
	defer e.mu.Unlock()
	switch {
	case err != nil:
		e.modelQueryErr = err.Error()
		return nil
	case len(vs) != 1 || len(vs[0]) != e.mdim:
		e.modelQueryErr = "embeddings model returned a query vector of the wrong length"
		return nil
	}
	e.modelQueryErr = ""
	qv := slices.Clone(vs[0])
	normalize(qv)
	return qv
}

// fuse merges the model's nearest chunks into the ranked candidates and
// orders them by the fused score. Similarities are rescaled over the
// model's best m (the worst of them 0, the best 1); a candidate outside
// them counts 0, as does a chunk only the model found for the hybrid.
func (e *Engine) fuse(cands []ranked, qv []float32, m int, keep func(*chunkRec) bool) []ranked {
	e.mu.RLock()
	near := e.nearest(qv, m, keep)
	e.mu.RUnlock()
	w := modelShare(near)
	if w == 0 {
		return cands
	}
	lo, hi := near[len(near)-1].sim, near[0].sim
	scale := func(s float64) float64 {
		if hi > lo {
			return (s - lo) / (hi - lo)
		}
		return 1
	}
	at := make(map[string]int, len(cands))
	for i := range cands {
		at[cands[i].key] = i
		cands[i].hybrid *= 1 - w
	}
	for _, n := range near {
		i, ok := at[n.key]
		if !ok {
			cands = append(cands, ranked{Chunk: n.rec.chunk, key: n.key, sum: n.rec.sum})
			i = len(cands) - 1
		}
		cands[i].model = scale(n.sim)
		cands[i].hybrid += w * cands[i].model
	}
	// Sorted by pointer: the build shares the sort code of pointers, a
	// struct type gets its own (see rank).
	order := make([]*ranked, len(cands))
	for i := range cands {
		order[i] = &cands[i]
	}
	slices.SortStableFunc(order, func(a, b *ranked) int { return cmp.Compare(b.hybrid, a.hybrid) })
	out := make([]ranked, len(order))
	for i, c := range order {
		out[i] = *c
	}
	return out
}

// near is a chunk the model finds close to a query.
type near struct {
	key string
	rec *modelRec
	sim float64
}

// above orders the nearest: a higher similarity first, ties by chunk key
// (the vectors are read from a map, whose order changes from run to run).
func (n near) above(o near) bool { return n.sim > o.sim || n.sim == o.sim && n.key < o.key }

// nearest returns the m chunks whose model vectors are nearest qv, best
// first; the caller holds e.mu.
func (e *Engine) nearest(qv []float32, m int, keep func(*chunkRec) bool) []near {
	if len(qv) != e.mdim {
		return nil
	}
	out := make([]near, 0, m+1)
	for key, r := range e.mvecs {
		if keep != nil && !keep(&chunkRec{Chunk: r.chunk}) {
			continue
		}
		var dot float32
		for j, x := range r.v.q {
			dot += qv[j] * float32(x)
		}
		s := float64(dot * r.v.scale)
		x := near{key, r, s}
		if len(out) == m && !x.above(out[m-1]) {
			continue
		}
		// Insertion into the few best, by hand: no generic code per
		// struct type in the WebAssembly build.
		if len(out) < m {
			out = append(out, near{})
		}
		i := len(out) - 1
		for ; i > 0 && x.above(out[i-1]); i-- {
			out[i] = out[i-1]
		}
		out[i] = x
	}
	return out
}
