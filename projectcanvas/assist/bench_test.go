package assist

import (
	"fmt"
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// BenchmarkRankAsTyped10k is each keystroke of "task 7123" over 10,000
// entities titled as the plugin's benchmark vault titles them (Milestone
// 1, Story 1, Task 1...): the search-entity-on-canvas keystrokes of make
// bench-plugin-chromium without the editor. The last keys match few
// titles exactly, so every other title is compared for typos.
func BenchmarkRankAsTyped10k(b *testing.B) {
	var all []*pc.Entity
	for _, kind := range []struct {
		prefix, title string
		n             int
	}{{"M", "Milestone", 200}, {"S", "Story", 1800}, {"T", "Task", 8000}} {
		for k := 1; k <= kind.n; k++ {
			all = append(all, &pc.Entity{ID: pc.ID(fmt.Sprintf("%s-%03d", kind.prefix, k)), Title: fmt.Sprintf("%s %d", kind.title, k)})
		}
	}
	r := NewRanker(all)
	const word = "task 7123"
	b.ReportAllocs()
	for b.Loop() {
		for i := 1; i <= len(word); i++ {
			r.Rank(word[:i], 20)
		}
	}
}
