package docsearch

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/maphash"
	"io/fs"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// CachePath is where the index cache lives in the vault.
const CachePath = ".projectcanvas/cache/docsearch.idx"

// States reported by Status.
const (
	StateReady    = "ready"
	StateDegraded = "degraded" // vector search is off; BM25 still answers (see Status.Reason)
	StateIndexing = "indexing" // the first build is under way (an engine from New); searches wait for it
)

// Engine is the document search index of one vault: every markdown file,
// chunked by heading, searchable by BM25, by vector similarity and by both
// (hybrid). It is safe for concurrent use: searches run in parallel and
// take turns with updates.
type Engine struct {
	fsys pc.Files // a pc.FS when the cache is written
	emb  Embedder
	// model is the person's own embeddings model, fused with the rest
	// (model.go); nil without one. mvecs holds its vectors by chunk key
	// and mdim their length (under mu); modelErr says why they are off
	// (the index could not be embedded), modelQueryErr why the last query
	// was answered without them.
	model                   Embedder
	mvecs                   map[string]*modelRec
	mdim                    int
	modelErr, modelQueryErr string
	maxChunk                int
	nshards                 int
	cachePath               string
	store                   CacheStore // WithCacheStore; nil: the cache file at cachePath
	now                     func() time.Time
	ctxWeight               float64 // weight of a query's context vector (0: none; < 0: the embedder's default)
	pause                   func()  // called now and then during a build (WithPause); nil for none
	// gate and sliceStart pace a build with a pause (turn).
	gate       sync.Mutex
	sliceStart time.Time
	// While a build runs, updates are recorded in pending instead of
	// waiting for it (a command's answer, or the editor's events, would
	// wait the whole build), and applied in order as it ends.
	pendMu   sync.Mutex
	building bool
	pending  []Event

	// writeMu serializes changes (builds and per-file updates), so an
	// update is never lost under a rebuild that read the file earlier.
	writeMu sync.Mutex

	mu     sync.RWMutex
	shards []*shard
	docs   map[string]*docState
	// skipped are the files the index could not read (a link that leaves
	// the vault, an unreadable file), by name, with why: left out and
	// named in Status, never a reason to drop the whole index.
	skipped  map[string]string
	dim      int    // vector length; 0 when vectors are off
	vecErr   string // why vectors are off at index time
	queryErr string // why the last query had no vector
	gen      uint64
	nonce    string
	seed     maphash.Seed // of contentSum
	dirty    bool         // the cache is out of date
	watching bool
	lastEvt  time.Time
	buildErr string // why the last build failed

	ready     chan struct{} // closed when the first build has finished
	readyOnce sync.Once
}

// docState is what the engine knows of one indexed file.
type docState struct {
	hash   pc.Hash
	sum    uint64 // contentSum of the indexed content
	shard  int
	slots  []int32
	chunks int
	nodes  int // sections
	// truncated: the file is longer than MaxIndexedBytes and only its
	// first part is indexed.
	truncated bool
}

// Option configures an Engine.
type Option func(*Engine)

// WithEmbedder sets the embedder (default: the built-in HashEmbedder, or
// what .projectcanvas/config.json asks for when the engine is opened with
// WithConfig).
func WithEmbedder(e Embedder) Option { return func(x *Engine) { x.emb = e } }

// WithContextVectors adds to every query's vector weight times the
// context vector of its words, learned from the vault's own chunks (see
// the package doc's Relevance section); 0 turns it off. The default is
// DefaultContextWeight with the built-in embedder and 0 with any other
// (untested with real models, whose vectors already place synonyms).
func WithContextVectors(weight float64) Option {
	return func(x *Engine) {
		if weight >= 0 { // NaN and negatives leave the default
			x.ctxWeight = weight
		}
	}
}

// WithShards sets the number of shards (default: one per CPU, at least 2).
func WithShards(n int) Option {
	return func(x *Engine) {
		if n > 0 {
			x.nshards = n
		}
	}
}

// WithMaxChunk sets the size in bytes above which sections are split.
func WithMaxChunk(n int) Option { return func(x *Engine) { x.maxChunk = n } }

// WithCache keeps the index cache at path in the vault ("" turns it off).
// The default is CachePath.
func WithCache(path string) Option { return func(x *Engine) { x.cachePath = path } }

