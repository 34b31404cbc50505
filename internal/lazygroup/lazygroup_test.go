package lazygroup

import (
	"slices"
	"testing"
)

type entry struct {
	name  string
	group int // 0: built
}

// Complete builds the group of the entry asked for, in place and in the
// order named, and every group for -1; built entries are left alone.
func TestComplete(t *testing.T) {
	named := func() []entry {
		return []entry{{"a", 1}, {"b", 2}, {"c", 1}, {"d", 0}, {"e", 2}}
	}
	builds := 0
	build := func(g int) []entry {
		builds++
		if g == 1 {
			return []entry{{"A", 0}, {"C", 0}}
		}
		return []entry{{"B", 0}, {"E", 0}}
	}
	group := func(e entry) int { return e.group }

	items := named()
	Complete(items, 2, group, build)
	if want := []entry{{"A", 0}, {"b", 2}, {"C", 0}, {"d", 0}, {"e", 2}}; !slices.Equal(items, want) {
		t.Errorf("group of c: %v, want %v", items, want)
	}
	Complete(items, 3, group, build) // built already: nothing to do
	if builds != 1 {
		t.Errorf("%d builds, want 1", builds)
	}
	Complete(items, -1, group, build)
	if want := []entry{{"A", 0}, {"B", 0}, {"C", 0}, {"d", 0}, {"E", 0}}; !slices.Equal(items, want) {
		t.Errorf("every group: %v, want %v", items, want)
	}
	if builds != 2 {
		t.Errorf("%d builds, want 2", builds)
	}
}
