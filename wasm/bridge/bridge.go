// Package bridge is the WebAssembly host of Project Canvas as a plain Go
// function, so that it is tested natively: the js/wasm main package only
// turns each JavaScript call into one Call.
//
// The editor owns the files; the bridge holds a copy in memory (memfs). The
// editor loads the vault's files, feeds every vault event it sees, calls
// tools or serves HTTP requests through the same handler as the native
// server, and applies the file changes each answer carries (write, delete,
// rename) through its own vault API.
//
// The document search index (search_docs, msrl_status, semantic
// search_entities) is built in the background after load (msrl_status says
// indexing meanwhile; searches wait for it) and follows the vault events and
// the tools' own writes. It keeps no cache: the vault is the editor's, and a
// binary file is no change to hand it.
//
// Every function takes and returns one JSON object:
//
//	load   {"files":[{"path","content"}], "token"?, "index_key"?} -> {"entities","problems","changes","recovered","index_cache"}
//	events {"events":[{"type":"create|modify|delete|rename","path","content"?,"from"?}]} -> {"applied"}
//	call   {"name","arguments"?}                            -> {"result","changes"}
//	http   {"method","path","headers"?,"body"?}             -> {"status","headers","body","changes"}
//	tools  {}                                               -> {"tools":[...]}
//	command  {"id","arguments"?}                            -> {"result","changes"}
//	commands {}                                             -> {"commands":[...]}
//
// command runs one of the editor's commands (package commands): its
// result says what to show (notice, node ids to select, centre, hide or
// show, files to open, rows), and changes are applied as call's are.
//
// load's changes are the writes that rolled back an interrupted write's
// journal found among the files, and recovered says what was done (see
// projectcanvas.Recovery); a journal that names files no transaction
// writes is ignored, never executed (Recovery.Ignored).
//
// A failure is a *projectcanvas.Error (code, message, details).
package bridge

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"sync"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/commands"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpapi/route"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// Functions are the names Call answers, in the order the JS global lists them.
var Functions = []string{"load", "events", "call", "http", "tools", "command", "commands"}

// Bridge is one vault held for a host. Its methods are safe for concurrent use.
type Bridge struct {
	registry  *tools.Registry
	commands  *commands.Registry
	transport pc.Transport // the host's outbound HTTP; nil when it has none
	// vectorStores is the host's store of a model's vectors on the device
	// (WithVectorStores); nil keeps them for the load only.
	vectorStores func(name string) docsearch.VectorStore
	// pause gives the thread back to the host during the document index's
	// build (see WithPause).
	pause func()

	mu  sync.RWMutex // guards the fields below; load replaces them
	fs  *memfs.FS
	env *tools.Env
	api *route.API

	stageMu     sync.Mutex
	staged      []File // for the next load (Stage)
	stagedCache []byte // for the next load (StageIndexCache)
	// stagedDocCache is the document index's cache for the next load
	// (StageDocIndexCache); docStore the current index's (DocIndexCache).
	stagedDocCache []byte
	docStore       *docCacheStore
}

// Option configures a Bridge.
type Option func(*Bridge)

// WithTransport sends the core's outbound HTTP (an embeddings endpoint)
// through the host: the WebAssembly build hands it to the editor.
func WithTransport(t pc.Transport) Option { return func(b *Bridge) { b.transport = t } }

// WithPause sets how the document index's build gives the thread back to
// the host now and then, so that a call that came in runs before the build
// goes on (docsearch.WithPause). The default sleeps a millisecond: a timer,
// which a browser's worker stretches to 4 ms once timers nest; the
// WebAssembly build yields one turn of the host's event loop instead.
func WithPause(pause func()) Option { return func(b *Bridge) { b.pause = pause } }

// WithVectorStores keeps the vectors a person's embeddings model returned
// in the host's store on the device (docsearch.CachedEmbedder): stores
// gives the store of a name (docsearch.VectorCacheName of the load's
// vault_id, the endpoint and the model), nil when the host has none. A
// later load, in this worker or after a restart, then sends the model only
// the texts it has not embedded before.
func WithVectorStores(stores func(name string) docsearch.VectorStore) Option {
	return func(b *Bridge) { b.vectorStores = stores }
}

// New returns a bridge with an empty vault.
func New(opts ...Option) *Bridge {
	reg := tools.New()
	b := &Bridge{registry: reg, commands: commands.New(reg), pause: func() { time.Sleep(time.Millisecond) }}
	for _, opt := range opts {
		opt(b)
	}
	if _, err := b.load(loadIn{}); err != nil {
		panic(err) // an empty vault always opens
	}
	return b
}

