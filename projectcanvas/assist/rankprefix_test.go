package assist_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// RankPrefixes is Rank without its substring and typo matches: the same
// matches in the same order, found by binary search.
func TestRankPrefixesIsRanksPrefixPart(t *testing.T) {
	p, err := pc.Open(memfs.New(vaultgen.Files(500)))
	if err != nil {
		t.Fatal(err)
	}
	r := assist.NewRanker(p.All())
	for _, q := range []string{"t-00", "T-001", "s-0", "cache", "Cache sync", "task", "x", "", "  ", "m-001", "zzz"} {
		var want []assist.Match
		for _, m := range r.Rank(q, 0) {
			if m.How != assist.MatchSubstring && m.How != assist.MatchTypo {
				want = append(want, m)
			}
		}
		got := r.RankPrefixes(q, 0)
		if len(want) == 0 {
			assert.Empty(t, got, q)
			continue
		}
		assert.Equal(t, want, got, q)
		if len(want) > 3 {
			assert.Equal(t, want[:3], r.RankPrefixes(q, 3), "%s, limited", q)
		}
	}
}
