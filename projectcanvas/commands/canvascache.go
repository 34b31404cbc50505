package commands

import (
	"errors"
	"hash/maphash"
	"io/fs"
	"sync"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// canvasCache keeps the canvases the commands read, parsed, by path and
// content: search-entity-on-canvas runs on every keystroke, and parsing a
// canvas of 10,000 nodes each time would cost more than the search. A
// canvas whose content changed is parsed again. The canvases it hands out
// are shared: commands only read them (every change goes through
// canvas.Edit in a transaction, which reads the file afresh).
type canvasCache struct {
	seed    maphash.Seed
	mu      sync.Mutex
	entries map[string]cachedCanvas // by path
}

type cachedCanvas struct {
	// shared is the content as the vault shares it (pc.ReadShared), when
	// it does: a later read handing back these very bytes (a write
	// stores new ones) is of the same content, known without hashing
	// megabytes per keystroke. Held here, they are not freed and their
	// address not reused for other bytes.
	shared []byte
	sum    uint64
	c      *canvas.Canvas
	files  canvas.FileNodes
	// ranker searches the entities shown, prepared for the entity set it
	// was built from: the project's All, which a change replaces with a
	// copy rather than edits once it has been handed out, so the address
	// of its first element tells it apart (and, held here, keeps that
	// memory from being reused).
	ranker   *assist.Ranker
	rankedOf **pc.Entity
	rankedN  int
}

func newCanvasCache() *canvasCache {
	return &canvasCache{seed: maphash.MakeSeed(), entries: map[string]cachedCanvas{}}
}

// read returns the canvas at path, parsed, its file nodes and the hash of
// its content; one that does not exist yet is empty (hash 0). The results
// must not be modified.
func (cc *canvasCache) read(files pc.Files, path string) (*canvas.Canvas, canvas.FileNodes, uint64, error) {
	// Not copied where the vault keeps its files (WebAssembly): a search
	// keystroke on a canvas of 10,000 nodes copied 2 MB, and the garbage
	// brought a collection every few keystrokes.
	data, shared, err := pc.ReadShared(files, path)
	if errors.Is(err, fs.ErrNotExist) {
		return &canvas.Canvas{}, canvas.FileNodes{}, 0, nil
	}
	if err != nil {
		return nil, nil, 0, err
	}
	cc.mu.Lock()
	e, ok := cc.entries[path]
	cc.mu.Unlock()
	if ok && shared && sameBytes(e.shared, data) {
		return e.c, e.files, e.sum, nil
	}
	sum := maphash.Bytes(cc.seed, data)
	if !ok || e.sum != sum {
		c, err := canvas.Parse(data)
		if err != nil {
			return nil, nil, 0, pc.AsError(err).With("path", path)
		}
		e = cachedCanvas{sum: sum, c: c, files: canvas.IndexFileNodes(c)}
	}
	e.shared = nil
	if shared {
		e.shared = data
	}
	cc.mu.Lock()
	if len(cc.entries) >= 16 { // a few canvases are open at a time
		clear(cc.entries)
	}
	cc.entries[path] = e
	cc.mu.Unlock()
	return e.c, e.files, sum, nil
}

// ranker returns the search over the entities of all shown on the canvas
// at path whose content hashed to sum, built once per canvas content and
// entity set: a search keystroke then costs the comparisons only.
func (cc *canvasCache) ranker(path string, sum uint64, files canvas.FileNodes, all []*pc.Entity) *assist.Ranker {
	var first **pc.Entity
	if len(all) > 0 {
		first = &all[0]
	}
	cc.mu.Lock()
	e, ok := cc.entries[path]
	cc.mu.Unlock()
	if ok && e.sum == sum && e.ranker != nil && e.rankedOf == first && e.rankedN == len(all) {
		return e.ranker
	}
	shown := make([]*pc.Entity, 0, len(all))
	for _, x := range all {
		if files[x.Path] != nil {
			shown = append(shown, x)
		}
	}
	r := assist.NewRanker(shown)
	cc.mu.Lock()
	if e, ok := cc.entries[path]; ok && e.sum == sum {
		e.ranker, e.rankedOf, e.rankedN = r, first, len(all)
		cc.entries[path] = e
	}
	cc.mu.Unlock()
	return r
}

// sameBytes reports whether a and b are the same bytes in memory, not
// merely equal ones.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}
