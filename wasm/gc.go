//go:build js && wasm

package main

import (
	"runtime/debug"
	"sync"
)

// loadHeapLimit bounds the heap while a load runs with the collector off.
const loadHeapLimit = 256 << 20

// loadGC turns the collector off from the first file staged for a load to
// the end of the load, with the heap bounded by loadHeapLimit. A load
// allocates a lot that it drops at once (file texts, parse trees), and the
// files staged before it stay alive until it takes them: in WebAssembly,
// where the collector shares the one thread, collecting at the default
// pace took a third of the first load of 1,000 files, and cycles while
// 10,000 files were staged marked them over and over.
var loadGC gcPause

type gcPause struct {
	mu      sync.Mutex
	off     bool
	percent int
	limit   int64
}

// begin turns the collector off, once until end.
func (g *gcPause) begin() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.off {
		g.percent, g.limit, g.off = debug.SetGCPercent(-1), debug.SetMemoryLimit(loadHeapLimit), true
	}
}

// end restores the collector's settings from before begin.
func (g *gcPause) end() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.off {
		debug.SetGCPercent(g.percent)
		debug.SetMemoryLimit(g.limit)
		g.off = false
	}
}

// withLoadGC runs a load with the collector off (loadGC); any other call
// runs as it is.
func withLoadGC(name string, f func() ([]byte, error)) func() ([]byte, error) {
	if name != "load" {
		return f
	}
	return func() ([]byte, error) {
		loadGC.begin()
		defer loadGC.end()
		return f()
	}
}
