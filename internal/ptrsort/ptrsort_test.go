package ptrsort

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

type pair struct {
	key, seq int
}

// The order is the one slices gives sorting the values, equal keys
// included (Func's unstable order too).
func TestSameOrderAsSlices(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		in := make([]pair, n)
		for i := range in {
			in[i] = pair{key: r.IntN(10), seq: i}
		}
		byKey := func(a, b pair) int { return cmp.Compare(a.key, b.key) }
		byKeyPtr := func(a, b *pair) int { return cmp.Compare(a.key, b.key) }
		want, got := slices.Clone(in), slices.Clone(in)
		slices.SortFunc(want, byKey)
		Func(got, byKeyPtr)
		if !slices.Equal(got, want) {
			t.Fatalf("Func, %d elements: %v, want %v", n, got, want)
		}
		want, got = slices.Clone(in), slices.Clone(in)
		slices.SortStableFunc(want, byKey)
		StableFunc(got, byKeyPtr)
		if !slices.Equal(got, want) {
			t.Fatalf("StableFunc, %d elements: %v, want %v", n, got, want)
		}
	}
}
