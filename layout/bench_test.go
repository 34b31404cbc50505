package layout_test

import (
	"testing"

	"github.com/projectcanvas/projectcanvas/internal/layoutsample"
	"github.com/projectcanvas/projectcanvas/layout"
)

// BenchmarkLayout10x10x10 lays out 10 milestones x 10 stories x 10 tasks
// (1,110 nodes) with 300 random dependencies; the target is 5 ms.
func BenchmarkLayout10x10x10(b *testing.B) {
	in := layoutsample.Nested(10, 10, 10, 300, 1)
	b.ReportAllocs()
	for b.Loop() {
		layout.Layout(in)
	}
}

func BenchmarkLayout2000(b *testing.B) {
	in := layoutsample.Nested(20, 10, 9, 500, 2)
	b.ReportAllocs()
	for b.Loop() {
		layout.Layout(in)
	}
}
