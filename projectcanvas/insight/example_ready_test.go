package insight_test

import (
	"fmt"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
)

// Ready lists the work that can start: not started, every dependency
// Completed, nothing holding it; by priority, then the work it unblocks.
func ExampleReady() {
	all := []*pc.Entity{
		{ID: "T-001", Type: pc.Task, Title: "Schema", Status: pc.Completed},
		{ID: "T-002", Type: pc.Task, Title: "API", Status: pc.NotStarted, Priority: "P1"},
		{ID: "T-003", Type: pc.Task, Title: "UI", Status: pc.NotStarted},
		{ID: "T-004", Type: pc.Task, Title: "Docs", Status: pc.InProgress},
	}
	all[1].Links[pc.DependsOn] = []pc.ID{"T-001"}
	all[2].Links[pc.DependsOn] = []pc.ID{"T-002"}
	items, problems := insight.Ready(all, "")
	for _, r := range items {
		fmt.Printf("%s %s: %s (unblocks %d)\n", r.ID, r.Title, r.Reason, r.Unblocks)
	}
	fmt.Println(len(problems), "problems")
	// Output:
	// T-002 API: its dependency T-001 is completed (unblocks 1)
	// 0 problems
}
