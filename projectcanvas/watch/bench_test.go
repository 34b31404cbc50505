package watch_test

import (
	"fmt"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// BenchmarkHandEditVisible measures the time from a hand edit hitting the
// disk to the index (what get_entity reads) answering the new content.
// Target: 100ms; the watcher's default quiet period is 20ms.
func BenchmarkHandEditVisible(b *testing.B) {
	p, dir, _ := start(b)
	f := filepath.Join(dir, "F-001.md")
	var total time.Duration
	for i := 0; b.Loop(); i++ {
		want := fmt.Sprintf("Edit %d", i)
		began := time.Now()
		write(b, f, entityFile("F-001", "feature", want))
		for title(p, "F-001") != want {
			runtime.Gosched()
		}
		total += time.Since(began)
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N)/1000, "ms/visible")
}
