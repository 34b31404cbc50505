//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"testing"
)

// hostStore makes a projectcanvas.vectorStore in JavaScript over a Map, as
// the plugin's is over IndexedDB; misbehave names how it fails.
var hostStore = js.Global().Get("Function").New("misbehave", `
	const data = new Map();
	const concat = (a, b) => { const out = new Uint8Array(a.length + b.length); out.set(a); out.set(b, a.length); return out; };
	return {
		data,
		load: async (name) => misbehave === "wrong" ? "not bytes" : data.get(name) ?? null,
		append: async (name, bytes) => { data.set(name, concat(data.get(name) ?? new Uint8Array(0), bytes)); },
		replace: (name, bytes) => {
			if (misbehave === "throw") throw new Error("full");
			if (misbehave === "reject") return Promise.reject(new Error("quota exceeded"));
			data.set(name, bytes.slice()); return Promise.resolve();
		},
	};
`)

func TestHostVectorStore(t *testing.T) {
	api := js.Global().Get("Object").New()
	if jsVectorStores(api)("v.vec") != nil {
		t.Fatal("without the host's store, none: the vectors are kept for the load only")
	}
	api.Set("vectorStore", hostStore.Invoke(""))
	s := jsVectorStores(api)("v.vec")
	if got, err := s.Load(); err != nil || got != nil {
		t.Fatalf("nothing stored yet: %v, %v", got, err)
	}
	if err := s.Append([]byte("ab")); err != nil {
		t.Fatal(err)
	}
	if err := s.Append([]byte("cd")); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Load(); err != nil || string(got) != "abcd" {
		t.Fatalf("appended: %q, %v", got, err)
	}
	if err := s.Replace([]byte("x")); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Load(); string(got) != "x" {
		t.Fatalf("replaced: %q", got)
	}
	if other, _ := jsVectorStores(api)("w.vec").Load(); other != nil {
		t.Fatalf("another name's store is its own: %q", other)
	}

	for _, how := range []string{"throw", "reject"} {
		api.Set("vectorStore", hostStore.Invoke(how))
		err := jsVectorStores(api)("v.vec").Replace([]byte("y"))
		if err == nil || !strings.Contains(err.Error(), "vectorStore.replace failed") {
			t.Errorf("a store that fails (%s) is an error: %v", how, err)
		}
	}
	api.Set("vectorStore", hostStore.Invoke("wrong"))
	if got, err := jsVectorStores(api)("v.vec").Load(); err != nil || got != nil {
		t.Errorf("an answer that is no bytes is nothing stored: %q, %v", got, err)
	}
}
