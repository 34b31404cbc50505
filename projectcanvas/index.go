package projectcanvas

import (
	"errors"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/projectcanvas/projectcanvas/fulltext"
	"github.com/projectcanvas/projectcanvas/internal/ptrsort"
)

// index is the in-memory view of every entity of the vault. Entities in it
// are never changed in place: a write replaces the pointer, so readers may
// keep the pointers they got.
type index struct {
	byID     map[ID]*Entity
	byPath   map[string]ID
	children map[ID][]ID // derived from Parent, sorted
	maxNum   map[Type]int
	problems map[string][]Problem
	dups     map[string]*Entity // files ignored because another file holds their id, decoded
	text     *fulltext.Index    // titles and bodies, for full-text search
	// sorted is every entity in id order, kept up to date by put and
	// remove once built (nil until all first builds it), so that readers
	// never sort, nor take the write lock, after a write. It is handed out
	// to readers (all, Project.All): once handedOut, the next change copies
	// it rather than changing what they hold.
	sorted    []*Entity
	handedOut atomic.Bool
	graph     *Graph // the entities' links from both ends; nil when stale
	gen       uint64 // counts changes, so that a Graph built meanwhile is not kept
	// records are the decodes the index cache keeps, by file name; nil
	// when the project keeps no cache (see WithIndexCache).
	records map[string]decodedRecord
	// bodies are the markdown bodies of the entities read, by the entity
	// read from them, while Open reads for WithBodies; else nil.
	bodies map[*Entity][]byte
}

func newIndex(n int) *index {
	return &index{
		byID:     make(map[ID]*Entity, n),
		byPath:   make(map[string]ID, n),
		children: make(map[ID][]ID),
		maxNum:   make(map[Type]int, len(Types)),
		problems: make(map[string][]Problem),
		dups:     make(map[string]*Entity),
		text:     fulltext.New(),
	}
}

// put adds or replaces an entity; body is its markdown body, for search.
func (x *index) put(e *Entity, body []byte) {
	x.setSorted(e.ID, e)
	delete(x.records, e.Path) // a transaction's entity is not a decode; addFile records its own after
	x.text.Add(string(e.ID), fulltext.Title(e.Title), fulltext.Body(string(body)))
	old := x.byID[e.ID]
	if old != nil && old.Path != e.Path {
		delete(x.byPath, old.Path)
	}
	parentChanged := old == nil || old.Parent != e.Parent
	if old != nil && parentChanged {
		x.unlinkChild(old.Parent, e.ID)
	}
	x.byID[e.ID] = e
	x.byPath[e.Path] = e.ID
	if e.Parent != "" && parentChanged {
		kids := x.children[e.Parent]
		i, _ := slices.BinarySearchFunc(kids, e.ID, compareIDs)
		x.children[e.Parent] = slices.Insert(kids, i, e.ID) // Children hands out copies
	}
	x.claim(e.ID)
	// An id other entities name stays claimed after its file is gone:
	// handing it out again would give the new entity the old one's
	// dependents and feature coverage.
	if e.Parent != "" {
		x.claim(e.Parent)
	}
	for _, ids := range e.Links {
		for _, id := range ids {
			x.claim(id)
		}
	}
}

// claimName claims the id a file's name starts with ("T-031 Login.md"),
// entity or not: a person who deleted its front-matter fences, or broke
// them, still means T-031.
func (x *index) claimName(name string) {
	base := name[strings.LastIndexByte(name, '/')+1:]
	prefix, _, _ := strings.Cut(base, " ")
	if id, _, _, ok := parseID(strings.TrimSuffix(prefix, ".md")); ok {
		x.claim(id)
	}
}

// claim records that a file holds id, so that it is never handed out
// again. Ids above MaxIDNumber are not counted: one hand-written T-999999999
// must not exhaust the sequence.
func (x *index) claim(id ID) {
	if _, t, n, ok := parseID(string(id)); ok && n <= MaxIDNumber && n > x.maxNum[t] {
		x.maxNum[t] = n
	}
}

// remove drops the entity stored at path, if any, and returns the files
// that claimed its id too (duplicates, ignored until now), in path order:
// the first of them now holds the id, as it would after a reload.
func (x *index) remove(path string) (heirs []string) {
	id, ok := x.byPath[path]
	delete(x.problems, path)
	delete(x.dups, path)
	delete(x.records, path)
	if !ok {
		return nil
	}
	delete(x.byPath, path)
	if e := x.byID[id]; e != nil && e.Path == path {
		x.unlinkChild(e.Parent, id)
		delete(x.byID, id)
		x.text.Remove(string(id))
		x.setSorted(id, nil)
		for p, dup := range x.dups {
			if dup.ID == id {
				heirs = append(heirs, p)
			}
		}
		slices.Sort(heirs)
	}
	return heirs
}

func (x *index) unlinkChild(parent, child ID) {
	kids := x.children[parent]
	if i := slices.Index(kids, child); i >= 0 {
		kids = slices.Delete(kids, i, i+1)
		if len(kids) == 0 {
			delete(x.children, parent)
		} else {
			x.children[parent] = kids
		}
	}
}