// CacheStore keeps the index cache outside the vault: the editor plugin
// keeps it in its own folder, per device and sealed (its vault is in
// memory, and a cache among the vault's files would sync to others).
type CacheStore interface {
	// Load returns the cache last saved, nil for none.
	Load() []byte
	// Save keeps data for the next Load.
	Save(data []byte)
}

// WithCacheStore keeps the index cache in store instead of a file of the
// vault (WithCache). A cache that does not match (another embedder, a
// failed checksum) is ignored, as a file's is.
func WithCacheStore(store CacheStore) Option {
	return func(x *Engine) { x.store, x.cachePath = store, "" }
}

// pauseSlice is the longest a build works between two pauses (WithPause):
// a command that arrives meanwhile waits at most about this long.
const pauseSlice = 10 * time.Millisecond

// WithPause has a build pause every pauseSlice of work. In WebAssembly, Go
// gives the thread back to JavaScript only when every goroutine waits, so
// a build that never waits holds every other call (a command, a search)
// until it ends. With a pause, the build's workers take turns (one gate:
// in WebAssembly there is one thread anyway), and the one whose turn
// passes pauseSlice calls pause (a sleep of a millisecond) holding the
// gate: every worker waits then, and a call that came in runs.
func WithPause(pause func()) Option { return func(x *Engine) { x.pause = pause } }

// pacedEmbedBatch is how many chunks a paced build embeds in one turn: the
// built-in embedder's 1,024 took tens of milliseconds in WebAssembly, and
// 64 still 8 to 10 (a turn then ran past pauseSlice by that much).
const pacedEmbedBatch = 16

// embedTurn is how many chunks a build embeds at once.
func (e *Engine) embedTurn() int {
	if e.pause != nil {
		return pacedEmbedBatch
	}
	return embedBatch
}

// turn runs one unit of a build's work (a document, a batch to embed)
// under the pause gate, pausing first when the slice is spent; without
// WithPause it just runs it.
func (e *Engine) turn(work func()) {
	if e.pause == nil {
		work()
		return
	}
	e.gate.Lock()
	defer e.gate.Unlock()
	if time.Since(e.sliceStart) >= pauseSlice {
		e.pause()
		e.sliceStart = time.Now()
	}
	work()
}

// WithClock sets the clock of watcher events (tests).
func WithClock(now func() time.Time) Option { return func(x *Engine) { x.now = now } }

// Open indexes every markdown file of fsys. Files unchanged since the
// index cache was written reuse their chunks and vectors; a corrupt or
// outdated cache is ignored and rewritten. When the embedder fails, the
// engine opens degraded: BM25 answers alone and Status says why.
func Open(ctx context.Context, fsys pc.Files, opts ...Option) (*Engine, error) {
	e := New(fsys, opts...)
	if err := e.Rebuild(ctx); err != nil {
		return nil, err
	}
	_ = e.Save() // a cache that cannot be written only costs time at the next start
	return e, nil
}

// New returns an engine over fsys whose index is not built yet: Status
// says indexing and searches wait until the first Rebuild finishes.
// Updates that arrive meanwhile are applied after it. Hosts that must
// answer at once (a server starting) build in the background this way:
//
//	eng := docsearch.New(fsys, opts...)
//	go func() { _ = eng.Rebuild(ctx); _ = eng.Save() }()
func New(fsys pc.Files, opts ...Option) *Engine {
	e := &Engine{
		fsys:      fsys,
		maxChunk:  DefaultMaxChunk,
		nshards:   max(2, runtime.GOMAXPROCS(0)),
		cachePath: CachePath,
		now:       time.Now,
		ready:     make(chan struct{}),
		ctxWeight: -1,
	}
	for _, o := range opts {
		if o != nil {
			o(e)
		}
	}
	if e.emb == nil {
		e.emb = NewHashEmbedder(0)
	}
	if e.ctxWeight < 0 {
		e.ctxWeight = 0
		if _, builtin := e.emb.(*HashEmbedder); builtin {
			e.ctxWeight = DefaultContextWeight
		}
	}
	e.nonce = newNonce()
	e.seed = maphash.MakeSeed()
	e.docs, e.skipped = map[string]*docState{}, map[string]string{}
	if e.model != nil {
		e.mvecs = map[string]*modelRec{}
	}
	e.shards = make([]*shard, e.nshards)
	for i := range e.shards {
		e.shards[i] = newShard()
	}
	return e
}

