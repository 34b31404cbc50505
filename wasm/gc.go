//go:build js && wasm

package main

import (
	"context"
	"runtime/debug"
	"sync"
	"time"
)

// loadHeapLimit bounds the heap while a load runs with the collector off.
const loadHeapLimit = 256 << 20

// loadGC turns the collector off from the first file staged for a load to
// the end of the document index's build that follows it, with the heap
// bounded by loadHeapLimit. A load allocates a lot that it drops at once
// (file texts, parse trees), and the files staged before it stay alive
// until it takes them: in WebAssembly, where the collector shares the one
// thread, collecting at the default pace took a third of the first load
// of 1,000 files, and cycles while 10,000 files were staged marked them
// over and over. The build goes on in the background after the load has
// answered; had the collector come back at the answer, its first cycles
// (over the load's garbage) fell on the first commands the editor sent,
// which then waited tens of milliseconds.
var loadGC gcPause

// docsWait bounds how long the collector stays off after a load for the
// document index's build.
const docsWait = time.Minute

type gcPause struct {
	mu      sync.Mutex
	off     bool
	gen     int // counts begins that turned the collector off
	percent int
	limit   int64
}

// begin turns the collector off, once until endOf, and returns the
// pause's generation for endOf.
func (g *gcPause) begin() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.off {
		g.percent, g.limit, g.off = debug.SetGCPercent(-1), debug.SetMemoryLimit(loadHeapLimit), true
		g.gen++
	}
	return g.gen
}

// endOf restores the collector's settings from before begin, if the pause
// under way is of generation gen: a waiter of an earlier load does not end
// the pause of a later one.
func (g *gcPause) endOf(gen int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.off && gen == g.gen {
		debug.SetGCPercent(g.percent)
		debug.SetMemoryLimit(g.limit)
		g.off = false
	}
}

// withLoadGC runs a load with the collector off (loadGC) and keeps it off
// until waitDocs returns, at most docsWait: once the document index's
// build has ended and the calls that waited for it (a search sent at
// start-up) have run, so that the collector's first cycle, 20 to 30 ms,
// falls on none of them (see afterDocs). A failed load turns it back on
// at once. Any other call runs as it is.
func withLoadGC(name string, f func() ([]byte, error), waitDocs func(context.Context) error) func() ([]byte, error) {
	if name != "load" {
		return f
	}
	return func() ([]byte, error) {
		gen := loadGC.begin()
		out, err := f()
		if err != nil || waitDocs == nil {
			loadGC.endOf(gen)
			return out, err
		}
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), docsWait)
			defer cancel()
			_ = waitDocs(ctx)
			loadGC.endOf(gen)
		}()
		return out, err
	}
}
