package assist

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// The ASCII distances give editDistance's answer within the budget, and
// budget+1 beyond it.
func FuzzBoundedDistance(f *testing.F) {
	for _, c := range [][2]string{{"login", "lgoin"}, {"audit", "auidt"}, {"", "abc"}, {"abc", "cba"}, {"cache sy", "cache sync"}, {strings.Repeat("a", 70), "a"}} {
		f.Add(c[0], c[1], uint8(2))
	}
	f.Fuzz(func(t *testing.T, a, b string, budget uint8) {
		if !isASCII([]byte(a)) || !isASCII([]byte(b)) {
			return
		}
		k := int(budget % 5)
		if got, want := boundedDistance([]byte(a), []byte(b), k), min(editDistance(a, b), k+1); got != want {
			t.Fatalf("boundedDistance(%q, %q, %d) = %d, want %d", a, b, k, got, want)
		}
		for lo := 0; lo <= len(b); lo++ {
			for hi := lo; hi <= len(b) && hi <= lo+2; hi++ {
				want := k + 1
				for n := lo; n <= hi; n++ {
					want = min(want, editDistance(a, b[:n]))
				}
				if got := prefixDistances([]byte(a), []byte(b), lo, hi, k); got != want {
					t.Fatalf("prefixDistances(%q, %q, %d, %d, %d) = %d, want %d", a, b, lo, hi, k, got, want)
				}
			}
		}
	})
}

// Rank over ASCII titles finds what the general distances find, for
// queries typed key by key with typos.
func TestRankASCIIPathAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	words := strings.Fields("audit alert deploy restore search cache sync offline login sign google export import board")
	var entities []*pc.Entity
	for i := range 400 {
		n := 1 + r.IntN(4)
		title := make([]string, n)
		for k := range title {
			title[k] = words[r.IntN(len(words))]
		}
		entities = append(entities, &pc.Entity{ID: pc.ID(fmt.Sprintf("T-%03d", i+1)), Type: pc.Task, Title: strings.Join(title, " ")})
	}
	fast := NewRanker(entities)
	general := NewRanker(entities)
	for i := range general.entries {
		general.entries[i].ascii = false
	}
	typo := func(w string) string {
		b := []byte(w)
		if i := r.IntN(len(b)); i+1 < len(b) && r.IntN(2) == 0 {
			b[i], b[i+1] = b[i+1], b[i]
		} else {
			b[i] = byte('a' + r.IntN(26))
		}
		return string(b)
	}
	for range 60 {
		q := typo(words[r.IntN(len(words))]) + " " + typo(words[r.IntN(len(words))])
		for n := 1; n <= len(q); n++ {
			got, want := fast.Rank(q[:n], 20), general.Rank(q[:n], 20)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%q: ASCII path %v, general %v", q[:n], got, want)
			}
		}
	}
}