// isReady reports whether the first build has finished.
func (e *Engine) isReady() bool {
	select {
	case <-e.ready:
		return true
	default:
		return false
	}
}

// WaitReady waits for the first build, or for ctx.
func (e *Engine) WaitReady(ctx context.Context) error { return e.waitReady(ctx) }

// waitReady waits for the first build, or for ctx, outside the host's
// read gate (pc.Unheld): the build takes seconds.
func (e *Engine) waitReady(ctx context.Context) error {
	if e.isReady() {
		return nil
	}
	defer pc.Unheld(ctx)()
	select {
	case <-e.ready:
		return nil
	case <-ctx.Done():
		return pc.Errorf(pc.CodeInternal, "the document index is still being built: %v", ctx.Err())
	}
}

// OpenWithConfig opens the engine with the embedder that cfg, the
// person's setting, names (see Config), an HTTP one sending through t.
func OpenWithConfig(ctx context.Context, fsys pc.Files, cfg Config, t pc.Transport, opts ...Option) (*Engine, error) {
	opt, err := cfg.Option(t)
	if err != nil {
		return nil, err
	}
	return Open(ctx, fsys, append([]Option{opt}, opts...)...)
}

// newNonce tells this engine's snapshots from another's: it needs to
// differ, not to be secret, so math/rand (seeded by the runtime) serves,
// and the WebAssembly build does without crypto/rand's generator (60 KB).
func newNonce() string {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], rand.Uint32())
	return hex.EncodeToString(b[:])
}

// IsDoc reports whether a vault path is a document the engine indexes:
// a markdown file outside hidden folders.
func IsDoc(name string) bool {
	// Without lower-casing the name: a build asks this of every file.
	return len(name) >= len(".md") && strings.EqualFold(name[len(name)-len(".md"):], ".md") && !pc.Hidden(name)
}

func (e *Engine) shardOf(doc string) int { return int(fnv64(doc) % uint64(e.nshards)) }

// prepared is a file chunked and embedded, ready to enter a shard.
type prepared struct {
	doc       string
	hash      pc.Hash
	sum       uint64 // contentSum
	truncated bool   // longer than MaxIndexedBytes: indexed in part
	chunks    []chunkRec
	src       []byte // the file, for its chunks' texts (BM25 and the embedder); nil once both have them: the index keeps no text
	vecs      []qvec // nil when vectors are off
	mvecs     []qvec // the model's, one per chunk; nil without a model (model.go)
	cached    bool   // chunks and vectors came from the cache
	inBM25    bool   // the shard's BM25 index holds the chunks already (a build's, see prepareShard)
}

// cachedDoc is a file as the index cache (cache.go) has it.
type cachedDoc struct {
	hash   pc.Hash
	chunks []Chunk
	vecs   []qvec
}

// cacheData is the index cache as read.
type cacheData struct {
	ok   bool // the file was there and valid
	docs map[string]*cachedDoc
	bm25 [][]byte // by shard; nil when the shard count differs
}

// prepare reads and chunks one file, reusing cached chunks when its
// content is unchanged. It returns nil for a file that no longer exists.
func (e *Engine) prepare(doc string, cache map[string]*cachedDoc) (*prepared, error) {
	// Without a copy where the files share their bytes (the WebAssembly
	// build's memfs): the build only reads them, and copied every file.
	src, _, err := pc.ReadShared(e.fsys, doc)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	p := &prepared{doc: doc, hash: pc.HashOf(src), sum: e.contentSum(src), truncated: IndexedBytes(src) < len(src)}
	var chunks []Chunk
	if cd := cache[doc]; cd != nil && cd.hash == p.hash && chunksFit(cd.chunks, len(src)) {
		chunks, p.vecs, p.cached = cd.chunks, cd.vecs, true
	} else {
		chunks = Split(doc, src, e.maxChunk)
	}
	p.src = src
	p.chunks = make([]chunkRec, len(chunks))
	for i, c := range chunks {
		p.chunks[i] = chunkRec{Chunk: c, key: chunkKey(doc, i)}
	}
	return p, nil
}

