package projectcanvas_test

import (
	"maps"
	"testing"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func BenchmarkOpenMemNotes(b *testing.B) {
	files := vaultgen.Files(10_000)
	maps.Copy(files, vaultgen.Notes(10_000, 10_000))
	fsys := memfs.New(files)
	first, _ := pc.Open(fsys, pc.WithIndexCache(nil, "bench"))
	cache := first.IndexCache()
	for b.Loop() {
		pc.Open(fsys, pc.WithIndexCache(cache, "bench"))
	}
}
