package tools_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// search_entities forgives a typo or a swapped pair of letters as
// search-entity-on-canvas does (one rule, assist.Ranker); an exact id or
// title, or a prefix of one, still ranks first; filters still hold.
func TestSearchEntitiesForgivesTypos(t *testing.T) {
	h := docsHarness(t, exampleVault(t))
	ids := func(args string) []string {
		t.Helper()
		out := h.ok("search_entities", args)
		var got []string
		for _, r := range out["results"].([]any) {
			got = append(got, r.(map[string]any)["id"].(string))
		}
		return got
	}
	for _, q := range []string{"logn", "lgoin", "loign", "Logn"} {
		got := ids(`{"query":"` + q + `"}`)
		require.NotEmpty(t, got, q)
		assert.Equal(t, "T-002", got[0], "%s finds the login task first", q)
	}
	assert.Equal(t, "T-004", ids(`{"query":"T-004"}`)[0], "an exact id first")
	assert.Equal(t, "T-004", ids(`{"query":"OIDC sign-in with Google and GitHub"}`)[0], "an exact title first")
	got := ids(`{"query":"Password reset"}`)
	require.NotEmpty(t, got)
	assert.Equal(t, "T-003", got[0], "a title prefix before other full-text hits")
	assert.Empty(t, ids(`{"query":"logn","filters":{"type":"story"}}`), "the filters hold for typo matches")
	assert.Empty(t, ids(`{"query":"zzqxw"}`), "nothing near: nothing")
}
