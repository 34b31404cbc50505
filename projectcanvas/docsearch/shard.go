package docsearch

import (
	"math"
	stdbits "math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/projectcanvas/projectcanvas/fulltext"
	"github.com/projectcanvas/projectcanvas/internal/colsum"
)

// shard holds the chunks of the documents whose path hashes to it: their
// BM25 index and their vectors. Searches run one goroutine per shard.
// The engine's lock guards every field.
type shard struct {
	bm25   *fulltext.Index
	chunks []chunkRec // by slot; dead slots have live == false
	// cols holds the quantized vectors column by column (see qvec):
	// component j of the chunk in slot is scales[slot] × cols[j*colCap+slot],
	// for slots below colLen. A query from the built-in embedder has few
	// non-zero components, and a search reads only those columns, each
	// front to back. Empty when vectors are off.
	cols           []int8
	rows           []int8    // the same vectors slot by slot: rows[slot*dim+j] == cols[j*colCap+slot]
	scales         []float32 // by slot
	colCap, colLen int
	free           []int32          // dead slots to reuse
	byKey          map[string]int32 // chunk key (bm25 id) -> slot
	live           int
}

// chunkRec is an indexed chunk. Its text is not kept: the file has it
// (Engine.indexed).
type chunkRec struct {
	Chunk
	key  string // doc + "#" + ordinal: the BM25 id, stable across rebuilds
	sum  uint64 // the contentSum of its file as indexed (docState.sum), for excerpts
	live bool
}

func newShard() *shard {
	return &shard{bm25: fulltext.New(fulltext.WithCJKBigrams()), byKey: map[string]int32{}}
}

func chunkKey(doc string, i int) string { return doc + "#" + strconv.Itoa(i) }

// docTitle is a document's name without folders and extension.
func docTitle(doc string) string {
	doc = doc[strings.LastIndexByte(doc, '/')+1:]
	return strings.TrimSuffix(doc, ".md")
}

// addBM25 puts a chunk in the shard's BM25 index: the document's name and
// the heading path as its title, and its text.
func (s *shard) addBM25(key string, c *Chunk, text string) {
	s.bm25.Add(key, fulltext.Title(docTitle(c.Doc)+" "+c.HeadingPath), fulltext.Body(text))
}

// add indexes one chunk, of text, with its vector (nil when vectors are
// off) and returns its slot. inBM25 says the BM25 index already holds it
// (a build puts the chunks there as it reads them, see prepareShard).
func (s *shard) add(c chunkRec, text string, vec *qvec, dim int, inBM25 bool) int32 {
	c.live = true
	var slot int32
	if n := len(s.free); n > 0 {
		slot = s.free[n-1]
		s.free = s.free[:n-1]
		s.chunks[slot] = c
	} else {
		slot = int32(len(s.chunks))
		s.chunks = append(s.chunks, c)
	}
	if dim > 0 {
		s.setVec(slot, vec, dim)
	}
	s.byKey[c.key] = slot
	if !inBM25 {
		s.addBM25(c.key, &c.Chunk, text)
	}
	s.live++
	return slot
}

// remove drops the chunk in slot.
func (s *shard) remove(slot int32) {
	c := &s.chunks[slot]
	if !c.live {
		return
	}
	s.bm25.Remove(c.key)
	delete(s.byKey, c.key)
	*c = chunkRec{}
	s.free = append(s.free, slot)
	s.live--
}

// reserve makes room for the vectors of n slots. It grows by a quarter,
// not twice: a build reserves what the vault needs, and the first edit
// that adds a chunk would otherwise double the largest array of a
// long-running server (44 MB more on 20,000 files).
func (s *shard) reserve(n, dim int) {
	if n <= s.colCap {
		return
	}
	c := max(n, s.colCap+s.colCap/4, 64)
	cols := make([]int8, dim*c)
	for j := range dim {
		copy(cols[j*c:j*c+s.colLen], s.cols[j*s.colCap:j*s.colCap+s.colLen])
	}
	rows := make([]int8, dim*c)
	copy(rows, s.rows[:dim*s.colLen])
	scales := make([]float32, c)
	copy(scales, s.scales[:s.colLen])
	s.cols, s.rows, s.scales, s.colCap = cols, rows, scales, c
}

