package commands

import (
	"errors"
	"hash/maphash"
	"io/fs"
	"sync"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
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
	sum   uint64
	c     *canvas.Canvas
	files canvas.FileNodes
}

func newCanvasCache() *canvasCache {
	return &canvasCache{seed: maphash.MakeSeed(), entries: map[string]cachedCanvas{}}
}

// read returns the canvas at path, parsed, and its file nodes; one that
// does not exist yet is empty. The results must not be modified.
func (cc *canvasCache) read(files pc.Files, path string) (*canvas.Canvas, canvas.FileNodes, error) {
	data, err := files.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &canvas.Canvas{}, canvas.FileNodes{}, nil
	}
	if err != nil {
		return nil, nil, err
	}
	sum := maphash.Bytes(cc.seed, data)
	cc.mu.Lock()
	e, ok := cc.entries[path]
	cc.mu.Unlock()
	if ok && e.sum == sum {
		return e.c, e.files, nil
	}
	c, err := canvas.Parse(data)
	if err != nil {
		return nil, nil, pc.AsError(err).With("path", path)
	}
	e = cachedCanvas{sum: sum, c: c, files: canvas.IndexFileNodes(c)}
	cc.mu.Lock()
	if len(cc.entries) >= 16 { // a few canvases are open at a time
		clear(cc.entries)
	}
	cc.entries[path] = e
	cc.mu.Unlock()
	return e.c, e.files, nil
}
