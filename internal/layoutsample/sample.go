// Package layoutsample builds the project graphs the layout benchmarks and
// the peer comparison (bench/layout) share, so both measure one graph.
package layoutsample

import (
	"fmt"
	"math/rand/v2"

	"github.com/projectcanvas/projectcanvas/layout"
)

// Nested builds milestones x stories x tasks over two workstreams, plus deps
// random dependencies between any two of them (seeded: the same every run).
func Nested(milestones, stories, tasks, deps int, seed uint64) layout.Input {
	var in layout.Input
	streams := []string{"engineering", "design"}
	for m := range milestones {
		mid := fmt.Sprintf("M-%03d", m+1)
		in.Nodes = append(in.Nodes, layout.Node{ID: mid, Type: "milestone", Workstream: streams[m%2]})
		for s := range stories {
			sid := fmt.Sprintf("S-%03d", m*stories+s+1)
			in.Nodes = append(in.Nodes, layout.Node{ID: sid, Type: "story", Parent: mid})
			for t := range tasks {
				in.Nodes = append(in.Nodes, layout.Node{ID: fmt.Sprintf("T-%04d", (m*stories+s)*tasks+t+1), Type: "task", Parent: sid})
			}
		}
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for range deps {
		a, b := rng.IntN(len(in.Nodes)), rng.IntN(len(in.Nodes))
		if a != b {
			in.Nodes[a].DependsOn = append(in.Nodes[a].DependsOn, in.Nodes[b].ID)
		}
	}
	return in
}