// addFile puts one decoded file into the index, recording its problems
// and the id it claims.
func (x *index) addFile(name string, d decoded) (heirs []string) {
	heirs = x.remove(name)
	defer x.record(name, d)
	x.claimName(name)
	if len(d.problems) > 0 {
		x.problems[name] = d.problems
	}
	e := d.e
	if e == nil {
		if d.claim != "" {
			x.claim(d.claim)
		}
		return heirs
	}
	if other, dup := x.byID[e.ID]; dup && other.Path != name {
		x.problems[name] = append(x.problems[name], Problem{Path: name, Kind: "duplicate_id",
			Message: "id " + string(e.ID) + " is already used by " + other.Path + "; this file is ignored"})
		x.claim(e.ID)    // never hand out an id that a file already claims
		x.dups[name] = e // kept whole: RepairIDs renumbers it
		return heirs
	}
	x.put(e, d.body)
	if x.bodies != nil {
		x.bodies[e] = d.body
	}
	return heirs
}

// all returns every entity in id order. The slice is shared: callers must
// not change it. The caller holds the write lock when sorted is nil.
func (x *index) all() []*Entity {
	if x.sorted == nil {
		out := make([]*Entity, 0, len(x.byID))
		for _, e := range x.byID {
			out = append(out, e)
		}
		slices.SortFunc(out, func(a, b *Entity) int { return compareIDs(a.ID, b.ID) })
		x.sorted = out
	}
	x.handedOut.Store(true)
	return x.sorted
}

// setSorted puts e in id's place in sorted (e nil: takes id out) and drops
// the graph. Every slice handed out stays as it was: the first change after
// one was handed out copies it (one copy per transaction, not per entity).
func (x *index) setSorted(id ID, e *Entity) {
	x.graph = nil
	x.gen++
	if x.sorted == nil {
		return
	}
	s := x.sorted
	i, found := slices.BinarySearchFunc(s, id, func(a *Entity, id ID) int { return compareIDs(a.ID, id) })
	if !found && e == nil {
		return
	}
	if x.handedOut.Load() {
		s = append(make([]*Entity, 0, len(s)+1), s...)
		x.handedOut.Store(false)
	}
	switch {
	case e == nil:
		s = slices.Delete(s, i, i+1)
	case found:
		s[i] = e
	default:
		s = slices.Insert(s, i, e)
	}
	x.sorted = s
}

// loadIndex reads every markdown file of the vault, decoding files in
// parallel and adding them in path order, so that which of two files with
// the same id wins does not depend on timing.
// seen, when not nil, hears of every file the walk lists (WithFileNames).
func loadIndex(fsys FS, c *indexCache, keepBodies bool, seen func(string)) (*index, error) {
	names := markdownNames{seen: seen}
	if err := fsys.Walk(names.add); err != nil {
		return nil, err
	}
	return indexFiles(fsys, names.md, c, keepBodies), nil
}

// markdownNames collects the markdown files of a walk, and tells seen
// (when not nil) of every file.
type markdownNames struct {
	md   []string
	seen func(string)
}

func (m *markdownNames) add(name string) error {
	if m.seen != nil {
		m.seen(name)
	}
	if strings.EqualFold(path.Ext(name), ".md") {
		m.md = append(m.md, name)
	}
	return nil
}

// indexFiles builds the index of the markdown files names, in path order,
// taking from the cache c the decodes of the files it holds as they are.
// With a cache (empty or not) the index keeps its decodes for the next
// one; c nil: the project keeps no cache. keepBodies keeps each entity's
// body in the index's bodies (WithBodies).
func indexFiles(fsys FS, names []string, c *indexCache, keepBodies bool) *index {
	out := make([]decoded, len(names))
	todo := make(chan int, len(names))
	for i := range names {
		todo <- i
	}
	close(todo)
	done := make(chan int, 256)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(1, len(names))) {
		wg.Go(func() {
			for i := range todo {
				out[i] = decodeName(fsys, names[i], c)
				done <- i
			}
		})
	}
	go func() { wg.Wait(); close(done) }()
	// Add files in path order as they arrive, while the workers go on, so
	// that building the index overlaps with reading and parsing.
	x := newIndex(len(names))
	if c != nil {
		x.records = make(map[string]decodedRecord, len(names))
	}
	if keepBodies {
		x.bodies = make(map[*Entity][]byte, len(names))
	}
	ready := make([]bool, len(names))
	next := 0
	for i := range done {
		ready[i] = true
		for ; next < len(names) && ready[next]; next++ {
			x.addFile(names[next], out[next])
			out[next] = decoded{} // let the body go
		}
	}
	return x
}

func decodeName(fsys FS, name string, c *indexCache) decoded {
	data, shared, err := ReadShared(fsys, name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) { // deleted while walking: just skip
			return decoded{}
		}
		return decoded{problems: []Problem{{Path: name, Kind: "unreadable", Message: err.Error()}}}
	}
	if c != nil {
		if d, ok := c.restore(name, data, shared); ok {
			return d
		}
	}
	return decodeShared(name, data, shared)
}

// decodeShared is decodeFile, with the bytes kept when the FS shares them
// (for the index cache).
func decodeShared(name string, data []byte, shared bool) decoded {
	d := decodeFile(name, data, shared)
	if shared {
		d.data = data
	}
	return d
}

// sortedProblems lists every problem, by path.
func (x *index) sortedProblems() []Problem {
	var out []Problem
	for _, ps := range x.problems {
		out = append(out, ps...)
	}
	ptrsort.StableFunc(out, func(a, b *Problem) int { return strings.Compare(a.Path, b.Path) })
	return out
}
