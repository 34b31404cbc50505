package layout

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func inside(outer, inner Rect) bool {
	return inner.X >= outer.X && inner.Y >= outer.Y && inner.X+inner.W <= outer.X+outer.W && inner.Y+inner.H <= outer.Y+outer.H
}

// The project's tiers and phases (projectcanvas.Tiers, Phases), which the
// canvas package passes in.
var (
	gridTiers  = []string{"OSS", "Premium"}
	gridPhases = []string{"MVP", "0", "1", "2", "3", "4", "5"}
)

func TestFeatureGrid(t *testing.T) {
	g := FeatureGrid([]Feature{
		{ID: "F-002", Tier: "Premium", Phase: "2"},
		{ID: "F-001", Tier: "OSS", Phase: "MVP"},
		{ID: "F-003", Tier: "OSS", Phase: "MVP"},
		{ID: "F-004", Tier: "OSS", Phase: "MVP"},
	}, gridTiers, gridPhases, 2)
	require.Len(t, g.Cells, 14, "2 tiers x 7 phases, no unset row or column")
	assert.Equal(t, Cell{Tier: "OSS", Phase: "MVP", Rect: Rect{0, 0, 920, 360}}, g.Cells[0], "two features a row, two rows")
	assert.Equal(t, Rect{40, 40, 400, 120}, g.Nodes[1])
	assert.Equal(t, Rect{480, 40, 400, 120}, g.Nodes[2])
	assert.Equal(t, Rect{40, 200, 400, 120}, g.Nodes[3])
	assert.Equal(t, "Premium", g.Cells[7+3].Tier)
	assert.True(t, inside(g.Cells[7+3].Rect, g.Nodes[0]))
}

func TestFeatureGridProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	tiers := append([]string{"", "Gold"}, gridTiers...)
	phases := append([]string{"", "9"}, gridPhases...)
	for _, n := range []int{0, 1, 7, 60, 400} {
		fs := make([]Feature, n)
		for i := range fs {
			fs[i] = Feature{ID: fmt.Sprintf("F-%03d", i+1), Tier: tiers[rng.IntN(len(tiers))], Phase: phases[rng.IntN(len(phases))]}
			if rng.IntN(4) == 0 {
				fs[i].Width, fs[i].Height = 200+float64(rng.IntN(400)), 60+float64(rng.IntN(300))
			}
		}
		perRow := 1 + rng.IntN(3)
		g := FeatureGrid(fs, gridTiers, gridPhases, perRow)
		for i, a := range g.Cells {
			for _, b := range g.Cells[i+1:] {
				require.False(t, a.Overlaps(b.Rect), "cells %+v and %+v overlap", a, b)
			}
		}
		for i, f := range fs {
			tier, phase := f.Tier, f.Phase
			if tier != "OSS" && tier != "Premium" {
				tier = Unset
			}
			if !slices.Contains(gridPhases, phase) {
				phase = Unset
			}
			found := false
			for _, c := range g.Cells {
				if c.Tier == tier && c.Phase == phase {
					require.True(t, inside(c.Rect, g.Nodes[i]), "%s outside its cell", f.ID)
					found = true
				}
			}
			require.True(t, found)
			for j := range i {
				require.False(t, g.Nodes[i].Overlaps(g.Nodes[j]))
			}
		}
		shuffled := slices.Clone(fs)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		again := FeatureGrid(shuffled, gridTiers, gridPhases, perRow)
		assert.Equal(t, g.Cells, again.Cells)
		pos := map[string]Rect{}
		for i, f := range shuffled {
			pos[f.ID] = again.Nodes[i]
		}
		for i, f := range fs {
			require.Equal(t, g.Nodes[i], pos[f.ID], "deterministic whatever the order")
		}
	}
}
