//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"
	"time"

	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
)

// The device's store of a person's model's vectors is the host's: it sets
// projectcanvas.vectorStore to an object of three async functions,
//
//	load(name)           resolves to a Uint8Array, or null when nothing is stored
//	append(name, bytes)  adds bytes (a Uint8Array) at the end of what is stored
//	replace(name, bytes) stores bytes instead, in one step
//
// (docsearch.VectorStore). The plugin keeps it in the device's IndexedDB,
// never in the vault. Without one, the vectors are kept for the load only.

// jsVectorStores gives the store of a name when the host set one.
func jsVectorStores(api js.Value) func(name string) docsearch.VectorStore {
	return func(name string) docsearch.VectorStore {
		if api.Get("vectorStore").Type() != js.TypeObject {
			return nil
		}
		return jsVectorStore{api: api, name: name}
	}
}

type jsVectorStore struct {
	api  js.Value
	name string
}

func (s jsVectorStore) Load() ([]byte, error) { return s.do("load", nil) }

func (s jsVectorStore) Append(data []byte) error {
	_, err := s.do("append", data)
	return err
}

func (s jsVectorStore) Replace(data []byte) error {
	_, err := s.do("replace", data)
	return err
}

// storeTimeout bounds a wait for the host's store: a store that never
// answers costs the vectors' keeping, never the search.
const storeTimeout = 30 * time.Second

// callStore calls store[fn](name, bytes) in a promise job and always
// fulfils, with {ok, bytes} (bytes a Uint8Array or null) or {ok: false,
// message}: a store that throws, rejects or answers something else is
// caught in JavaScript, where a throwing getter cannot reach Go.
var callStore = js.Global().Get("Function").New("store", "fn", "name", "bytes", `
	const text = (e) => { try { return String(e); } catch (_) { return "an unprintable error"; } };
	return Promise.resolve().then(() => store[fn](name, bytes)).then(
		(v) => ({ok: true, bytes: v instanceof Uint8Array ? v : null}),
		(e) => ({ok: false, message: text(e)}));
`)

func (s jsVectorStore) do(fn string, data []byte) ([]byte, error) {
	store := s.api.Get("vectorStore")
	if store.Type() != js.TypeObject {
		return nil, nil
	}
	arg := js.Null()
	if data != nil {
		arg = js.Global().Get("Uint8Array").New(len(data))
		js.CopyBytesToJS(arg, data)
	}
	type answer struct {
		data []byte
		err  error
	}
	done := make(chan answer, 1)
	onDone := js.FuncOf(func(_ js.Value, args []js.Value) any {
		v := args[0]
		if !v.Get("ok").Bool() {
			done <- answer{err: errors.New("projectcanvas.vectorStore." + fn + " failed: " + v.Get("message").String())}
			return nil
		}
		var out []byte
		if b := v.Get("bytes"); !b.IsNull() {
			out = make([]byte, b.Length())
			js.CopyBytesToGo(out, b)
		}
		done <- answer{data: out}
		return nil
	})
	callStore.Invoke(store, fn, s.name, arg).Call("then", onDone)
	select {
	case a := <-done:
		onDone.Release()
		return a.data, a.err
	case <-time.After(storeTimeout):
		return nil, errors.New("projectcanvas.vectorStore." + fn + " did not answer") // the callback stays alive for the late answer
	}
}