// setVec stores the vector of slot (nil: zero).
func (s *shard) setVec(slot int32, vec *qvec, dim int) {
	n := int(slot) + 1
	s.reserve(n, dim)
	s.colLen = max(s.colLen, n)
	s.scales[slot] = 0
	if vec != nil {
		s.scales[slot] = vec.scale
	}
	for j := range dim {
		x := int8(0)
		if vec != nil {
			x = vec.q[j]
		}
		s.cols[j*s.colCap+int(slot)] = x
		s.rows[int(slot)*dim+j] = x
	}
}

// dropVecs turns vectors off.
func (s *shard) dropVecs() { s.cols, s.rows, s.scales, s.colCap, s.colLen = nil, nil, nil, 0, 0 }

// qvec returns the vector of slot, or false when it has none.
func (s *shard) qvec(slot int32, dim int) (qvec, bool) {
	if dim == 0 || int(slot) >= s.colLen {
		return qvec{}, false
	}
	return qvec{q: slices.Clone(s.rows[int(slot)*dim:][:dim]), scale: s.scales[slot]}, true
}

// nonZero lists the components of q that are not zero.
func nonZero(q []float32) []int {
	var nz []int
	for j, x := range q {
		if x != 0 {
			nz = append(nz, j)
		}
	}
	return nz
}

// similarities returns the dot product of q with every slot's vector,
// reading only the columns where q is not zero, then scaling each sum by
// its slot's scale. The sums are buf's, valid until buf goes back to
// simPool.
//
// Four columns at a time go to colsum.Add4 (eight sums an instruction
// where the processor has AVX2). Elsewhere each column's products are
// looked up, not computed: a column's values are int8, so qj × x takes at
// most 256 values, tabled once a query, which spares a conversion and a
// multiplication per slot; eight columns a pass, an eighth of the loads
// and stores of acc, their tables one array at a fixed address so the
// compiler keeps the columns in registers. Both ways each product is
// rounded to float32 and the columns are added in order: the same sums bit
// for bit on every machine.
func (s *shard) similarities(q []float32, nz []int, buf *simBuffers) []float32 {
	n := s.colLen
	acc := append(buf.sums[:0], make([]float32, n)...)[:n] // of known length: spares a bounds check a slot
	buf.sums = acc
	col := func(k int) []int8 { return s.cols[nz[k]*s.colCap:][:n] }
	k := 0
	for ; k < len(nz); k += 4 {
		// The last pass pads with its first column at weight 0: adding
		// a zero changes no sum (no sum is -0, which +0 would turn to +0).
		var w [4]float32
		var c [4][]int8
		for i := range 4 {
			if k+i < len(nz) {
				w[i], c[i] = q[nz[k+i]], col(k+i)
			} else {
				c[i] = c[0]
			}
		}
		if !fast.add4(acc, c[0], c[1], c[2], c[3], &w) {
			break
		}
	}
	t := &buf.tables
	for ; k+8 <= len(nz); k += 8 {
		for c := range 8 {
			table(&t[c], q[nz[k+c]])
		}
		c0, c1, c2, c3, c4, c5, c6, c7 := col(k), col(k+1), col(k+2), col(k+3), col(k+4), col(k+5), col(k+6), col(k+7)
		for i, x := range c0 {
			a := acc[i]
			a += t[0][uint8(x)]
			a += t[1][uint8(c1[i])]
			a += t[2][uint8(c2[i])]
			a += t[3][uint8(c3[i])]
			a += t[4][uint8(c4[i])]
			a += t[5][uint8(c5[i])]
			a += t[6][uint8(c6[i])]
			a += t[7][uint8(c7[i])]
			acc[i] = a
		}
	}
	for ; k < len(nz); k++ {
		table(&t[0], q[nz[k]])
		for i, x := range col(k) {
			acc[i] += t[0][uint8(x)]
		}
	}
	if !fast.mul(acc, s.scales[:n]) {
		for i, sc := range s.scales[:n] {
			acc[i] *= sc
		}
	}
	return acc
}

