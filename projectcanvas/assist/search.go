package assist

import (
	"cmp"
	"slices"
	"strings"

	"github.com/agnivade/levenshtein"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// How a search result matched, best first.
const (
	MatchExactID   = "exact_id"
	MatchIDPrefix  = "id_prefix"
	MatchTitle     = "title_prefix"
	MatchSubstring = "substring"
	MatchTypo      = "typo"
)

var matchRank = map[string]int{MatchExactID: 0, MatchIDPrefix: 1, MatchTitle: 2, MatchSubstring: 3, MatchTypo: 4}

// Match is one search result.
type Match struct {
	ID    pc.ID  `json:"id"`
	Title string `json:"title"`
	How   string `json:"match"`
	// Distance is the edit distance of a typo match; 0 otherwise.
	Distance int `json:"distance,omitempty"`
}

// Rank finds the entities a search-entity-on-canvas query means: the exact
// id first, then ids starting with the query, titles starting with it,
// ids or titles containing it, and last titles and title words within a
// few typos (an edit per four letters of the query, at most three). Case
// does not matter. At most limit results (0: all).
func Rank(query string, entities []*pc.Entity, limit int) []Match {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return []Match{}
	}
	budget := min(3, max(1, len([]rune(q))/4))
	var out []Match
	for _, e := range entities {
		id, title := strings.ToLower(string(e.ID)), strings.ToLower(e.Title)
		m := Match{ID: e.ID, Title: e.Title}
		switch {
		case id == q:
			m.How = MatchExactID
		case strings.HasPrefix(id, q):
			m.How = MatchIDPrefix
		case strings.HasPrefix(title, q):
			m.How = MatchTitle
		case strings.Contains(id, q) || strings.Contains(title, q):
			m.How = MatchSubstring
		default:
			d := typoDistance(q, title)
			if d > budget {
				continue
			}
			m.How, m.Distance = MatchTypo, d
		}
		out = append(out, m)
	}
	slices.SortStableFunc(out, func(a, b Match) int {
		return cmp.Or(cmp.Compare(matchRank[a.How], matchRank[b.How]), cmp.Compare(a.Distance, b.Distance), pc.CompareIDs(a.ID, b.ID))
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	if out == nil {
		out = []Match{}
	}
	return out
}

// typoDistance is the edit distance of the query to the title, or to the
// run of title words as long as the query, whichever is smaller.
func typoDistance(q, title string) int {
	best := editDistance(q, title)
	ws := strings.Fields(title)
	n := len(strings.Fields(q))
	for i := 0; i+n <= len(ws); i++ {
		best = min(best, editDistance(q, strings.Join(ws[i:i+n], " ")))
	}
	return best
}

// editDistance is the Levenshtein distance, except that two neighbouring
// letters swapped ("lgoin" for "login", the commonest typo) count as one
// edit, not two.
func editDistance(a, b string) int {
	d := levenshtein.ComputeDistance(a, b)
	if d == 2 && swapped(a, b) {
		return 1
	}
	return d
}

// swapped reports whether b is a with exactly two neighbouring letters
// swapped.
func swapped(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) != len(rb) {
		return false
	}
	i := 0
	for i < len(ra) && ra[i] == rb[i] {
		i++
	}
	return i+1 < len(ra) && ra[i] == rb[i+1] && ra[i+1] == rb[i] && string(ra[i+2:]) == string(rb[i+2:])
}
