//go:build js && wasm

package main

import "runtime/debug"

// loadHeapLimit bounds the heap while a load runs with the collector off.
const loadHeapLimit = 256 << 20

// withLoadGC runs a load with the collector off up to loadHeapLimit, and
// restores the collector's settings after it. A load allocates a lot that
// it drops at once (file texts, parse trees), and in WebAssembly, where the
// collector shares the one thread, collecting at the default pace took a
// third of the first load of 1,000 files. Any other call runs as it is.
func withLoadGC(name string, f func() ([]byte, error)) func() ([]byte, error) {
	if name != "load" {
		return f
	}
	return func() ([]byte, error) {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(loadHeapLimit))
		defer debug.SetGCPercent(debug.SetGCPercent(-1))
		return f()
	}
}
