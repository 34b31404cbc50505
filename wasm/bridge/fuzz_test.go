package bridge_test

import (
	"context"
	"strings"
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/wasm/bridge"
)

// FuzzCall feeds arbitrary input to every bridge function: no panic, no
// internal error, and no file outside the vault.
func FuzzCall(f *testing.F) {
	f.Add(0, `{"files":[{"path":"a.md","content":"---\nid: F-001\ntype: feature\ntitle: x\n---\n"}]}`)
	f.Add(1, `{"events":[{"type":"rename","from":"a.md","path":"b/../c.md"}]}`)
	f.Add(2, `{"name":"get_entity","arguments":{"id":"F-001"}}`)
	f.Add(3, `{"method":"GET","path":"/entities","headers":{"Authorization":"Bearer "}}`)
	f.Fuzz(func(t *testing.T, fn int, input string) {
		if fn < 0 {
			fn = -fn
		}
		name := bridge.Functions[fn%len(bridge.Functions)]
		b := bridge.New()
		_, err := b.Call(context.Background(), name, []byte(input))
		if pc.ErrorCode(err) == pc.CodeInternal {
			t.Fatalf("%s(%q): %v", name, input, err)
		}
		out, err := b.Call(context.Background(), "call", []byte(`{"name":"rebuild_index"}`))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(out), "../") {
			t.Fatalf("a path left the vault: %s", out)
		}
	})
}
