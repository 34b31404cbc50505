package projectcanvas

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"time"
)

// ConfigPath is where the vault-level settings shared by the plugin and the
// CLI live.
const ConfigPath = ".projectcanvas/config.json"

// Config holds the vault-level settings of .projectcanvas/config.json.
type Config struct {
	// ProjectsFolder is the folder new entities are written to, one
	// sub-folder per type. Default "Projects".
	ProjectsFolder string `json:"projects_folder,omitempty"`
	// Canvas is the default canvas file. Default "Projects.canvas".
	Canvas string `json:"canvas,omitempty"`
}

// Project is the service over one vault: it indexes the vault's entities
// and creates and changes them, keeping relations consistent on both sides.
// It is safe for concurrent use.
type Project struct {
	fs  FS
	cfg Config
	// stateProblems are the project's own files that could not be read
	// (a folder where config.json should be), found by Open.
	stateProblems []Problem
	now           func() time.Time

	mu  sync.RWMutex // guards idx
	idx *index
	// writeMu serializes this process's writes; FS.Lock serializes them
	// with other processes.
	writeMu sync.Mutex
	// seqCache is the last id sequence file read, parsed, by content hash;
	// guarded by writeMu.
	seqCache struct {
		hash Hash
		seq  map[Type]int
	}
	recMu     sync.Mutex // guards recovered
	recovered []Recovery

	// The index cache (WithIndexCache): the host's key, the cache given
	// to Open (dropped once read), and how Open used it.
	keepCache  bool
	cacheKey   string
	cacheIn    []byte
	cacheStats IndexCacheStats

	// keepBodies is WithBodies, until Open has read the vault; bodies are
	// then the entities' bodies it read, until TakeContent takes them.
	keepBodies bool
	bodyMu     sync.Mutex // guards bodies
	bodies     map[*Entity][]byte

	// seen is WithFileNames, until Open has read the vault.
	seen func(name string)
}

// Option configures a Project.
type Option func(*Project)

// WithFileNames gives seen the vault path of every file Open's walk of the
// vault lists, markdown or not, as it lists them: a caller that wants the
// vault's other files too (the status site, its canvases) need not walk it
// again. After recovering an interrupted write Open walks the vault a
// second time, and seen hears of its files again.
func WithFileNames(seen func(name string)) Option { return func(p *Project) { p.seen = seen } }

// WithClock sets the clock used for created_at and updated_at (tests,
// golden files).
func WithClock(now func() time.Time) Option { return func(p *Project) { p.now = now } }

// Open reads the vault's config, recovers from writes that a killed
// process left unfinished (see Recovered), and indexes every entity of the
// vault. Problems with single files do not fail Open; see Problems.
func Open(fsys FS, opts ...Option) (*Project, error) {
	p := &Project{fs: fsys, now: time.Now}
	for _, o := range opts {
		o(p)
	}
	defer func() { p.seen = nil }() // Open's walks only
	names, err := p.recoverOnOpen() // first: a transaction may have written the config
	if err != nil {
		return nil, err
	}
	if err := p.readConfig(); err != nil {
		return nil, err
	}
	if err := checkProjectsFolder(p.cfg.ProjectsFolder); err != nil {
		return nil, err
	}
	c := p.openIndexCache()
	if names != nil {
		p.idx = indexFiles(p.fs, names, c, p.keepBodies)
	} else if _, err := p.reload(c); err != nil {
		return nil, err
	}
	p.bodies, p.idx.bodies, p.keepBodies = p.idx.bodies, nil, false
	p.countIndexCache(c)
	return p, nil
}

