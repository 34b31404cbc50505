package canvas_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

func TestThroughCards(t *testing.T) {
	card := func(id string, x, y float64) *canvas.Node {
		return &canvas.Node{ID: id, Type: canvas.TypeFile, X: x, Y: y, Width: 100, Height: 50}
	}
	a, b, mid, low := card("a", 0, 0), card("b", 400, 0), card("mid", 200, 0), card("low", 200, 200)
	group := &canvas.Node{ID: "g", Type: canvas.TypeGroup, X: -50, Y: -50, Width: 700, Height: 400}
	for _, tc := range []struct {
		name            string
		edges           []*canvas.Edge
		segments, pairs int
	}{
		{"through the card between", []*canvas.Edge{{ID: "e", FromNode: "a", ToNode: "b", FromSide: canvas.Right, ToSide: canvas.Left}}, 1, 1},
		{"the editor's nearest sides", []*canvas.Edge{{ID: "e", FromNode: "a", ToNode: "b"}}, 1, 1},
		{"around, over the tops", []*canvas.Edge{{ID: "e", FromNode: "a", ToNode: "b", FromSide: canvas.Top, ToSide: canvas.Top}}, 0, 0},
		{"to a card below: clear", []*canvas.Edge{{ID: "e", FromNode: "a", ToNode: "low", FromSide: canvas.Bottom, ToSide: canvas.Left}}, 0, 0},
		{"two edges, one through", []*canvas.Edge{
			{ID: "e", FromNode: "a", ToNode: "b", FromSide: canvas.Right, ToSide: canvas.Left},
			{ID: "f", FromNode: "a", ToNode: "mid", FromSide: canvas.Right, ToSide: canvas.Left}}, 1, 1},
		{"a missing end", []*canvas.Edge{{ID: "e", FromNode: "a", ToNode: "gone"}}, 0, 0},
	} {
		c := &canvas.Canvas{Nodes: []*canvas.Node{group, a, b, mid, low}, Edges: tc.edges}
		s, p := canvas.ThroughCards(c)
		assert.Equal(t, []int{tc.segments, tc.pairs}, []int{s, p}, tc.name)
	}
}
