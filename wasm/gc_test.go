//go:build js && wasm

package main

import (
	"errors"
	"math"
	"runtime/debug"
	"testing"
)

// TestWithLoadGC: a load runs with the collector off under the heap bound
// and the settings come back after it, also when it fails; other calls run
// as they are.
func TestWithLoadGC(t *testing.T) {
	percent := debug.SetGCPercent(100)
	defer debug.SetGCPercent(percent)
	var during struct{ percent, limit int64 }
	load := withLoadGC("load", func() ([]byte, error) {
		during.percent = int64(debug.SetGCPercent(-1))
		during.limit = debug.SetMemoryLimit(-1)
		return nil, errors.New("refused")
	})
	if _, err := load(); err == nil {
		t.Fatal("the load's error was lost")
	}
	if during.percent != -1 || during.limit != loadHeapLimit {
		t.Errorf("during the load: GC percent %d, limit %d; want -1 and %d", during.percent, during.limit, loadHeapLimit)
	}
	if p := debug.SetGCPercent(100); p != 100 {
		t.Errorf("after the load the GC percent is %d, want 100", p)
	}
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("after the load the memory limit is %d, want none", l)
	}
	withLoadGC("call", func() ([]byte, error) {
		if p := debug.SetGCPercent(-1); p != 100 {
			t.Errorf("a call runs with GC percent %d, want 100", p)
		}
		debug.SetGCPercent(100)
		return nil, nil
	})()
}

// TestStageTurnsTheCollectorOffUntilTheLoad: staging files turns the
// collector off (once, however many stages), and the load that takes them
// turns it back on as it was.
func TestStageTurnsTheCollectorOffUntilTheLoad(t *testing.T) {
	percent := debug.SetGCPercent(100)
	defer debug.SetGCPercent(percent)
	loadGC.begin()
	loadGC.begin()
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Errorf("after staging the GC percent is %d, want -1", p)
	}
	if _, err := withLoadGC("load", func() ([]byte, error) { return nil, nil })(); err != nil {
		t.Fatal(err)
	}
	if p := debug.SetGCPercent(100); p != 100 {
		t.Errorf("after the load the GC percent is %d, want 100", p)
	}
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("after the load the memory limit is %d, want none", l)
	}
}