// Call runs the named function on JSON input and returns JSON output. A
// panic anywhere below becomes an internal error rather than killing the
// WebAssembly instance.
func (b *Bridge) Call(ctx context.Context, fn string, input []byte) (out []byte, err error) {
	defer func() {
		if v := recover(); v != nil {
			out, err = nil, pc.Errorf(pc.CodeInternal, "%s: panic: %v", fn, v)
		}
	}()
	if len(bytes.TrimSpace(input)) == 0 {
		input = []byte("{}")
	}
	var result any
	switch fn {
	case "load":
		result, err = run(input, b.load)
	case "events":
		result, err = run(input, func(in eventsIn) (any, error) { return b.events(ctx, in) })
	case "call":
		result, err = run(input, func(in callIn) (any, error) { return b.call(ctx, in) })
	case "http":
		result, err = run(input, func(in httpIn) (any, error) { return b.http(ctx, in) })
	case "tools":
		result = map[string]any{"tools": b.registry.Tools()}
	case "command":
		result, err = run(input, func(in commandIn) (any, error) { return b.command(ctx, in) })
	case "commands":
		result = map[string]any{"commands": b.commands.Commands()}
	default:
		return nil, pc.Errorf(pc.CodeNotFound, "no bridge function %q", fn)
	}
	if err != nil {
		return nil, pc.AsError(err)
	}
	if c, ok := result.(callOut); ok {
		return c.MarshalJSON() // json.Marshal would compact the result again
	}
	return json.Marshal(result)
}

// run decodes input strictly into In and runs f.
func run[In any](input []byte, f func(In) (any, error)) (any, error) {
	var in In
	dec := json.NewDecoder(bytes.NewReader(input))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "bad input: %v", err)
	}
	return f(in)
}

// File is one file of the vault as the host hands it over.
type File struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

type loadIn struct {
	Files []File `json:"files"`
	Token string `json:"token"`
	// IndexKey names the core's build for the index cache (the plugin
	// gives the .wasm's SHA-256): with it, the load takes the decodes of
	// unchanged files from the cache staged (StageIndexCache), and keeps
	// what the next one needs (IndexCache).
	IndexKey string `json:"index_key"`
	// Embeddings is where document search may send note text: the
	// plugin's device-local setting, never a file of the vault. Absent:
	// nothing leaves the editor.
	Embeddings docsearch.Config `json:"embeddings"`
	// VaultID names the vault on this device in the store of a model's
	// vectors (WithVectorStores): the host's name for it, never a file's.
	VaultID string `json:"vault_id,omitempty"`
	// DocIndexCache: the host stages the document index's cache after this
	// load's answer (StageDocIndexCache); the build waits for it.
	DocIndexCache bool `json:"doc_index_cache"`
}

// Stage adds files to the next load, which takes them before the files of
// its own input (a path given twice: the later copy). A host hands the
// vault over in parts while it reads it, and without one JSON text of the
// whole vault, which in WebAssembly took a third of a first load's time
// to decode. The files are checked by the load, which refuses them all
// for one bad path, and a load takes them whether it succeeds or not.
func (b *Bridge) Stage(files ...File) {
	b.stageMu.Lock()
	defer b.stageMu.Unlock()
	b.staged = append(b.staged, files...)
}

// StageIndexCache hands the next load the index cache an earlier one made
// (IndexCache); the load checks it whole and file by file (see
// projectcanvas.WithIndexCache), and takes it whether it succeeds or not.
func (b *Bridge) StageIndexCache(data []byte) {
	b.stageMu.Lock()
	defer b.stageMu.Unlock()
	b.stagedCache = data
}

// StageDocIndexCache hands the next load the document index's cache an
// earlier one made (DocIndexCache): its build then re-reads every file but
// re-chunks and re-embeds only those that changed.
//
// A load given doc_index_cache: true is told that the cache comes after
// its answer: its build waits for it (at most docCacheWait), and the host
// reads and checks the cache while the editor is already in use.
func (b *Bridge) StageDocIndexCache(data []byte) {
	b.mu.RLock()
	store := b.docStore
	b.mu.RUnlock()
	if store != nil && store.deliver(data) {
		return
	}
	b.stageMu.Lock()
	defer b.stageMu.Unlock()
	b.stagedDocCache = data
}

// docCacheWait is how long a build waits for a cache its load was told
// would come.
const docCacheWait = 10 * time.Second

