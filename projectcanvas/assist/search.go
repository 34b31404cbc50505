package assist

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

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
	qb := []byte(q)
	qn := utf8.RuneCountInString(q)
	qwords := len(strings.Fields(q))
	budget := min(3, max(1, qn/4))
	var out []Match
	var id, title []byte // lower-case copies, reused: a keystroke allocates little
	var words [][2]int
	for _, e := range entities {
		id, title = appendLower(id[:0], string(e.ID)), appendLower(title[:0], e.Title)
		m := Match{ID: e.ID, Title: e.Title}
		switch {
		case bytes.Equal(id, qb):
			m.How = MatchExactID
		case bytes.HasPrefix(id, qb):
			m.How = MatchIDPrefix
		case bytes.HasPrefix(title, qb):
			m.How = MatchTitle
		case bytes.Contains(id, qb) || bytes.Contains(title, qb):
			m.How = MatchSubstring
		default:
			var d int
			d, words = typoDistance(q, qn, qwords, title, budget, words[:0])
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

// appendLower appends s in lower case to b, as strings.ToLower would
// write it.
func appendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return append(b, strings.ToLower(s)...)
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// typoDistance is the edit distance of the query q (qn runes, qwords
// words) to the title, or to the run of qwords title words, whichever is
// smaller; a distance above budget may be reported as budget+1. An edit
// distance is at least the difference of the lengths, so strings that
// differ more in length than the budget allows are never compared, which
// keeps a keystroke over 10,000 titles cheap.
func typoDistance(q string, qn, qwords int, title []byte, budget int, words [][2]int) (int, [][2]int) {
	best := budget + 1
	if within(qn, utf8.RuneCount(title), budget) {
		best = min(best, editDistance(q, string(title)))
	}
	words = fields(title, words)
	for i := 0; i+qwords <= len(words); i++ {
		n := qwords - 1 // the spaces of the window
		for _, w := range words[i : i+qwords] {
			n += utf8.RuneCount(title[w[0]:w[1]])
		}
		if !within(qn, n, budget) {
			continue
		}
		window := make([]byte, 0, n)
		for j, w := range words[i : i+qwords] {
			if j > 0 {
				window = append(window, ' ')
			}
			window = append(window, title[w[0]:w[1]]...)
		}
		best = min(best, editDistance(q, string(window)))
	}
	return best, words
}

// fields appends the start and end of each space-separated word of s to
// words, as bytes.Fields splits them (ASCII spaces; a title is one line).
func fields(s []byte, words [][2]int) [][2]int {
	start := -1
	for i, c := range s {
		space := c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
		switch {
		case space && start >= 0:
			words = append(words, [2]int{start, i})
			start = -1
		case !space && start < 0:
			start = i
		}
	}
	if start >= 0 {
		words = append(words, [2]int{start, len(s)})
	}
	return words
}

// within reports whether lengths a and b differ by at most budget.
func within(a, b, budget int) bool { return a-b <= budget && b-a <= budget }

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