// fast is the vector scan's fast paths (colsum); a test turns them off to
// check that the portable loops give the same results bit for bit.
var fast = struct {
	add4    func(acc []float32, c0, c1, c2, c3 []int8, q *[4]float32) bool
	max     func(x []float32) (float32, bool)
	atLeast func(x []float32, t float32, mask []uint8) bool
	mul     func(x, y []float32) bool
}{colsum.Add4, colsum.Max, colsum.AtLeast, colsum.Mul}

// table fills t with qj times each int8 value, indexed by the value's
// byte.
func table(t *[256]float32, qj float32) {
	for x := range 256 {
		t[x] = qj * float32(int8(x))
	}
}

// simBuffers are the buffers of similarities: a query's sums (as many as
// the shard has slots) and a pass's product tables, which would otherwise
// be allocated, zeroed and collected per query and shard.
type simBuffers struct {
	sums   []float32
	tables [8][256]float32
	mask   []uint8  // the slots bestAboveFloor weighs, a bit each
	seen   []uint64 // the slots of a search's BM25 candidates, a bit each; zero between searches
}

var simPool = sync.Pool{New: func() any { return new(simBuffers) }}

// cand is a search candidate: a chunk and its raw scores.
type cand struct {
	c      *chunkRec
	slot   int32 // c's slot in its shard
	vector float64
	bm25   float64
	hybrid float64
	cover  float64 // the share of the query's idf the chunk holds (BM25 candidates only)
}

// before orders candidates of equal score by document and position, so
// results do not depend on slot numbers.
func before(a, b *chunkRec) bool {
	if a.Doc != b.Doc {
		return a.Doc < b.Doc
	}
	return a.Start < b.Start
}

// slotSim is a slot and its vector similarity, as the vector ranking
// keeps its best so far: a min-heap of small values, the worst on top.
type slotSim struct {
	sim  float32
	slot int32
}

// worse reports whether a ranks below b: a lower similarity, or the same
// and later in document order (never slot order: see before).
func (s *shard) worse(a, b slotSim) bool {
	if a.sim != b.sim {
		return a.sim < b.sim
	}
	return before(&s.chunks[b.slot], &s.chunks[a.slot])
}

// siftDown restores the heap below i.
func (s *shard) siftDown(h []slotSim, i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		w := l
		if r := l + 1; r < len(h) && s.worse(h[r], h[l]) {
			w = r
		}
		if !s.worse(h[w], h[i]) {
			return
		}
		h[i], h[w] = h[w], h[i]
		i = w
	}
}

// bestBySim returns the best m slots by similarity that keep allows.
func (s *shard) bestBySim(sims []float32, m int, keep func(*chunkRec) bool, buf *simBuffers) []slotSim {
	h := make([]slotSim, 0, m)
	if keep == nil {
		if best, ok := s.bestAboveFloor(h, sims, m, buf); ok {
			return best
		}
	}
	for slot, sim := range sims {
		if len(h) == m && sim < h[0].sim {
			continue // below the worst kept: the chunk is not read
		}
		h = s.offer(h, m, int32(slot), sim, keep)
	}
	return h
}

// offer weighs slot, of similarity sim, for the heap h of the best m.
func (s *shard) offer(h []slotSim, m int, slot int32, sim float32, keep func(*chunkRec) bool) []slotSim {
	c := &s.chunks[slot]
	if !c.live || keep != nil && !keep(c) {
		return h
	}
	x := slotSim{sim, slot}
	switch {
	case len(h) < m:
		h = append(h, x)
		if len(h) == m {
			for i := m/2 - 1; i >= 0; i-- {
				s.siftDown(h, i)
			}
		}
	case s.worse(h[0], x):
		h[0] = x
		s.siftDown(h, 0)
	}
	return h
}