// WaitDocs waits for the document index's build after the last load to
// end (at once when there is none): the WebAssembly host keeps its
// collector paused until then (see wasm/gc.go).
func (b *Bridge) WaitDocs(ctx context.Context) error {
	b.mu.RLock()
	env := b.env
	b.mu.RUnlock()
	if env == nil || env.Docs == nil {
		return nil
	}
	return env.Docs.WaitReady(ctx)
}

// DocIndexCache waits for the document index's build (the one after the
// last load) and returns its cache for the next start's
// StageDocIndexCache; nil when the index has nothing new to keep (it was
// built from a cache that still matched) or there is none.
func (b *Bridge) DocIndexCache(ctx context.Context) ([]byte, error) {
	b.mu.RLock()
	env, store := b.env, b.docStore
	b.mu.RUnlock()
	if env == nil || env.Docs == nil || store == nil {
		return nil, nil
	}
	if err := env.Docs.WaitReady(ctx); err != nil {
		return nil, err
	}
	if err := env.Docs.Save(); err != nil {
		return nil, err
	}
	return store.take(), nil
}

// docCacheStore is the document index's cache store in the bridge: what
// the host staged for a load, and what the index saves for the next one.
type docCacheStore struct {
	mu            sync.Mutex
	staged, saved []byte
	// arrived is closed when the cache the load was told of arrives; nil
	// when none is awaited.
	arrived   chan struct{}
	delivered bool
}

// deliver hands the awaited cache to the build; false when none is
// awaited (any more).
func (s *docCacheStore) deliver(data []byte) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.arrived == nil || s.delivered {
		return false
	}
	s.staged, s.delivered = data, true
	close(s.arrived)
	return true
}

