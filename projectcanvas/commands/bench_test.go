package commands_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// bigCanvas is a project of n entities, all on its canvas.
func bigCanvas(b *testing.B, n int) *tools.Env {
	p, err := pc.Open(memfs.New(vaultgen.Files(n)))
	if err != nil {
		b.Fatal(err)
	}
	env := &tools.Env{Project: p}
	if _, err := registry.Run(context.Background(), env, "populate-canvas-from-vault", json.RawMessage(`{}`)); err != nil {
		b.Fatal(err)
	}
	return env
}

// A keystroke of search-entity-on-canvas on 10,000 entities, all on the
// canvas (target: 16 ms end to end in the editor).
func BenchmarkSearchOnCanvas10k(b *testing.B) {
	env := bigCanvas(b, 10_000)
	for b.Loop() {
		if _, err := registry.Run(context.Background(), env, "search-entity-on-canvas", json.RawMessage(`{"query":"cache sy"}`)); err != nil {
			b.Fatal(err)
		}
	}
}

// reposition-canvas-nodes on 1,000 entities (target: 100 ms end to end in
// the editor).
func BenchmarkReposition1k(b *testing.B) {
	env := bigCanvas(b, 1_000)
	for b.Loop() {
		if _, err := registry.Run(context.Background(), env, "reposition-canvas-nodes", json.RawMessage(`{}`)); err != nil {
			b.Fatal(err)
		}
	}
}
