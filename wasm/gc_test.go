//go:build js && wasm

package main

import (
	"context"
	"errors"
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
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
	}, func(context.Context) error {
		t.Error("a failed load waited for a document index")
		return nil
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
	}, nil)()
}

// The collector stays off after a load until the document index's build
// that follows it ends (its first cycles fell on the editor's first
// commands), and a later load's pause is not ended by an earlier load's
// waiter.
func TestCollectorStaysOffUntilTheDocumentIndexIsBuilt(t *testing.T) {
	percent := debug.SetGCPercent(100)
	defer debug.SetGCPercent(percent)
	gcPercent := func() int { p := debug.SetGCPercent(-1); debug.SetGCPercent(p); return p }
	load := func(built chan struct{}) {
		t.Helper()
		_, err := withLoadGC("load", func() ([]byte, error) { return nil, nil }, func(ctx context.Context) error {
			select {
			case <-built:
			case <-ctx.Done():
			}
			return nil
		})()
		if err != nil {
			t.Fatal(err)
		}
	}
	waitFor := func(want int) {
		t.Helper()
		for range 200 {
			if gcPercent() == want {
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
		t.Fatalf("GC percent %d, want %d", gcPercent(), want)
	}
	first := make(chan struct{})
	load(first)
	time.Sleep(10 * time.Millisecond)
	if p := gcPercent(); p != -1 {
		t.Fatalf("after the load, while the index builds, GC percent %d, want -1", p)
	}
	close(first)
	waitFor(100)

	// An earlier load's build ending while a later load's pause holds.
	earlier, later := make(chan struct{}), make(chan struct{})
	load(earlier)
	loadGC.endOf(loadGC.gen) // the earlier pause ends another way (a failed load)
	loadGC.begin()
	close(earlier)
	time.Sleep(10 * time.Millisecond)
	if p := gcPercent(); p != -1 {
		t.Fatalf("an earlier load's waiter ended a later pause: GC percent %d", p)
	}
	load(later)
	close(later)
	waitFor(100)
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
	if _, err := withLoadGC("load", func() ([]byte, error) { return nil, nil }, nil)(); err != nil {
		t.Fatal(err)
	}
	if p := debug.SetGCPercent(100); p != 100 {
		t.Errorf("after the load the GC percent is %d, want 100", p)
	}
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("after the load the memory limit is %d, want none", l)
	}
}

// TestCallsWaitingForTheBuildGoFirst: calls that waited for the document
// index's build (a search sent at start-up) run before the collector comes
// back after it, so that its first cycle does not fall on them, even when
// they take turns with other goroutines on the way (a search takes the
// project's gate again after its wait); it comes back once they are done.
// Without afterDocs's turn of the event loop the collector's waiter ran
// between those turns.
func TestCallsWaitingForTheBuildGoFirst(t *testing.T) {
	percent := debug.SetGCPercent(100)
	defer debug.SetGCPercent(percent)
	// Read without setting it: a call setting it would race the collector's waiter.
	gcPercent := func() int {
		m := []metrics.Sample{{Name: "/gc/gogc:percent"}}
		metrics.Read(m)
		return int(m[0].Value.Uint64())
	}
	built := make(chan struct{})
	wait := func(ctx context.Context) error {
		select {
		case <-built:
		case <-ctx.Done():
		}
		return nil
	}
	if _, err := withLoadGC("load", func() ([]byte, error) { return nil, nil }, afterDocs(wait, newYielder().yield))(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Millisecond) // the collector's waiter waits first, as after a real load
	const calls = 4
	seen := make(chan int, calls)
	for range calls {
		go func() {
			_ = wait(context.Background())
			for range 20 {
				runtime.Gosched() // turns with the other goroutines, none with JavaScript
			}
			seen <- gcPercent()
		}()
	}
	time.Sleep(time.Millisecond)
	go close(built) // as the build ends: in a goroutine of its own
	for range calls {
		if p := <-seen; p != -1 {
			t.Errorf("a call waiting for the build ran with GC percent %d, want -1 (the collector still off)", p)
		}
	}
	for range 200 {
		if gcPercent() == 100 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("GC percent %d after the calls, want 100", gcPercent())
}