// text is the text of chunk j: copied out of the file when asked, so that
// a file whose chunks come from the cache (the most at a later start)
// copies none.
func (p *prepared) text(j int) string { return p.chunks[j].Text(p.src) }

// chunksFit reports whether cached chunks lie inside a file of n bytes.
func chunksFit(chunks []Chunk, n int) bool {
	for _, c := range chunks {
		if c.Start < 0 || c.Start > c.End || c.End > n {
			return false
		}
	}
	return true
}

// embedText is what the embedder sees of a chunk: where it is and what it says.
func embedText(c *chunkRec, text string) string {
	return docTitle(c.Doc) + " > " + c.HeadingPath + "\n" + text
}

// embedBatch is about how many chunks embed sends to the embedder at a
// time: the texts and float32 vectors of a batch exist only until they are
// quantized, rather than those of a whole shard at once.
const embedBatch = 1024

// embed fills the vectors of the prepared files that lack them.
func (e *Engine) embed(ctx context.Context, ps []*prepared) error {
	for len(ps) > 0 {
		var batch []*prepared
		n := 0
		for len(ps) > 0 && n < embedBatch {
			if ps[0].vecs == nil {
				batch = append(batch, ps[0])
				n += len(ps[0].chunks)
			}
			ps = ps[1:]
		}
		if err := e.embedAll(ctx, batch, n); err != nil {
			return err
		}
	}
	return nil
}

// embedAll embeds the n chunks of ps in one call of the embedder.
func (e *Engine) embedAll(ctx context.Context, ps []*prepared, n int) error {
	if n == 0 {
		return nil
	}
	texts := make([]string, 0, n)
	for _, p := range ps {
		for i := range p.chunks {
			texts = append(texts, embedText(&p.chunks[i], p.text(i)))
		}
	}
	vecs, err := e.emb.Embed(ctx, texts)
	if err == nil && len(vecs) != len(texts) {
		err = fmt.Errorf("embedder returned %d vectors for %d texts", len(vecs), len(texts))
	}
	if err != nil {
		return err
	}
	for _, p := range ps {
		p.vecs, vecs = quantizeAll(vecs[:len(p.chunks)]), vecs[len(p.chunks):]
	}
	return nil
}

