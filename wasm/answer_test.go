//go:build js && wasm

package main

import (
	"runtime"
	"syscall/js"
	"testing"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// recorder is a JavaScript callback (error, output) that keeps what it was
// given on itself.
func recorder() js.Value {
	return js.Global().Get("Function").New(`const f = (err, out) => { f.called = true; f.err = err; f.out = out; }; return f;`).Invoke()
}

// spinUntil works for at most d like the document index's build between
// two pauses: other goroutines get turns, JavaScript's event loop none. It
// reports whether done became true within that work.
func spinUntil(d time.Duration, done func() bool) bool {
	for deadline := time.Now().Add(d); time.Now().Before(deadline); {
		if done() {
			return true
		}
		runtime.Gosched()
	}
	return false
}

// TestAnswerReachesJavaScriptWhileGoWorks: a call given a callback
// answers through it while Go still has work to run, where a Promise's
// reaction waits for that work to end (why the worker passes a callback).
func TestAnswerReachesJavaScriptWhileGoWorks(t *testing.T) {
	done := recorder()
	answer(func() ([]byte, error) { return []byte(`{"ok":1}`), nil }, done)
	if !spinUntil(time.Second, func() bool { return done.Get("called").Truthy() }) {
		t.Fatal("the callback was not called while Go kept working")
	}
	if !done.Get("err").IsNull() || done.Get("out").String() != `{"ok":1}` {
		t.Errorf("done(%v, %v); want done(null, the JSON)", done.Get("err"), done.Get("out"))
	}

	reacted := js.Global().Get("Function").New("p", `const r = {}; p.then(() => { r.called = true; }); return r;`).
		Invoke(promise(func() ([]byte, error) { return []byte(`{}`), nil }))
	if spinUntil(100*time.Millisecond, func() bool { return reacted.Get("called").Truthy() }) {
		t.Error("a Promise's reaction ran while Go kept working; the callback is no longer needed")
	}

	failed := recorder()
	answer(func() ([]byte, error) { return nil, pc.Errorf(pc.CodeNotFound, "no T-404") }, failed)
	if !spinUntil(time.Second, func() bool { return failed.Get("called").Truthy() }) {
		t.Fatal("the callback was not called for a failure")
	}
	if failed.Get("err").Get("code").String() != string(pc.CodeNotFound) || !failed.Get("out").IsNull() {
		t.Errorf("done(%v, %v); want done(an Error with code not_found, null)", failed.Get("err"), failed.Get("out"))
	}
}

// TestAnswerSurvivesAThrowingCallback: the host's callback throwing ends
// neither the call's goroutine badly nor the program.
func TestAnswerSurvivesAThrowingCallback(t *testing.T) {
	throws := js.Global().Get("Function").New(`const f = () => { f.called = true; throw new Error("host bug"); }; return f;`).Invoke()
	answer(func() ([]byte, error) { return []byte(`{}`), nil }, throws)
	if !spinUntil(time.Second, func() bool { return throws.Get("called").Truthy() }) {
		t.Fatal("the callback was not called")
	}
	done := recorder()
	answer(func() ([]byte, error) { return []byte(`{}`), nil }, done)
	if !spinUntil(time.Second, func() bool { return done.Get("called").Truthy() }) {
		t.Fatal("no answer after a callback threw")
	}
}
