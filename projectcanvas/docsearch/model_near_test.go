package docsearch

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The model's nearest chunks do not depend on the order a map yields them
// in: equal similarities are ordered by chunk key, so that a query gives
// the same results from one run to the next.
func TestNearestTiesByKey(t *testing.T) {
	e := &Engine{mdim: 2, mvecs: map[string]*modelRec{}}
	for i := range 12 {
		e.mvecs[fmt.Sprintf("doc%02d.md#0", i)] = &modelRec{v: qvec{q: []int8{100, 0}, scale: 0.01}}
	}
	e.mvecs["best.md#0"] = &modelRec{v: qvec{q: []int8{127, 0}, scale: 0.01}}
	for range 20 {
		var keys []string
		for _, n := range e.nearest([]float32{1, 0}, 4, nil) {
			keys = append(keys, n.key)
		}
		assert.Equal(t, []string{"best.md#0", "doc00.md#0", "doc01.md#0", "doc02.md#0"}, keys)
	}
}