func (s *docCacheStore) Load() []byte {
	if s.arrived != nil {
		select {
		case <-s.arrived:
		case <-time.After(docCacheWait):
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	data := s.staged
	s.staged = nil // read once: the build holds what it needs
	return data
}

func (s *docCacheStore) Save(data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.saved = data
}

func (s *docCacheStore) take() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	data := s.saved
	s.saved = nil
	return data
}

// IndexCache encodes the vault's index for the next start's
// StageIndexCache; nil when the last load was given no index_key.
func (b *Bridge) IndexCache() []byte {
	b.mu.RLock()
	env := b.env
	b.mu.RUnlock()
	return env.Project.IndexCache()
}

// load replaces the vault with the staged files and the host's.
func (b *Bridge) load(in loadIn) (any, error) {
	b.stageMu.Lock()
	all := append(b.staged, in.Files...)
	cache := b.stagedCache
	store := &docCacheStore{staged: b.stagedDocCache}
	if in.DocIndexCache {
		store.arrived = make(chan struct{})
	}
	b.stagedDocCache = nil
	b.staged, b.stagedCache = nil, nil
	b.stageMu.Unlock()
	files := func(yield func(string, string) bool) {
		for _, f := range all {
			if !yield(f.Path, f.Content) {
				return
			}
		}
	}
	fsys, err := memfs.LoadSeq(files, len(all)) // which refuses a name that is no vault path (pc.CheckPath)
	if err != nil {
		return nil, err
	}
	// Open rolls back a journal that an interrupted write left: those
	// writes are the host's to apply too, or the editor's files and the
	// index would disagree.
	fsys.TrackChanges()
	var opts []pc.Option
	if in.IndexKey != "" {
		opts = append(opts, pc.WithIndexCache(cache, in.IndexKey))
	}
	project, err := pc.Open(fsys, opts...)
	if err != nil {
		return nil, err
	}
	recovered := fsys.TakeChanges()
	if recovered == nil {
		recovered = []memfs.Change{}
	}
	done := project.Recovered()
	if done == nil {
		done = []pc.Recovery{}
	}
	if b.vectorStores != nil {
		in.Embeddings.Stores, in.Embeddings.Vault = b.vectorStores, in.VaultID
	}
	env := &tools.Env{Project: project, Transport: b.transport, Embeddings: in.Embeddings}
	if opt, err := in.Embeddings.Option(b.transport); err == nil {
		// The build pauses now and then: in WebAssembly it would otherwise
		// hold the thread, and every command, until it ends.
		env.Docs = docsearch.New(fsys, opt, docsearch.WithCacheStore(store), docsearch.WithPause(b.pause))
		// The editor is the watcher: it feeds its vault events. A failed
		// build shows in msrl_status.
		env.Docs.SetWatching(true)
		// After a pause: in WebAssembly, goroutines run until all block,
		// and load's answer reaches the host only then; the pause lets
		// it through before the build takes the thread.
		go func() {
			pause, cancel := context.WithTimeout(context.Background(), time.Millisecond)
			<-pause.Done()
			cancel()
			_ = env.Docs.Rebuild(context.Background())
		}()
	} // else search_docs reports the broken setting on every call
	b.mu.Lock()
	b.fs, b.env, b.docStore = fsys, env, store
	b.api = route.New(b.registry, env, route.WithToken(in.Token), route.WithCommands(b.commands))
	b.mu.Unlock()
	return loadOut{Entities: project.Len(), Problems: project.Problems(),
		Changes: recovered, Recovered: done, IndexCache: project.IndexCacheStats()}, nil
}

// loadOut is load's answer (LoadOutput in plugin/src/core/wire.ts). Its fields
// are in the order of their names, as the map it replaced wrote them.
type loadOut struct {
	// Changes are the writes of the journal's roll-back, for the host to apply.
	Changes  []memfs.Change `json:"changes"`
	Entities int            `json:"entities"`
	// IndexCache says how the load used the index cache (with an index_key).
	IndexCache pc.IndexCacheStats `json:"index_cache"`
	Problems   []pc.Problem       `json:"problems" ts:"nullable"`
	Recovered  []pc.Recovery      `json:"recovered"`
}

// event is one vault event the host hands over (VaultEvent in
// plugin/src/core/wire.ts); from is a rename's, content a create's or modify's.
type event struct {
	Type    string `json:"type" tstype:"\"create\" | \"modify\" | \"delete\" | \"rename\""`
	Path    string `json:"path"`
	From    string `json:"from" ts:"optional"`
	Content string `json:"content" ts:"optional"`
}

type eventsIn struct {
	Events []event `json:"events"`
}

// events applies the host's vault events and refreshes the indexes (entities
// and document search). Every event is checked before any is applied.
func (b *Bridge) events(ctx context.Context, in eventsIn) (any, error) {
	for i, ev := range in.Events {
		if err := pc.CheckPath(ev.Path); err != nil {
			return nil, err
		}
		switch ev.Type {
		case "create", "modify", "delete":
		case "rename":
			if err := pc.CheckPath(ev.From); err != nil {
				return nil, err
			}
		default:
			return nil, pc.Errorf(pc.CodeInvalidArgument, "event %d: type %q is not create, modify, delete or rename", i, ev.Type)
		}
	}
	b.mu.RLock()
	fsys, env := b.fs, b.env
	b.mu.RUnlock()
	var touched []string
	docEvents := make([]docsearch.Event, 0, len(in.Events))
	for _, ev := range in.Events {
		p := ev.Path
		de := docsearch.Event{Op: docsearch.Op(ev.Type), Path: p}
		var err error // none: every path was checked above
		switch ev.Type {
		case "create", "modify":
			err = fsys.Put(p, []byte(ev.Content))
		case "delete":
			err = fsys.Delete(p)
		case "rename":
			err = fsys.Move(ev.From, p)
			touched = append(touched, ev.From)
			de.OldPath = ev.From
		}
		if err != nil {
			return nil, err
		}
		touched = append(touched, p)
		docEvents = append(docEvents, de)
	}
	if err := env.Project.RefreshFiles(touched); err != nil {
		return nil, err
	}
	if env.Docs != nil {
		for _, de := range docEvents {
			// A file that fails to index shows in msrl_status; the vault
			// stands as the editor has it.
			_ = env.Docs.Apply(ctx, de)
		}
	}
	return map[string]any{"applied": len(in.Events)}, nil
}

type callIn struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

func (b *Bridge) call(ctx context.Context, in callIn) (any, error) {
	return b.withChanges(ctx, func(env *tools.Env) ([]byte, error) {
		return b.registry.Dispatch(ctx, env, in.Name, in.Arguments)
	})
}

type commandIn struct {
	ID        string          `json:"id"`
	Arguments json.RawMessage `json:"arguments"`
}

// command runs an editor command and hands back its file changes.
func (b *Bridge) command(ctx context.Context, in commandIn) (any, error) {
	return b.withChanges(ctx, func(env *tools.Env) ([]byte, error) {
		return b.commands.Dispatch(ctx, env, in.ID, in.Arguments)
	})
}

// withChanges runs a tool or command on the vault and answers its JSON
// result with the file changes it made, for the host to apply.
func (b *Bridge) withChanges(ctx context.Context, run func(env *tools.Env) ([]byte, error)) (any, error) {
	b.mu.RLock()
	env, fsys := b.env, b.fs
	b.mu.RUnlock()
	out, err := run(env)
	if err != nil {
		return nil, err
	}
	c, err := changes(ctx, env, fsys)
	if err != nil {
		return nil, err
	}
	return callOut{result: out, changes: c}, nil
}

// callOut is call's answer. It writes the tool's JSON result as it is:
// re-encoding a json.RawMessage would validate and compact it again, a cost
// that shows in WebAssembly.
type callOut struct {
	result  []byte
	changes []memfs.Change
}

func (c callOut) MarshalJSON() ([]byte, error) {
	changes := []byte("[]") // most calls change nothing
	if len(c.changes) > 0 {
		var err error
		if changes, err = json.Marshal(c.changes); err != nil {
			return nil, err
		}
	}
	out := make([]byte, 0, len(c.result)+len(changes)+24)
	out = append(out, `{"result":`...)
	out = append(out, c.result...)
	out = append(out, `,"changes":`...)
	out = append(out, changes...)
	return append(out, '}'), nil
}

// httpIn is one request of the editor's HTTP server (HttpInput in
// plugin/src/core/wire.ts).
type httpIn struct {
	Method  string            `json:"method"`
	Path    string            `json:"path"`
	Headers map[string]string `json:"headers" ts:"optional"`
	Body    string            `json:"body" ts:"optional"`
}

// httpOut is http's answer (HttpOutput in plugin/src/core/wire.ts), its fields
// in the order of their names, as the map it replaced wrote them.
type httpOut struct {
	Body    string            `json:"body"`
	Changes []memfs.Change    `json:"changes"`
	Headers map[string]string `json:"headers"`
	Status  int               `json:"status"`
}

// http serves one request through the HTTP API's routes, the ones the
// native server runs (package route), without net/http.
func (b *Bridge) http(ctx context.Context, in httpIn) (any, error) {
	b.mu.RLock()
	api, fsys, env := b.api, b.fs, b.env
	b.mu.RUnlock()
	if in.Method == "" {
		in.Method = "GET"
	}
	if !strings.HasPrefix(in.Path, "/") {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "path %q must start with /", in.Path)
	}
	u, err := url.ParseRequestURI(in.Path)
	if err != nil || !validMethod(in.Method) {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "bad request: %s %q", in.Method, in.Path)
	}
	req := &route.Request{Method: in.Method, Path: u.EscapedPath(), RawQuery: u.RawQuery, Host: "127.0.0.1",
		Header: map[string]string{}, Body: strings.NewReader(in.Body), ContentLength: int64(len(in.Body))}
	for k, v := range in.Headers {
		if strings.EqualFold(k, "Host") {
			req.Host = v
			continue
		}
		req.Header[k] = v
	}
	resp := api.Serve(ctx, req)
	c, err := changes(ctx, env, fsys)
	if err != nil {
		return nil, err
	}
	return httpOut{Status: resp.Status, Headers: resp.Header, Body: string(resp.Body), Changes: c}, nil
}

