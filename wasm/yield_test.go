//go:build js && wasm

package main

import (
	"syscall/js"
	"testing"
	"time"
)

// TestYieldGivesJavaScriptATurn: yield returns only after JavaScript has
// run what was waiting (a microtask; in Node, where setImmediate serves,
// a message that came in before, as the worker's calls do), and costs no
// timer: many in a row take well under the 4 ms each that a browser's
// nested timers would. Both kinds are checked; the browser's message
// order is bench-plugin-chromium's to show.
func TestYieldGivesJavaScriptATurn(t *testing.T) {
	for name, y := range map[string]*yielder{"chosen": newYielder(), "channel": channelYielder()} {
		t.Run(name, func(t *testing.T) {
			ran := js.Global().Get("Object").New()
			js.Global().Get("queueMicrotask").Invoke(js.FuncOf(func(js.Value, []js.Value) any {
				ran.Set("microtask", true)
				return nil
			}))
			y.yield()
			if !ran.Get("microtask").Truthy() {
				t.Error("yield returned before JavaScript ran a microtask")
			}
			const n = 200
			start := time.Now()
			for range n {
				y.yield()
			}
			if per := time.Since(start) / n; per >= time.Millisecond {
				t.Errorf("a yield took %v; want well under a timer's millisecond", per)
			}
		})
	}
}

// TestYieldLetsMessagesIn: in Node, a message that came in before a
// yield is delivered by it, however many yields follow at once (a
// MessageChannel posting to itself kept it waiting).
func TestYieldLetsMessagesIn(t *testing.T) {
	y := newYielder()
	ran := js.Global().Get("Object").New()
	ch := js.Global().Get("MessageChannel").New()
	defer ch.Get("port1").Call("close")
	ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		ran.Set("message", true)
		return nil
	}))
	ch.Get("port2").Call("postMessage", js.Null())
	for range 3 { // the port's own start may take a turn
		y.yield()
	}
	if !ran.Get("message").Truthy() {
		t.Error("a message posted before the yields was not delivered")
	}
}
