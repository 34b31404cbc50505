package projectcanvas

import (
	"context"
	"sync"
)

// ReadGate bounds how many read-only calls run at once in a host serving
// many clients, so that writes do not starve behind reads. Sixteen clients
// reading without pause on two cores keep sixteen goroutines runnable; a
// write then waits behind all of them at each of its steps (the request,
// the blocking system calls of its fsyncs, the answer): 175 ms at the 99th
// percentile. Behind the gate, reads past the limit wait parked, in order.
// The limit is one read per processor while no write is under way, and
// one processor fewer while one is (Write marks it), so that the write
// finds a processor free at each step. Reads keep every processor busy
// the rest of the time.
//
// A call that waits for something other than the processor (a remote
// embeddings request, the first build of an index) lets go of its place
// meanwhile: see Unheld.
type ReadGate struct {
	n       int
	mu      sync.Mutex
	running int             // reads holding a place
	writes  int             // writes under way
	queue   []chan struct{} // reads waiting, oldest first
}

// NewReadGate returns a gate letting n read-only calls run at once, n-1
// while a write runs (at least one).
func NewReadGate(n int) *ReadGate {
	return &ReadGate{n: max(1, n)}
}

// limit is how many reads may run now; the caller holds g.mu.
func (g *ReadGate) limit() int {
	if g.writes > 0 {
		return max(1, g.n-1)
	}
	return g.n
}

// take waits for a place, or for ctx.
func (g *ReadGate) take(ctx context.Context) error {
	g.mu.Lock()
	if len(g.queue) == 0 && g.running < g.limit() {
		g.running++
		g.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	g.queue = append(g.queue, ch)
	g.mu.Unlock()
	select {
	case <-ch: // release counted us in
		return nil
	case <-ctx.Done():
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for i, c := range g.queue {
		if c == ch {
			g.queue = append(g.queue[:i], g.queue[i+1:]...)
			return Errorf(CodeInternal, "waiting to run: %v", ctx.Err())
		}
	}
	// Let in meanwhile: pass the place on.
	g.running--
	g.admit()
	return Errorf(CodeInternal, "waiting to run: %v", ctx.Err())
}

// release gives a place back.
func (g *ReadGate) release() {
	g.mu.Lock()
	g.running--
	g.admit()
	g.mu.Unlock()
}

// admit lets waiting reads in up to the limit; the caller holds g.mu.
func (g *ReadGate) admit() {
	for len(g.queue) > 0 && g.running < g.limit() {
		close(g.queue[0])
		g.queue = g.queue[1:]
		g.running++
	}
}

// Write marks a write under way until the returned function is called.
// It never waits. A nil gate does nothing.
func (g *ReadGate) Write() (done func()) {
	if g == nil {
		return func() {}
	}
	g.mu.Lock()
	g.writes++
	g.mu.Unlock()
	return func() {
		g.mu.Lock()
		g.writes--
		g.admit()
		g.mu.Unlock()
	}
}

// gateHold is one read's place in a gate, carried by its context.
type gateHold struct {
	g     *ReadGate
	mu    sync.Mutex
	out   int // Unheld calls not yet resumed
	taken bool
}

type gateKey struct{}

// Enter waits for a place in the gate (or for ctx) and returns the context
// to run the read with and the function that gives the place back. A nil
// gate lets every call in.
func (g *ReadGate) Enter(ctx context.Context) (context.Context, func(), error) {
	if g == nil {
		return ctx, func() {}, nil
	}
	if err := g.take(ctx); err != nil {
		return ctx, nil, err
	}
	h := &gateHold{g: g, taken: true}
	return context.WithValue(ctx, gateKey{}, h), func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.taken {
			h.taken = false
			g.release()
		}
	}, nil
}

// Unheld gives up the read gate's place that ctx holds, if any, while the
// caller waits for something other than the processor; the returned
// function takes a place again before the call goes on computing.
func Unheld(ctx context.Context) (resume func()) {
	h, _ := ctx.Value(gateKey{}).(*gateHold)
	if h == nil {
		return func() {}
	}
	h.mu.Lock()
	h.out++
	if h.taken {
		h.taken = false
		h.g.release()
	}
	h.mu.Unlock()
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.out--; h.out == 0 && !h.taken && h.g.take(context.Background()) == nil {
			h.taken = true
		}
	}
}