// bestAboveFloor is bestBySim without a filter where the processor can
// skip most slots at once (colsum): the least of the maxima of m blocks of
// sims is a floor that the best m all reach (each block holds one slot at
// least as similar, and removed slots count for nothing), and only the
// slots at or above it are weighed, in slot order. It returns false when
// it cannot tell (no fast path, too few slots, a block of removed slots).
// It sets the removed slots' similarities in sims to -Inf: the caller
// reads sims no more after it.
func (s *shard) bestAboveFloor(h []slotSim, sims []float32, m int, buf *simBuffers) ([]slotSim, bool) {
	size := len(sims) / max(m, 1)
	if m <= 0 || size < 32 {
		return nil, false
	}
	for _, slot := range s.free { // removed: their vectors stay until the slot is reused
		if int(slot) < len(sims) {
			sims[slot] = float32(math.Inf(-1))
		}
	}
	floor := float32(math.Inf(1))
	for b := range m {
		block := sims[b*size : (b+1)*size]
		if b == m-1 {
			block = sims[b*size:]
		}
		top, ok := fast.max(block)
		if !ok {
			return nil, false
		}
		floor = min(floor, top)
	}
	if math.IsInf(float64(floor), -1) {
		return nil, false
	}
	if n := len(sims)/8 + 1; cap(buf.mask) < n {
		buf.mask = make([]uint8, n)
	}
	mask := buf.mask[:len(sims)/8]
	if !fast.atLeast(sims, floor, mask) {
		return nil, false
	}
	for b, bits := range mask {
		for ; bits != 0; bits &= bits - 1 {
			slot := b*8 + stdbits.TrailingZeros8(bits)
			h = s.offer(h, m, int32(slot), sims[slot], nil)
		}
	}
	for slot := len(mask) * 8; slot < len(sims); slot++ {
		if sims[slot] >= floor {
			h = s.offer(h, m, int32(slot), sims[slot], nil)
		}
	}
	return h, true
}

// search returns this shard's candidates for a query: the best m by BM25
// and the best m by vector similarity (qv nil: no vector search), each
// with both scores. keep, when non-nil, filters chunks first.
func (s *shard) search(query string, qv []float32, dim, m int, useBM25 bool, keep func(*chunkRec) bool) []cand {
	out := make([]cand, 0, 2*m)
	var sims []float32
	var buf *simBuffers
	if qv != nil {
		buf = simPool.Get().(*simBuffers)
		defer simPool.Put(buf)
		sims = s.similarities(qv, nonZero(qv), buf)
	}
	if useBM25 {
		var keepID func(string) bool
		if keep != nil {
			keepID = func(id string) bool { return keep(&s.chunks[s.byKey[id]]) }
		}
		for _, h := range s.bm25.Search(query, m, keepID) {
			slot := s.byKey[h.ID]
			c := cand{c: &s.chunks[slot], slot: slot, bm25: h.Score, cover: h.Coverage}
			if int(slot) < len(sims) {
				c.vector = float64(sims[slot])
			}
			out = append(out, c)
		}
	}
	if qv == nil {
		return out
	}
	// The BM25 candidates' slots, a bit each, cleared before return.
	if n := (len(s.chunks) + 63) / 64; len(buf.seen) < n {
		buf.seen = make([]uint64, n)
	}
	byBM25 := out
	for _, c := range byBM25 {
		buf.seen[c.slot/64] |= 1 << (c.slot % 64)
	}
	for _, x := range s.bestBySim(sims, m, keep, buf) {
		if buf.seen[x.slot/64]&(1<<(x.slot%64)) != 0 {
			continue // a BM25 candidate already
		}
		// Outside BM25's best m: its keyword score, if any, is below
		// theirs; counted as 0.
		out = append(out, cand{c: &s.chunks[x.slot], slot: x.slot, vector: float64(x.sim)})
	}
	for _, c := range byBM25 {
		buf.seen[c.slot/64] = 0
	}
	return out
}