// validMethod reports whether m is an HTTP token (RFC 9110), as net/http
// requires of a method.
func validMethod(m string) bool {
	for _, c := range []byte(m) {
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return m != ""
}

// changes hands over the files written since the last answer, never null,
// and brings the document search index up to date with them (the editor's
// echo of these writes as vault events then changes nothing). memfs
// refuses every write the project may not make, so a change naming a path
// outside the rule (pc.CheckWritable) is a bug: the whole answer fails
// rather than hand the host a write into .obsidian or out of the vault.
func changes(ctx context.Context, env *tools.Env, fsys *memfs.FS) ([]memfs.Change, error) {
	c := fsys.TakeChanges()
	if err := checkChanges(c); err != nil {
		return nil, err
	}
	if c == nil {
		c = []memfs.Change{}
	}
	if env.Docs != nil {
		for _, ch := range c {
			switch ch.Op {
			case "rename":
				_ = env.Docs.Rename(ctx, ch.From, ch.Path)
			case "delete":
				env.Docs.Remove(ch.Path)
			default:
				_ = env.Docs.Update(ctx, ch.Path)
			}
		}
	}
	return c, nil
}

// checkChanges returns an internal error if a change names a path the
// project may not write.
func checkChanges(changes []memfs.Change) error {
	for _, ch := range changes {
		err := pc.CheckWritable(ch.Path)
		if err == nil && ch.Op == "rename" {
			err = pc.CheckWritable(ch.From)
		}
		if err != nil {
			return pc.Errorf(pc.CodeInternal, "refused to hand over a %s change: %s; no change of this answer was handed over", ch.Op, pc.AsError(err).Message)
		}
	}
	return nil
}
