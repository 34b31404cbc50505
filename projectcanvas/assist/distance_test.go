package assist

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// reference is the edit distance the typo matches mean, computed the
// plain way: the Levenshtein distance, a neighbouring swap counted one.
func reference(a, b string) int {
	d := levenshtein.ComputeDistance(a, b)
	if d == 2 && swapped([]rune(a), []rune(b)) {
		return 1
	}
	return d
}

// The distances give the reference's answer within the budget, and
// budget+1 beyond it, over bytes for ASCII text and over runes for any.
func FuzzBoundedDistance(f *testing.F) {
	for _, c := range [][2]string{{"login", "lgoin"}, {"audit", "auidt"}, {"", "abc"}, {"abc", "cba"}, {"cache sy", "cache sync"},
		{strings.Repeat("a", 70), "a"}, {"é1", "1é"}, {"données", "donées"}} {
		f.Add(c[0], c[1], uint8(2))
	}
	f.Fuzz(func(t *testing.T, a, b string, budget uint8) {
		if !utf8.ValidString(a) || !utf8.ValidString(b) {
			return
		}
		k := int(budget % 5)
		check(t, []rune(a), []rune(b), k)
		if len(a) == utf8.RuneCountInString(a) && len(b) == utf8.RuneCountInString(b) {
			check(t, []byte(a), []byte(b), k)
		}
	})
}

func check[L letter](t *testing.T, a, b []L, k int) {
	t.Helper()
	sa, sb := string(runesOf(a)), string(runesOf(b))
	if got, want := boundedDistance(a, b, k), min(reference(sa, sb), k+1); got != want {
		t.Fatalf("boundedDistance(%q, %q, %d) = %d, want %d", sa, sb, k, got, want)
	}
	for lo := 0; lo <= len(b); lo++ {
		for hi := lo; hi <= len(b) && hi <= lo+2; hi++ {
			want := k + 1
			for n := lo; n <= hi; n++ {
				want = min(want, reference(sa, string(runesOf(b[:n]))))
			}
			if got := prefixDistances(a, b, lo, hi, k); got != want {
				t.Fatalf("prefixDistances(%q, %q, %d, %d, %d) = %d, want %d", sa, sb, lo, hi, k, got, want)
			}
		}
	}
}

// runesOf is a string's letters as runes (a byte of ASCII is its rune).
func runesOf[L letter](s []L) []rune {
	out := make([]rune, len(s))
	for i, c := range s {
		out[i] = rune(c)
	}
	return out
}

// Rank over ASCII titles finds the same with their letters as bytes and
// as runes, for queries typed key by key with typos.
func TestRankASCIIPathAgrees(t *testing.T) {
	rankAgrees(t, "audit alert deploy restore search cache sync offline login sign google export import board", func(r *Ranker) {
		for i := range r.entries {
			r.entries[i].ascii = false
		}
	})
}

// Rank finds the same without typoDistance's test of the letters a title
// lacks (every title given every letter), for queries typed key by key
// with typos: the test only dismisses titles over the budget. Words with
// digits, as in "Task 7123", and letters beyond ASCII, which share bits.
func TestRankLetterTestAgrees(t *testing.T) {
	rankAgrees(t, "task 7123 4567 story 1200 milestone 89 données réseau ωmega ünïcode 大きい audit alert", func(r *Ranker) {
		for i := range r.entries {
			r.entries[i].letters = ^uint64(0)
		}
	})
}

// rankAgrees checks that NewRanker's Ranker ranks as one changed by
// change (the reference) over 400 titles of 1 to 4 words, for 60
// queries of two words with a typo each, typed key by key.
func rankAgrees(t *testing.T, words string, change func(*Ranker)) {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 8))
	ws := strings.Fields(words)
	var entities []*pc.Entity
	for i := range 400 {
		n := 1 + r.IntN(4)
		title := make([]string, n)
		for k := range title {
			title[k] = ws[r.IntN(len(ws))]
		}
		entities = append(entities, &pc.Entity{ID: pc.ID(fmt.Sprintf("T-%03d", i+1)), Type: pc.Task, Title: strings.Join(title, " ")})
	}
	got := NewRanker(entities)
	want := NewRanker(entities)
	change(want)
	typo := func(w string) string {
		b := []rune(w)
		if i := r.IntN(len(b)); i+1 < len(b) && r.IntN(2) == 0 {
			b[i], b[i+1] = b[i+1], b[i]
		} else {
			b[i] = rune('a' + r.IntN(26))
		}
		return string(b)
	}
	for range 60 {
		q := []rune(typo(ws[r.IntN(len(ws))]) + " " + typo(ws[r.IntN(len(ws))]))
		for n := 1; n <= len(q); n++ {
			g, w := got.Rank(string(q[:n]), 20), want.Rank(string(q[:n]), 20)
			if fmt.Sprint(g) != fmt.Sprint(w) {
				t.Fatalf("%q: %v, want %v", string(q[:n]), g, w)
			}
		}
	}
}
