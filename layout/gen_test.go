package layout

import (
	"fmt"
	"math/rand/v2"
)

// project generates a project of about n entities: milestones with stories
// with tasks over a few workstreams, some parentless stories and tasks,
// decisions, documents and features anchored to the work, random
// dependencies, and foreign obstacles.
func project(rng *rand.Rand, n int) Input {
	var in Input
	streams := []string{"engineering", "design", "infra", "", "product"}[:1+rng.IntN(5)]
	add := func(nd Node) { in.Nodes = append(in.Nodes, nd) }
	count := map[string]int{}
	id := func(prefix string) string { count[prefix]++; return fmt.Sprintf("%s-%03d", prefix, count[prefix]) }
	var work []string
	for len(in.Nodes) < n {
		switch r := rng.IntN(100); {
		case r < 8 || count["M"] == 0:
			m := id("M")
			add(Node{ID: m, Type: "milestone", Workstream: streams[rng.IntN(len(streams))]})
			work = append(work, m)
		case r < 30:
			s := id("S")
			parent := fmt.Sprintf("M-%03d", 1+rng.IntN(count["M"]))
			if rng.IntN(20) == 0 {
				parent = ""
			}
			add(Node{ID: s, Type: "story", Parent: parent, Workstream: streams[rng.IntN(len(streams))]})
			work = append(work, s)
		case r < 85 && count["S"] > 0:
			t := id("T")
			parent := fmt.Sprintf("S-%03d", 1+rng.IntN(count["S"]))
			if rng.IntN(30) == 0 {
				parent = "S-999"
			}
			add(Node{ID: t, Type: "task", Parent: parent, Workstream: streams[rng.IntN(len(streams))]})
			work = append(work, t)
		default:
			kind := []string{"decision", "document", "feature"}[rng.IntN(3)]
			prefix := map[string]string{"decision": "DEC", "document": "DOC", "feature": "F"}[kind]
			nd := Node{ID: id(prefix), Type: kind, Workstream: streams[rng.IntN(len(streams))]}
			for range rng.IntN(3) {
				nd.Anchors = append(nd.Anchors, work[rng.IntN(len(work))])
			}
			add(nd)
		}
	}
	for range n / 4 {
		a, b := rng.IntN(len(in.Nodes)), rng.IntN(len(in.Nodes))
		in.Nodes[a].DependsOn = append(in.Nodes[a].DependsOn, in.Nodes[b].ID)
	}
	for i := range in.Nodes {
		if rng.IntN(10) == 0 {
			in.Nodes[i].Width, in.Nodes[i].Height = 250+float64(rng.IntN(300)), 60+float64(rng.IntN(200))
		}
	}
	for range rng.IntN(4) {
		in.Obstacles = append(in.Obstacles, Rect{float64(rng.IntN(8000) - 1000), float64(rng.IntN(4000) - 1000), 100 + float64(rng.IntN(800)), 60 + float64(rng.IntN(600))})
	}
	return in
}
