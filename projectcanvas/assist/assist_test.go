package assist

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func ent(id pc.ID, t pc.Type, title string, links map[pc.Relation][]pc.ID) *pc.Entity {
	e := &pc.Entity{ID: id, Type: t, Title: title}
	for r, ids := range links {
		e.Links[r] = ids
	}
	return e
}

var sample = []*pc.Entity{
	ent("M-001", pc.Milestone, "Single sign-on beta", nil),
	ent("S-001", pc.Story, "Login with Google", nil),
	ent("S-002", pc.Story, "Password reset emails", nil),
	ent("S-010", pc.Story, "Logins audit trail", nil),
	ent("T-001", pc.Task, "Wire the login form", map[pc.Relation][]pc.ID{pc.Implements: {"F-002"}, pc.DependsOn: {"T-002"}}),
	ent("T-002", pc.Task, "Session API", nil),
	ent("F-001", pc.Feature, "Single sign-on with Google", nil),
	ent("F-002", pc.Feature, "Password reset", nil),
	ent("DOC-001", pc.Document, "Auth spec", map[pc.Relation][]pc.ID{pc.Documents: {"T-001"}}),
}

func ids(ms []Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, string(m.ID)+":"+m.How)
	}
	return out
}

func TestRank(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"t-001", []string{"T-001:exact_id"}},
		{"S-0", []string{"S-001:id_prefix", "S-002:id_prefix", "S-010:id_prefix"}},
		{"login", []string{"S-001:title_prefix", "S-010:title_prefix", "T-001:substring"}},
		{"pasword reset", []string{"F-002:typo", "S-002:typo"}},
		{"sesion", []string{"T-002:typo"}},
		{"sesison", []string{"T-002:typo"}},                           // a swap is one edit
		{"lgoin", []string{"S-001:typo", "S-010:typo", "T-001:typo"}}, // S-010: the start of "logins"
		{"password reset", []string{"F-002:exact_title", "S-002:title_prefix"}},
		{"pasw", []string{"F-002:typo", "S-002:typo"}}, // a typo in a word being typed
		{"zzzzzz", nil},
		{"  ", nil},
	} {
		got := ids(Rank(tc.q, sample, 0))
		assert.Equal(t, tc.want, got, tc.q)
	}
	assert.Len(t, Rank("s", sample, 2), 2)
}

func TestEditDistanceCountsASwapAsOne(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"login", "login", 0}, {"lgoin", "login", 1}, {"logni", "login", 1}, {"olgin", "login", 1},
		{"lgoni", "login", 3}, {"ab", "ba", 1}, {"abc", "cba", 2}, {"é1", "1é", 1}, {"", "", 0},
	} {
		assert.Equal(t, tc.want, boundedDistance([]rune(tc.a), []rune(tc.b), 5), "%s %s", tc.a, tc.b)
	}
}

func TestSuggestFeatureLinks(t *testing.T) {
	got := SuggestFeatureLinks(sample, SuggestOptions{MinScore: 0.3})
	assert.Len(t, got, 2)
	sso := got[0]
	assert.Equal(t, pc.ID("F-001"), sso.Feature)
	var cands []pc.ID
	for _, c := range sso.Candidates {
		cands = append(cands, c.ID)
		assert.NotEmpty(t, c.Reason)
	}
	assert.Equal(t, []pc.ID{"M-001", "S-001"}, cands, "tasks are not candidates; best first")
	assert.Equal(t, 0.67, sso.Candidates[0].Score) // single, sign of single, sign, google ("on" is a stopword)
	assert.Equal(t, "title shares single, sign", sso.Candidates[0].Reason)
	reset := got[1]
	assert.Equal(t, []Candidate{{ID: "S-002", Type: pc.Story, Title: "Password reset emails", Score: 1, Reason: "title shares password, reset"}}, reset.Candidates)

	only := SuggestFeatureLinks(sample, SuggestOptions{Features: []pc.ID{"F-002"}, Limit: 1})
	assert.Len(t, only, 1)
	linked := append(sample, ent("S-003", pc.Story, "Password reset page", map[pc.Relation][]pc.ID{pc.Implements: {"F-002"}}))
	for _, c := range SuggestFeatureLinks(linked, SuggestOptions{Features: []pc.ID{"F-002"}})[0].Candidates {
		assert.NotEqual(t, pc.ID("S-003"), c.ID, "already linked work is not suggested")
	}
}

func FuzzRank(f *testing.F) {
	f.Add("login")
	f.Add("ü\xff-")
	f.Fuzz(func(t *testing.T, q string) {
		for _, m := range Rank(q, sample, 3) {
			assert.NotEmpty(t, m.How)
		}
	})
}

// TestRankOrderAndLimit: on many entities in shuffled order, results come
// by kind, then typo distance, then id, and a limit cuts that list (the
// edit distances it skips could not have made the cut).
func TestRankOrderAndLimit(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"login", "task", "sign", "reset", "password", "session", "export", "tasks", "logn"}
	var all []*pc.Entity
	for i := range 600 {
		title := words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))] + fmt.Sprint(" ", i%37)
		all = append(all, ent(pc.ID(fmt.Sprintf("T-%03d", i+1)), pc.Task, title, nil))
	}
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	order := map[string]int{MatchExactID: 0, MatchExactTitle: 1, MatchIDPrefix: 2, MatchTitle: 3, MatchSubstring: 4, MatchTypo: 5}
	r := NewRanker(all)
	for _, q := range []string{"task", "tsak", "T-01", "t-100", "login sign", "pasword", "sesion reset", "1", "xyzzy", "logn", "tsak logi", "sesison 1"} {
		full := r.Rank(q, 0)
		for i := 1; i < len(full); i++ {
			a, b := full[i-1], full[i]
			key := func(m Match) [2]int { return [2]int{order[m.How], m.Distance} }
			if ka, kb := key(a), key(b); ka[0] > kb[0] || ka == kb && pc.CompareIDs(a.ID, b.ID) > 0 || ka[0] == kb[0] && ka[1] > kb[1] {
				t.Fatalf("%q: %v before %v", q, a, b)
			}
		}
		for _, limit := range []int{1, 5, 20, 1000} {
			want := full[:min(limit, len(full))]
			assert.Equal(t, want, r.Rank(q, limit), "%q limit %d", q, limit)
		}
	}
}

// On a generated vault of 1,000 entities, as a person types: the exact
// title first, and a typo in the first word still suggests from the
// fourth key on.
func TestRankAsTyped(t *testing.T) {
	p, err := pc.Open(memfs.New(vaultgen.Files(1000)))
	require.NoError(t, err)
	r := NewRanker(p.All())
	got := r.Rank("Audit alert", 2)
	require.Len(t, got, 2)
	assert.Equal(t, []string{"T-001:exact_title", "S-026:title_prefix"}, ids(got), "Audit alert before Audit alert deploy restore search")
	assert.Equal(t, "Audit alert", got[0].Title)
	for _, q := range []string{"Auid", "Auidt", "Auidt ", "Auidt a", "Auidt al", "Auidt ale", "Auidt aler", "Auidt alert"} {
		assert.NotEmpty(t, r.Rank(q, 10), "%q suggests", q)
	}
	for _, q := range []string{"Auidt al", "Auidt ale", "Auidt aler", "Auidt alert"} {
		var found bool
		for _, m := range r.Rank(q, 10) {
			found = found || m.ID == "T-001"
		}
		assert.True(t, found, "%q suggests T-001 Audit alert", q)
	}
}
