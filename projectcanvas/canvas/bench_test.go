package canvas_test

import (
	"testing"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// BenchmarkArrange2000 lays out the populated canvas of a generated
// 2,000-entity project again (layout_canvas without the file I/O).
func BenchmarkArrange2000(b *testing.B) {
	p, err := pc.Open(memfs.New(vaultgen.Files(2000)))
	if err != nil {
		b.Fatal(err)
	}
	c, err := canvas.Parse(nil)
	if err != nil {
		b.Fatal(err)
	}
	g := p.Graph()
	canvas.Populate(c, g, canvas.PopulateOptions{}, nil)
	canvas.Arrange(c, g)
	b.ReportAllocs()
	for b.Loop() {
		canvas.Arrange(c, g)
	}
}
