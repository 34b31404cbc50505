package reconcile_test

import (
	"fmt"

	"github.com/projectcanvas/projectcanvas/reconcile"
)

// A task edited by hand to implement a feature, whose file was not
// updated, and a dependency on a task that was deleted.
func ExamplePlan() {
	res := reconcile.Plan([]reconcile.Entity{
		{ID: "M-001", Type: "milestone"},
		{ID: "S-001", Type: "story", Parent: "M-001"},
		{ID: "F-001", Type: "feature"},
		{ID: "T-001", Type: "task", Parent: "S-001", Links: map[string][]string{
			"implements": {"F-001"}, "depends_on": {"T-009"},
		}},
	})
	for _, f := range res.Fixes {
		fmt.Println(f)
	}
	// Output:
	// F-001: add T-001 to implemented_by (mirrors T-001)
	// T-001: remove T-009 from depends_on (no such entity)
}
