package projectcanvas

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// FuzzOrderKey: two ids that both have an orderKey are ordered by it as
// compareIDs orders them.
func FuzzOrderKey(f *testing.F) {
	for _, p := range [][2]string{{"T-999", "T-1000"}, {"D-001", "DOC-001"}, {"DEC-010", "DOC-009"}, {"T-007", "T-100"}, {"T-0007", "T-007"}, {"t-001", "T-001"}, {"T-00a", "T-001"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ka, okA := orderKey(ID(a))
		kb, okB := orderKey(ID(b))
		if !okA || !okB {
			return
		}
		if got, want := sign(int(ka)-int(kb)), sign(compareIDs(ID(a), ID(b))); got != want {
			t.Fatalf("%q against %q: orderKey says %d, compareIDs %d", a, b, got, want)
		}
	})
}

func sign(n int) int { return min(max(n, -1), 1) }

// Every id parseID takes, of every type, has an orderKey.
func TestEveryParsedIDHasAnOrderKey(t *testing.T) {
	for _, ti := range typeTable {
		for _, num := range []string{"000", "001", "999", "1000", "999999", "123456789"} {
			id, _, _, ok := parseID(ti.prefix + "-" + num)
			if !ok {
				continue
			}
			_, ok = orderKey(id)
			assert.True(t, ok, id)
		}
	}
}

// sortedByID orders as compareIDs does, by the keys or, when one id has
// none, by compareIDs itself.
func TestSortedByID(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	byID := map[ID]*Entity{}
	for range 2000 {
		id := ID(fmt.Sprintf("%s-%03d", []string{"M", "S", "T", "DEC", "DOC", "F"}[rng.IntN(6)], rng.IntN(20000)))
		byID[id] = &Entity{ID: id}
	}
	ids := func(es []*Entity) []ID {
		out := make([]ID, len(es))
		for i, e := range es {
			out[i] = e.ID
		}
		return out
	}
	want := slices.SortedFunc(func(yield func(ID) bool) {
		for id := range byID {
			if !yield(id) {
				return
			}
		}
	}, compareIDs)
	assert.Equal(t, want, ids(sortedByID(byID)))
	byID["T-0a1"] = &Entity{ID: "T-0a1"} // no key: the whole sort by compareIDs
	want = append(want, "T-0a1")
	slices.SortFunc(want, compareIDs)
	assert.Equal(t, want, ids(sortedByID(byID)))
	assert.Empty(t, sortedByID(nil))
}
