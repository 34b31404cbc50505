package bridge_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/projectcanvas/projectcanvas/wasm/bridge"
)

// BenchmarkBridgeCall is a get_entity call through the bridge on the example
// vault. `make bench-wasm` runs it natively and in WebAssembly under Node;
// the ratio is the WASM cost (target: at most 5x).
func BenchmarkBridgeCall(b *testing.B) {
	root := filepath.Join("..", "..", "examples", "vault")
	var files []map[string]string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		files = append(files, map[string]string{"path": filepath.ToSlash(rel), "content": string(data)})
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	br := bridge.New()
	load, _ := json.Marshal(map[string]any{"files": files})
	if _, err := br.Call(context.Background(), "load", load); err != nil {
		b.Fatal(err)
	}
	// The document index builds in the background after load; in
	// WebAssembly it shares the one thread with the calls. A search waits
	// for it, so the loop measures calls alone.
	if _, err := br.Call(context.Background(), "call", []byte(`{"name":"search_docs","arguments":{"query":"release"}}`)); err != nil {
		b.Fatal(err)
	}
	in := []byte(`{"name":"get_entity","arguments":{"id":"T-004"}}`)
	for b.Loop() {
		if _, err := br.Call(context.Background(), "call", in); err != nil {
			b.Fatal(err)
		}
	}
}
