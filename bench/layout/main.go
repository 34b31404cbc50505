// Command layout exports the benchmark graph (10 milestones x 10 stories x
// 10 tasks and 300 random dependencies) with the positions and the time of
// the V4 layout, as JSON on stdout. compare.mjs lays the same graph out with
// elkjs (layered) and dagre and prints the ratios; `make bench` runs both.
package main

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/projectcanvas/projectcanvas/internal/layoutsample"
	"github.com/projectcanvas/projectcanvas/layout"
)

type node struct {
	ID     string  `json:"id"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

type edge struct {
	From string `json:"from"`
	To   string `json:"to"`
	Kind string `json:"kind"` // parent (parent -> child) or depends_on (dependency -> dependent)
}

// drawn is an edge the canvas draws for the V4 layout, attached at the
// sides the layout chose: a dependency, or a task's link to its story in
// another lane. The other parent links are shown by position, not drawn.
type drawn struct {
	From     string `json:"from"`
	To       string `json:"to"`
	FromSide string `json:"fromSide"`
	ToSide   string `json:"toSide"`
}

type placed struct {
	ID string  `json:"id"`
	X  float64 `json:"x"`
	Y  float64 `json:"y"`
}

type export struct {
	Nodes []node `json:"nodes"`
	Edges []edge `json:"edges"`
	Go    struct {
		NsPerOp   int64    `json:"ns_per_op"`
		Positions []placed `json:"positions"`
		Drawn     []drawn  `json:"drawn"`
	} `json:"go"`
}

func main() {
	in := layoutsample.Nested(10, 10, 10, 300, 1)
	var out export
	for _, n := range in.Nodes {
		out.Nodes = append(out.Nodes, node{ID: n.ID, Width: 400, Height: 120})
		if n.Parent != "" {
			out.Edges = append(out.Edges, edge{From: n.Parent, To: n.ID, Kind: "parent"})
		}
		for _, d := range n.DependsOn {
			out.Edges = append(out.Edges, edge{From: d, To: n.ID, Kind: "depends_on"})
		}
	}
	res := layout.Layout(in)
	for i, n := range in.Nodes {
		out.Go.Positions = append(out.Go.Positions, placed{ID: n.ID, X: res.Nodes[i].X, Y: res.Nodes[i].Y})
	}
	for _, list := range [][]layout.Edge{res.Edges, res.Parents} {
		for _, e := range list {
			out.Go.Drawn = append(out.Go.Drawn, drawn{From: e.From, To: e.To, FromSide: e.FromSide, ToSide: e.ToSide})
		}
	}
	bench := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			layout.Layout(in)
		}
	})
	out.Go.NsPerOp = bench.NsPerOp()
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(out); err != nil {
		os.Exit(1)
	}
}
