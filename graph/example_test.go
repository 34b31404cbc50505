package graph_test

import (
	"fmt"

	"github.com/projectcanvas/projectcanvas/graph"
)

// A dependency check after one edit walks only what the edited entity
// reaches.
func ExampleCycleThrough() {
	dependsOn := map[string][]string{"T-001": {"T-002"}, "T-002": {"T-003"}, "T-003": {"T-001"}}
	next := func(id string) []string { return dependsOn[id] }
	fmt.Println(graph.CycleThrough("T-002", next))
	// Output: [T-002 T-003 T-001 T-002]
}

func ExampleAllows() {
	fmt.Println(graph.Allows("implements", graph.Task, graph.Feature))
	fmt.Println(graph.Allows("implemented_by", graph.Feature, graph.Decision))
	// Output:
	// true
	// false
}

func ExampleGraph_TopoOrder() {
	// 0 = design, 1 = build, 2 = ship: build follows design, ship follows build.
	g := graph.New(3, []graph.Edge{{From: 0, To: 1}, {From: 1, To: 2}})
	order, ok := g.TopoOrder()
	fmt.Println(order, ok)
	// Output: [0 1 2] true
}
