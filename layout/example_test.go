package layout_test

import (
	"fmt"

	"github.com/projectcanvas/projectcanvas/layout"
)

// A milestone's band over two workstream lanes: the milestone above its
// stories, each story in its own lane, the task below its story. The
// options set the node size and the gaps.
func ExampleLayout() {
	res := layout.Layout(layout.Input{Nodes: []layout.Node{
		{ID: "M-001", Type: "milestone", Workstream: "product"},
		{ID: "S-001", Type: "story", Workstream: "engineering", Parent: "M-001"},
		{ID: "S-002", Type: "story", Workstream: "design", Parent: "M-001"},
		{ID: "T-001", Type: "task", Workstream: "engineering", Parent: "S-001", DependsOn: []string{"S-002"}},
	}}, layout.WithDefaultSize(200, 80), layout.WithGaps(20, 40, 80))
	m, s1, s2, t1 := res.Nodes[0], res.Nodes[1], res.Nodes[2], res.Nodes[3]
	fmt.Println("milestone above its stories:", m.Y+m.H <= s1.Y && m.Y+m.H <= s2.Y)
	fmt.Println("stories side by side:", s1.Y == s2.Y && s1.X != s2.X)
	fmt.Println("task below its story:", t1.Y >= s1.Y+s1.H)
	fmt.Println("bands:", len(res.Bands), "edges:", len(res.Edges))
	for _, l := range res.Lanes {
		fmt.Println("lane", l.Workstream, "in band", l.Band)
	}
	// Output:
	// milestone above its stories: true
	// stories side by side: true
	// task below its story: true
	// bands: 1 edges: 1
	// lane design in band M-001
	// lane engineering in band M-001
}