func (p *Project) readConfig() error {
	p.cfg = Config{ProjectsFolder: "Projects", Canvas: "Projects.canvas"}
	data, err := p.fs.ReadFile(ConfigPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if errors.Is(err, ErrIsFolder) {
		// Not every command's failure: the defaults hold (the config that
		// stood there is gone anyway) and the problem is reported.
		p.stateProblems = append(p.stateProblems, Problem{Path: ConfigPath, Kind: "state_folder", Message: AsError(StateError(ConfigPath, err)).Message})
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, &p.cfg); err != nil {
		return Errorf(CodeInvalidArgument, "%s: %v", ConfigPath, err)
	}
	p.cfg.ProjectsFolder = strings.Trim(p.cfg.ProjectsFolder, "/")
	if p.cfg.ProjectsFolder == "" {
		p.cfg.ProjectsFolder = "Projects"
	}
	return nil
}

// checkProjectsFolder refuses a projects folder that is not a vault path
// (the one rule, CheckPath) or that the index would not see (a hidden
// folder, node_modules: see Hidden).
func checkProjectsFolder(dir string) error {
	if CheckPath(dir) != nil || Hidden(dir) {
		return Errorf(CodeInvalidArgument, "%s: projects_folder %q must be a plain folder path inside the vault, "+
			"not hidden (a name starting with \".\") nor node_modules, which the index skips", ConfigPath, Echo(dir)).With("field", "projects_folder")
	}
	return nil
}

// indexedAt returns the id of the entity indexed from the file name, or "".
func (p *Project) indexedAt(name string) ID {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.idx.byPath[name]
}

// EntityAt returns the entity indexed from the vault file name (an
// editor's active note), or a not_found error saying the file is no entity.
func (p *Project) EntityAt(name string) (*Entity, error) {
	id := p.indexedAt(name)
	if id == "" {
		return nil, Errorf(CodeNotFound, "%s is not an entity file (no id in its front matter, or not indexed)", name).With("path", name)
	}
	return p.Get(string(id))
}

// Now is the project's clock: the one every timestamp it writes and every
// time-based analysis ("stale", "since") reads.
func (p *Project) Now() time.Time { return p.now() }

// Config returns the project's settings.
func (p *Project) Config() Config { return p.cfg }

// Files returns the vault's files for reading. There is no way to write
// them past the project: every write goes through a transaction (Write,
// Create, Update), journaled and checked against edits made meanwhile.
func (p *Project) Files() Files { return readOnly{p.fs} }

// IndexStats tells what an index rebuild found.
type IndexStats struct {
	Entities int
	Problems []Problem
	Took     time.Duration
}

// Reload rebuilds the index from every file of the vault. It holds off this
// process's writes while it reads: a write landing between the scan and the
// swap would otherwise vanish from the index.
func (p *Project) Reload() (IndexStats, error) {
	var c *indexCache
	if p.keepCache {
		c = &indexCache{} // nothing to take, but the decodes are kept
	}
	return p.reload(c)
}

// reload is Reload, taking what it can from the index cache c (may be nil).
func (p *Project) reload(c *indexCache) (IndexStats, error) {
	start := time.Now()
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	idx, err := loadIndex(p.fs, c, p.keepBodies, p.seen)
	if err != nil {
		return IndexStats{}, err
	}
	stats := IndexStats{Entities: len(idx.byID), Problems: idx.sortedProblems()}
	p.mu.Lock()
	p.idx = idx
	p.mu.Unlock()
	stats.Took = time.Since(start)
	return stats, nil
}

// Refresh re-reads one file after a change made outside the project (an
// editor save, a file watcher event). A deleted file drops out of the index.
func (p *Project) Refresh(name string) error {
	data, shared, err := ReadShared(p.fs, name)
	if err == nil && p.indexedAs(name, data) {
		return nil // our own write, seen again by a watcher: nothing to do
	}
	var heirs []string
	p.mu.Lock()
	switch {
	case errors.Is(err, fs.ErrNotExist):
		heirs = p.idx.remove(name)
	case err != nil:
		p.mu.Unlock()
		return err
	default:
		heirs = p.idx.addFile(name, decodeShared(name, data, shared))
	}
	p.mu.Unlock()
	// The file held an id other files claimed too, which were ignored: the
	// first of them in path order holds it now, as after a reload.
	for _, h := range heirs {
		if err := p.Refresh(h); err != nil {
			return err
		}
	}
	return nil
}

// indexedAs reports whether the index already holds the file name with the
// content data.
func (p *Project) indexedAs(name string, data []byte) bool {
	p.mu.RLock()
	defer p.mu.RUnlock()
	id, ok := p.idx.byPath[name]
	if !ok {
		return false
	}
	e := p.idx.byID[id]
	return e != nil && e.Path == name && e.readFrom(data)
}

// RefreshFiles re-reads several changed files, those that are gone first: a
// rename is a removal plus a creation, and the index refuses an id that
// another path still claims, so the old path must let go of the id before
// the new path is read. It returns the first error and goes on past it.
func (p *Project) RefreshFiles(names []string) error {
	gone := make([]string, 0, len(names))
	present := make([]string, 0, len(names))
	for _, name := range names {
		if _, err := p.fs.ReadFile(name); errors.Is(err, fs.ErrNotExist) {
			gone = append(gone, name)
		} else {
			present = append(present, name)
		}
	}
	var first error
	for _, name := range append(gone, present...) {
		if err := p.Refresh(name); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Problems lists what was wrong with the vault's files at the last load,
// the project's own state files first.
func (p *Project) Problems() []Problem {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return append(slices.Clone(p.stateProblems), p.idx.sortedProblems()...)
}

// Get returns the entity with the given id (in any case: t-4 is not an id,
// but t-004 is).
func (p *Project) Get(id string) (*Entity, error) {
	canon, _, _, err := ParseID(id)
	if err != nil {
		return nil, err
	}
	p.mu.RLock()
	e := p.idx.byID[canon]
	p.mu.RUnlock()
	if e == nil {
		return nil, Errorf(CodeNotFound, "no entity with id %s", canon).With("id", canon)
	}
	return e, nil
}

// Children returns the ids of the entities whose parent is id, in id order.
func (p *Project) Children(id ID) []ID {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return slices.Clone(p.idx.children[id])
}

// Len is the number of indexed entities.
func (p *Project) Len() int {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return len(p.idx.byID)
}

// All returns every entity in id order. The slice is shared by every caller
// until the next write: read it, do not change it (slices.Clone it first).
// The entities are snapshots and may be kept.
func (p *Project) All() []*Entity {
	p.mu.RLock()
	if s := p.idx.sorted; s != nil {
		p.idx.handedOut.Store(true)
		p.mu.RUnlock()
		return s
	}
	p.mu.RUnlock()
	p.mu.Lock() // only after a load: writes keep sorted up to date
	defer p.mu.Unlock()
	return p.idx.all()
}

// folderFor returns the folder a new or restored entity of type t goes to.
func (p *Project) folderFor(t Type, archived bool) string {
	if archived {
		return path.Join(p.cfg.ProjectsFolder, "archive", t.Folder())
	}
	return path.Join(p.cfg.ProjectsFolder, t.Folder())
}

// TextHit is an entity found by full-text search, with its BM25 score.
type TextHit struct {
	Entity *Entity
	Score  float64
}

// SearchText ranks entities by BM25 over their titles (weighted higher) and
// bodies. keep, when non-nil, filters entities before ranking.
func (p *Project) SearchText(query string, limit int, keep func(*Entity) bool) []TextHit {
	p.mu.RLock()
	defer p.mu.RUnlock()
	hits := p.idx.text.Search(query, limit, func(id string) bool {
		e := p.idx.byID[ID(id)]
		return e != nil && (keep == nil || keep(e))
	})
	out := make([]TextHit, 0, len(hits))
	for _, h := range hits {
		out = append(out, TextHit{Entity: p.idx.byID[ID(h.ID)], Score: h.Score})
	}
	return out
}
