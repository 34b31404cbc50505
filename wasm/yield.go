//go:build js && wasm

package main

import (
	"sync"
	"syscall/js"
)

// yielder gives the thread back to JavaScript for one turn of its event
// loop, after the messages (calls) that came in before: the pause of the
// document index's build (bridge.WithPause). A timer would do too, but a
// browser stretches nested timers to 4 ms each, and the build pauses every
// 10 ms.
type yielder struct {
	mu   sync.Mutex // one yield at a time: one wake-up in flight
	post func()
	wake chan struct{}
}

// newYielder yields through setImmediate where there is one (Node, where
// the plugin's tests run: it runs after the pending messages, whereas a
// MessagePort's messages are delivered in a loop that takes the ones
// posted meanwhile too, so a port posting to itself kept the worker's
// other messages waiting), else through a MessageChannel (a browser: a
// message is a task of its own, queued behind those that came in before).
func newYielder() *yielder {
	if set := js.Global().Get("setImmediate"); set.Type() == js.TypeFunction {
		return immediateYielder(set)
	}
	return channelYielder()
}

func immediateYielder(set js.Value) *yielder {
	y := &yielder{wake: make(chan struct{}, 1)}
	wake := y.wakeFunc()
	y.post = func() { set.Invoke(wake) }
	return y
}

func channelYielder() *yielder {
	y := &yielder{wake: make(chan struct{}, 1)}
	ch := js.Global().Get("MessageChannel").New()
	ch.Get("port1").Set("onmessage", y.wakeFunc())
	port := ch.Get("port2")
	y.post = func() { port.Call("postMessage", js.Null()) }
	return y
}

func (y *yielder) wakeFunc() js.Func {
	return js.FuncOf(func(js.Value, []js.Value) any {
		y.wake <- struct{}{}
		return nil
	})
}

// yield returns once JavaScript has had a turn.
func (y *yielder) yield() {
	y.mu.Lock()
	defer y.mu.Unlock()
	y.post()
	<-y.wake
}