// build indexes the whole vault from scratch (reusing the cache), one
// goroutine per shard.
func (e *Engine) build(ctx context.Context) error {
	e.writeMu.Lock()
	defer e.writeMu.Unlock()
	e.pendMu.Lock()
	e.building = true
	e.pendMu.Unlock()
	defer e.applyPending(ctx) // before writeMu is released: no update falls between

	var docs []string
	if err := e.fsys.Walk(func(name string) error {
		if IsDoc(name) {
			docs = append(docs, name)
		}
		return nil
	}); err != nil {
		return err
	}
	cache := e.loadCache()
	byShard := make([][]string, e.nshards)
	for _, d := range docs {
		i := e.shardOf(d)
		byShard[i] = append(byShard[i], d)
	}
	prepped := make([][]*prepared, e.nshards)
	skips := make([]map[string]string, e.nshards)
	shards := make([]*shard, e.nshards)
	errs := make([]error, e.nshards)
	vecErrs := make([]error, e.nshards)
	modelErrs := make([]error, e.nshards)
	var wg sync.WaitGroup
	for i := range e.nshards {
		wg.Go(func() {
			shards[i] = newShard()
			skips[i] = map[string]string{}
			prepped[i], vecErrs[i], modelErrs[i], errs[i] = e.prepareShard(ctx, i, byShard[i], cache, shards[i], skips[i])
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	dim, vecErr := 0, ""
	for _, err := range vecErrs {
		if err != nil && vecErr == "" {
			vecErr = err.Error()
		}
	}
	if vecErr == "" {
		dim = firstDim(prepped)
	}
	// Fill the shards in parallel too, then swap them in.
	docMaps := make([]map[string]*docState, e.nshards)
	for i := range e.nshards {
		wg.Go(func() {
			docMaps[i] = make(map[string]*docState, len(prepped[i]))
			n := 0
			for _, p := range prepped[i] {
				n += len(p.chunks)
			}
			shards[i].chunks = make([]chunkRec, 0, n)
			shards[i].byKey = make(map[string]int32, n) // grown key by key, it rehashed a tenth of a later start
			if dim > 0 {
				shards[i].reserve(n, dim)
			}
			for _, p := range prepped[i] {
				e.turn(func() { docMaps[i][p.doc] = shards[i].insert(i, p, dim) })
			}
		})
	}
	wg.Wait()
	reused := 0
	all := make(map[string]*docState, len(docs))
	for i := range e.nshards {
		for _, p := range prepped[i] {
			if p.cached {
				reused++
			}
		}
		maps.Copy(all, docMaps[i])
	}
	skipped := map[string]string{}
	for _, s := range skips {
		maps.Copy(skipped, s)
	}
	if e.model != nil {
		e.saveModel() // before the lock: a file write holds no search
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.shards, e.docs, e.skipped = shards, all, skipped
	if e.model != nil {
		e.mvecs, e.mdim, e.modelErr = map[string]*modelRec{}, 0, ""
		if err := errors.Join(modelErrs...); err != nil {
			e.modelErr = err.Error()
		} else {
			for i := range prepped {
				for _, p := range prepped[i] {
					e.putModel(p)
				}
			}
		}
	}
	e.dim, e.vecErr = dim, vecErr
	e.dirty = !cache.ok || reused != len(cache.docs) || reused != len(e.docs)
	e.gen++
	return nil
}

// prepareShard prepares the files of shard i, sh, whose BM25 index it
// fills: each file is read, chunked, put in the BM25 index and embedded a
// batch at a time, and its texts are dropped as soon as both have them, so
// a build never holds the text of the whole vault. vecErr is the
// embedder's failure (the rest of the shard is not embedded then). A file
// that cannot be read is left out and put in skipped, with why.
func (e *Engine) prepareShard(ctx context.Context, i int, docs []string, cache cacheData, sh *shard, skipped map[string]string) (ps []*prepared, vecErr, modelErr, err error) {
	reloaded := e.reloadBM25(sh, i, cache)
	var batch []*prepared
	n := 0
	var mb modelBatch
	embedModel := func() {
		e.turn(func() {
			if err := e.embedModel(ctx, &mb); err != nil && modelErr == nil {
				modelErr = err
			}
		})
	}
	embed := func() {
		e.turn(func() {
			if vecErr == nil {
				vecErr = e.embed(ctx, batch)
			}
		})
		for _, p := range batch {
			p.src = nil
		}
		batch, n = batch[:0], 0
	}
	for _, d := range docs {
		var p *prepared
		e.turn(func() {
			if p, err = e.prepare(d, cache.docs); err == nil && p != nil {
				indexBM25(sh, p, reloaded, cache.docs[d])
			}
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, nil, ctx.Err()
			}
			skipped[d], err = pc.AsError(err).Message, nil
			continue
		}
		if p == nil {
			continue
		}
		ps = append(ps, p)
		if e.model != nil && modelErr == nil {
			mb.add(p)
			if len(mb.texts) >= e.embedTurn() {
				embedModel()
			}
		}
		if p.vecs != nil {
			p.src = nil
			continue
		}
		batch = append(batch, p)
		if n += len(p.chunks); n >= e.embedTurn() {
			embed()
		}
	}
	embed()
	if e.model != nil && modelErr == nil {
		embedModel()
	}
	if reloaded {
		// Files that went away since the cache was written.
		current := make(map[string]bool, len(ps))
		for _, p := range ps {
			current[p.doc] = true
		}
		for doc, cd := range cache.docs {
			if e.shardOf(doc) == i && !current[doc] {
				removeBM25(sh, doc, len(cd.chunks))
			}
		}
	}
	return ps, vecErr, modelErr, nil
}

// indexBM25 puts a prepared file in the shard's BM25 index. A file that
// comes unchanged from the cache is there already when the index was
// reloaded from the cache too; a changed one replaces its cached version
// (cached, nil for none). Scores do not depend on an index's history, so
// this equals indexing from scratch.
func indexBM25(sh *shard, p *prepared, reloaded bool, cached *cachedDoc) {
	p.inBM25 = true
	if reloaded && p.cached {
		return
	}
	if reloaded && cached != nil {
		removeBM25(sh, p.doc, len(cached.chunks))
	}
	for j := range p.chunks {
		sh.addBM25(p.chunks[j].key, &p.chunks[j].Chunk, p.text(j))
	}
}

// removeBM25 removes the n chunks of doc from the shard's BM25 index.
func removeBM25(sh *shard, doc string, n int) {
	for k := range n {
		sh.bm25.Remove(chunkKey(doc, k))
	}
}

func firstDim(prepped [][]*prepared) int {
	for _, ps := range prepped {
		for _, p := range ps {
			if len(p.vecs) > 0 {
				return len(p.vecs[0].q)
			}
		}
	}
	return 0
}

// insert adds a prepared file to shard i. The caller holds e.mu.
func (e *Engine) insert(i int, p *prepared) {
	e.docs[p.doc] = e.shards[i].insert(i, p, e.dim)
}

// insert adds a prepared file to this shard, number i, and returns its
// state. Vectors of the wrong length (or none) are left zero.
func (s *shard) insert(i int, p *prepared, dim int) *docState {
	st := &docState{hash: p.hash, sum: p.sum, shard: i, chunks: len(p.chunks), truncated: p.truncated}
	last := -1
	for j := range p.chunks {
		var v *qvec
		if dim > 0 && len(p.vecs) == len(p.chunks) && len(p.vecs[j].q) == dim {
			v = &p.vecs[j]
		}
		var text string // none when the BM25 index has the chunk already
		if !p.inBM25 {
			text = p.text(j)
		}
		c := p.chunks[j]
		c.sum = p.sum
		st.slots = append(st.slots, s.add(c, text, v, dim, p.inBM25))
		if p.chunks[j].Section != last {
			st.nodes++
			last = p.chunks[j].Section
		}
	}
	return st
}

// drop removes an indexed file. The caller holds e.mu.
func (e *Engine) drop(doc string) bool {
	st := e.docs[doc]
	if st == nil {
		return false
	}
	for _, slot := range st.slots {
		e.shards[st.shard].remove(slot)
	}
	e.dropModel(doc, st.chunks)
	delete(e.docs, doc)
	return true
}

// Update re-indexes one file after it was created or modified; a file
// that no longer exists is removed from the index. Unchanged content
// changes nothing. Paths that are not documents (see IsDoc) are ignored.
func (e *Engine) Update(ctx context.Context, doc string) error {
	if !IsDoc(doc) || e.deferred(Event{Op: OpModify, Path: doc}) {
		return nil
	}
	e.writeMu.Lock()
	defer e.writeMu.Unlock()
	return e.update(ctx, doc)
}

// deferred records ev for the end of the build under way, if one is;
// it reports whether it did.
func (e *Engine) deferred(ev Event) bool {
	e.pendMu.Lock()
	defer e.pendMu.Unlock()
	if e.building {
		e.pending = append(e.pending, ev)
	}
	return e.building
}

// applyPending applies the updates recorded during a build, in the order
// they came (more may come while it does), then ends the build's deferral.
// The caller holds writeMu.
func (e *Engine) applyPending(ctx context.Context) {
	for {
		e.pendMu.Lock()
		evs := e.pending
		e.pending = nil
		if len(evs) == 0 {
			e.building = false
			e.pendMu.Unlock()
			return
		}
		e.pendMu.Unlock()
		for _, ev := range evs {
			if ev.Op == OpDelete {
				e.remove(ev.Path)
			} else {
				_ = e.update(ctx, ev.Path) // a failure shows in Status, as an update's does
			}
		}
	}
}

// update re-indexes doc; the caller holds writeMu.
func (e *Engine) update(ctx context.Context, doc string) error {
	p, err := e.prepare(doc, nil)
	if err != nil {
		// Left out and named, as a build does: the old text of a file
		// that can no longer be read is not searched either.
		e.mu.Lock()
		defer e.mu.Unlock()
		e.drop(doc)
		e.skipped[doc] = pc.AsError(err).Message
		e.changed()
		return err
	}
	if p == nil {
		e.remove(doc)
		return nil
	}
	e.mu.RLock()
	st := e.docs[doc]
	e.mu.RUnlock()
	if st != nil && st.hash == p.hash {
		return nil
	}
	e.embedOne(ctx, p)
	e.modelOne(ctx, p)
	e.mu.Lock()
	defer e.mu.Unlock()
	e.drop(doc)
	delete(e.skipped, doc)
	e.insert(e.shardOf(doc), p)
	e.putModel(p)
	e.changed()
	return nil
}

// embedOne embeds a file for an update, unless vectors are off. When the
// embedder fails, vectors go off for the whole index (they would be
// stale): keyword search only, until Rebuild.
func (e *Engine) embedOne(ctx context.Context, p *prepared) {
	e.mu.RLock()
	off := e.vecErr != ""
	e.mu.RUnlock()
	if off || p.vecs != nil {
		return
	}
	err := e.embed(ctx, []*prepared{p})
	e.mu.Lock()
	defer e.mu.Unlock()
	switch {
	case err != nil:
		e.vecErr, e.dim = err.Error(), 0
		for _, sh := range e.shards {
			sh.dropVecs()
		}
	case e.dim == 0 && len(p.vecs) > 0:
		e.dim = len(p.vecs[0].q) // the first vectors of an empty index
	}
}

// Remove drops a deleted file from the index.
func (e *Engine) Remove(doc string) {
	if e.deferred(Event{Op: OpDelete, Path: doc}) {
		return
	}
	e.writeMu.Lock()
	defer e.writeMu.Unlock()
	e.remove(doc)
}

func (e *Engine) remove(doc string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.drop(doc) {
		e.changed()
	}
	delete(e.skipped, doc)
}

// Rename moves a file in the index. Its chunks are embedded again: the
// vectors carry the document's name.
func (e *Engine) Rename(ctx context.Context, from, to string) error {
	e.Remove(from)
	return e.Update(ctx, to)
}

// Rebuild re-reads the whole vault (and retries a failed embedder). The
// first Rebuild of an engine from New ends its indexing state, even when
// it fails (Status then says why).
func (e *Engine) Rebuild(ctx context.Context) error {
	err := e.build(ctx)
	e.mu.Lock()
	e.buildErr = ""
	if err != nil {
		e.buildErr = err.Error()
	}
	e.mu.Unlock()
	e.readyOnce.Do(func() { close(e.ready) })
	return err
}

// changed records an update. The caller holds e.mu.
func (e *Engine) changed() {
	e.gen++
	e.dirty = true
}

// Op is the kind of a vault event.
type Op string

// Vault events a watcher feeds the engine.
const (
	OpCreate Op = "create"
	OpModify Op = "modify"
	OpDelete Op = "delete"
	OpRename Op = "rename"
)

// Event is one change of the vault, as a watcher (fsnotify natively, the
// plugin's vault events in WASM) reports it. OldPath is set for renames.
type Event struct {
	Op      Op
	Path    string
	OldPath string
}

// SawEvents records that the watcher saw vault events now, for a host that
// follows a burst of them with Rebuild rather than one Apply each: the
// watcher's last event is the burst's, not the one before it.
func (e *Engine) SawEvents() {
	e.mu.Lock()
	e.lastEvt = e.now()
	e.mu.Unlock()
}

// Apply updates the index for one vault event and records it as the
// watcher's last event.
func (e *Engine) Apply(ctx context.Context, ev Event) error {
	e.SawEvents()
	switch ev.Op {
	case OpCreate, OpModify:
		return e.Update(ctx, ev.Path)
	case OpDelete:
		e.Remove(ev.Path)
		return nil
	case OpRename:
		return e.Rename(ctx, ev.OldPath, ev.Path)
	}
	return pc.Errorf(pc.CodeInvalidArgument, "unknown vault event %q", ev.Op)
}

// SetWatching records whether a watcher feeds the engine (msrl_status
// shows it).
func (e *Engine) SetWatching(active bool) {
	e.mu.Lock()
	e.watching = active
	e.mu.Unlock()
}

// Status is the engine's state, as msrl_status reports it.
type Status struct {
	State      string // StateReady, StateDegraded or StateIndexing
	Reason     string // why degraded
	SnapshotID string // changes with every update of the index
	Embedder   string
	Docs       int // files
	Nodes      int // sections
	Leaves     int // chunks
	Shards     int
	Watching   bool
	LastEvent  time.Time // zero when none
	// Truncated lists, in order, the files longer than MaxIndexedBytes, of
	// which only the first part is indexed.
	Truncated []string
	// Skipped lists, in order, the files the index could not read (a
	// symbolic link out of the vault, say) and left out.
	Skipped []Skipped
}

// Skipped is a file the index left out, and why.
type Skipped struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// Status returns the engine's state.
func (e *Engine) Status() Status {
	e.mu.RLock()
	defer e.mu.RUnlock()
	s := Status{State: StateReady, SnapshotID: fmt.Sprintf("%s-%d", e.nonce, e.gen), Embedder: e.embedderID(),
		Docs: len(e.docs), Shards: len(e.shards), Watching: e.watching, LastEvent: e.lastEvt}
	for name, d := range e.docs {
		s.Nodes += d.nodes
		s.Leaves += d.chunks
		if d.truncated {
			s.Truncated = append(s.Truncated, name)
		}
	}
	slices.Sort(s.Truncated)
	for _, name := range slices.Sorted(maps.Keys(e.skipped)) {
		s.Skipped = append(s.Skipped, Skipped{Path: name, Reason: e.skipped[name]})
	}
	s.State, s.Reason = e.state()
	return s
}

// State is Status's State and Reason alone, without counting the index's
// documents (every search_docs answer asks).
func (e *Engine) State() (state, reason string) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.state()
}

// state is State; the caller holds e.mu.
func (e *Engine) state() (string, string) {
	if !e.isReady() {
		return StateIndexing, "building the index of the vault"
	}
	if reason := e.degradedReason(); reason != "" {
		return StateDegraded, reason
	}
	return StateReady, ""
}

// embedderID names the built-in embedder, and the person's model fused
// with it when there is one.
func (e *Engine) embedderID() string {
	if e.model == nil {
		return e.emb.ID()
	}
	return e.emb.ID() + " + " + e.model.ID()
}

func (e *Engine) degradedReason() string {
	switch {
	case e.buildErr != "":
		return "the index could not be built: " + e.buildErr
	case e.vecErr != "":
		return "vector search off, keyword (BM25) search only: " + e.vecErr
	case e.queryErr != "":
		return "last query searched by keyword (BM25) only: " + e.queryErr
	case e.modelErr != "":
		return "your embeddings model is off, the built-in search answers alone: " + e.modelErr
	case e.modelQueryErr != "":
		return "last query searched without your embeddings model: " + e.modelQueryErr
	}
	return ""
}

// Chunks calls fn for every indexed chunk with its text and vector (nil
// when vectors are off), shard by shard. The text is read from the file;
// it is "" when the file changed since it was indexed. It is for exports
// and tools; fn must not call the engine.
func (e *Engine) Chunks(fn func(c Chunk, text string, vec []float32)) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	var doc string
	var src []byte
	for _, sh := range e.shards {
		for slot := range sh.chunks {
			c := &sh.chunks[slot]
			if !c.live {
				continue
			}
			if c.Doc != doc {
				doc, src = c.Doc, e.indexed(c.Doc, e.docs[c.Doc].sum)
			}
			var text string
			if c.End <= len(src) {
				text = c.Text(src)
			}
			var vec []float32
			if v, ok := sh.qvec(int32(slot), e.dim); ok {
				vec = v.floats()
			}
			fn(c.Chunk, text, vec)
		}
	}
}

// indexed returns the content of doc if it is still the content the
// index holds (of that contentSum), else nil. The index keeps no chunk
// text: excerpts are read back from the files, which is as fast as the
// file system (memory in WebAssembly, the page cache natively) and saves
// a copy of every document's text.
func (e *Engine) indexed(doc string, sum uint64) []byte {
	src, err := e.fsys.ReadFile(doc)
	if err != nil || e.contentSum(src) != sum {
		return nil
	}
	return src
}

// contentSum is a checksum of a file's content that tells whether a file
// read for its excerpts is still what was indexed: a 64-bit maphash, many
// times faster than the SHA-256 of pc.HashOf (which the cache needs, as it
// must hold across processes; this needs to hold in this one only).
func (e *Engine) contentSum(src []byte) uint64 { return maphash.Bytes(e.seed, src) }
