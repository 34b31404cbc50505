package assist

import (
	"bytes"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/projectcanvas/projectcanvas/internal/ptrsort"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// How a search result matched, best first.
const (
	MatchExactID    = "exact_id"
	MatchExactTitle = "exact_title"
	MatchIDPrefix   = "id_prefix"
	MatchTitle      = "title_prefix"
	MatchSubstring  = "substring"
	MatchTypo       = "typo"
)

// matchOrder is How's rank in results; a typo match ranks below every
// other kind, nearer ones first.
var matchOrder = []string{MatchExactID, MatchExactTitle, MatchIDPrefix, MatchTitle, MatchSubstring}

// maxTypoBudget is the most edits a typo match may need.
const maxTypoBudget = 3

// Match is one search result.
type Match struct {
	ID    pc.ID  `json:"id"`
	Title string `json:"title"`
	How   string `json:"match"`
	// Distance is the edit distance of a typo match; 0 otherwise.
	Distance int `json:"distance,omitempty"`
}

// Rank finds the entities a search-entity-on-canvas query means: the exact
// id first, then the exact title ("Audit alert" before "Audit alert deploy
// restore search"), ids starting with the query, titles starting with it,
// ids or titles containing it, and last titles and title words within a
// few typos (an edit per four letters of the query, at most three); by
// id within each kind. A query being typed matches with typos too: its
// last word is compared with the start of a title word ("auidt ale" is
// one edit from "audit alert"). Case does not matter. At most limit
// results (0: all).
func Rank(query string, entities []*pc.Entity, limit int) []Match {
	return NewRanker(entities).Rank(query, limit)
}

// Ranker is Rank prepared for one set of entities: their ids and titles in
// lower case, measured and split into words once, and put in id order, so
// that each keystroke of a search over them compares bytes only and sorts
// nothing. It is safe for concurrent use.
type Ranker struct {
	entries []rankEntry
	// byID and byTitle are the entries' numbers in byte order of their
	// lower-case id and title, for RankPrefixes' binary searches; made on
	// its first call (a canvas's ranker for keystrokes never needs them).
	sortOnce      sync.Once
	byID, byTitle []int
}

type rankEntry struct {
	e          *pc.Entity
	id, title  []byte
	titleRunes int
	words      [][2]int // byte spans of the title's words
	wordRunes  []int    // and their lengths in characters
	ascii      bool     // the title is ASCII: its letters are its bytes
	letters    uint64   // the title's letters, as letterSet has them
}

// NewRanker prepares entities for Rank.
func NewRanker(entities []*pc.Entity) *Ranker {
	r := &Ranker{entries: make([]rankEntry, len(entities))}
	for i, e := range entities {
		title := appendLower(nil, e.Title)
		words := fields(title, nil)
		runes := make([]int, len(words))
		for k, w := range words {
			runes[k] = utf8.RuneCount(title[w[0]:w[1]])
		}
		r.entries[i] = rankEntry{e: e, id: appendLower(nil, string(e.ID)), title: title,
			titleRunes: utf8.RuneCount(title), words: words, wordRunes: runes, ascii: utf8.RuneCount(title) == len(title),
			letters: letterSet(title)}
	}
	ptrsort.StableFunc(r.entries, func(a, b *rankEntry) int { return pc.CompareIDs(a.e.ID, b.e.ID) })
	return r
}

// Rank is Rank over the prepared entities. The entries are in id order,
// so each kind of match (and each typo distance) is a list already in
// order, and the result is those lists one after the other. Once limit
// matches of the other kinds are found, no typo can be among the results
// and no edit distance is computed: a keystroke like "task" that matches
// thousands of titles stays cheap.
func (r *Ranker) Rank(query string, limit int) []Match {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return []Match{}
	}
	qb := []byte(q)
	qn := utf8.RuneCountInString(q)
	qw := newQueryWords(q, qn)
	budget := min(maxTypoBudget, max(1, qn/4))
	var kinds [5][]Match
	var typos [maxTypoBudget + 1][]Match // by distance
	exact := 0                           // matches that are not typos
	for i := range r.entries {
		x := &r.entries[i]
		kind := -1
		switch {
		case bytes.Equal(x.id, qb):
			kind = 0
		case bytes.Equal(x.title, qb):
			kind = 1
		case bytes.HasPrefix(x.id, qb):
			kind = 2
		case bytes.HasPrefix(x.title, qb):
			kind = 3
		case bytes.Contains(x.id, qb) || bytes.Contains(x.title, qb):
			kind = 4
		}
		// The result takes at most limit of each list, from its start: a
		// list's matches past that are counted, not kept ("ta" matches
		// thousands of titles, and their copies were megabytes a keystroke).
		if kind >= 0 {
			exact++
			if limit <= 0 || len(kinds[kind]) < limit {
				kinds[kind] = append(kinds[kind], Match{ID: x.e.ID, Title: x.e.Title, How: matchOrder[kind]})
			}
			continue
		}
		if limit > 0 && exact >= limit {
			continue
		}
		if d := x.typoDistance(qn, &qw, budget); d <= budget && (limit <= 0 || len(typos[d]) < limit) {
			typos[d] = append(typos[d], Match{ID: x.e.ID, Title: x.e.Title, How: MatchTypo, Distance: d})
		}
	}
	out := []Match{}
	for _, list := range append(kinds[:], typos[:]...) {
		out = append(out, list...)
		if limit > 0 && len(out) >= limit {
			return out[:limit]
		}
	}
	return out
}

// RankPrefixes is Rank's exact and prefix matches alone (exact id, exact
// title, id prefix, title prefix), in Rank's order: no substring, no typo.
// It finds them by binary search in the ids and titles sorted once, so a
// search that has found its matches otherwise (search_entities' full
// text) puts these first at the cost of a few comparisons.
func (r *Ranker) RankPrefixes(query string, limit int) []Match {
	q := []byte(strings.ToLower(strings.TrimSpace(query)))
	if len(q) == 0 {
		return []Match{}
	}
	r.sortOnce.Do(r.sortKeys)
	var kinds [4][]int // entry numbers, in id order once sorted
	for _, side := range []struct {
		order []int
		key   func(*rankEntry) []byte
		exact int
	}{
		{r.byID, func(x *rankEntry) []byte { return x.id }, 0},
		{r.byTitle, func(x *rankEntry) []byte { return x.title }, 1},
	} {
		from, _ := slices.BinarySearchFunc(side.order, q, func(i int, q []byte) int { return bytes.Compare(side.key(&r.entries[i]), q) })
		for _, i := range side.order[from:] {
			k := side.key(&r.entries[i])
			if !bytes.HasPrefix(k, q) {
				break
			}
			kind := side.exact + 2 // a prefix
			if len(k) == len(q) {
				kind = side.exact
			}
			kinds[kind] = append(kinds[kind], i)
		}
	}
	out := []Match{}
	seen := map[int]bool{}
	for kind, list := range kinds {
		slices.Sort(list)
		for _, i := range list {
			if seen[i] {
				continue // an id prefix that is a title prefix too: once, first
			}
			seen[i] = true
			x := &r.entries[i]
			out = append(out, Match{ID: x.e.ID, Title: x.e.Title, How: matchOrder[kind]})
			if limit > 0 && len(out) == limit {
				return out
			}
		}
	}
	return out
}

// sortKeys makes byID and byTitle.
func (r *Ranker) sortKeys() {
	order := func(key func(*rankEntry) []byte) []int {
		out := make([]int, len(r.entries))
		for i := range out {
			out[i] = i
		}
		slices.SortFunc(out, func(a, b int) int { return bytes.Compare(key(&r.entries[a]), key(&r.entries[b])) })
		return out
	}
	r.byID = order(func(x *rankEntry) []byte { return x.id })
	r.byTitle = order(func(x *rankEntry) []byte { return x.title })
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

// queryWords is a query split into words, for typoDistance, as the
// letters the distances compare: bytes when the query is ASCII, runes
// otherwise (converted once, not at each of 10,000 titles).
type queryWords struct {
	prefix  bool   // the query is long enough to match the start of a word
	letters uint64 // the query's letters but spaces, as letterSet has them
	ascii   bool
	bytes   []byte
	words   [][]byte
	runes   []rune
	wordsR  [][]rune
	window  []byte // typoIn's buffer
}

func newQueryWords(q string, qn int) queryWords {
	qw := queryWords{prefix: qn >= minPrefixTypo, ascii: len(q) == qn, bytes: []byte(q), runes: []rune(q),
		letters: letterSet([]byte(strings.Join(strings.Fields(q), "")))}
	for _, w := range strings.Fields(q) {
		qw.words = append(qw.words, []byte(w))
		qw.wordsR = append(qw.wordsR, []rune(w))
	}
	return qw
}

// minPrefixTypo is the shortest query whose last word is compared with the
// start of title words: below it, nearly every word would be one edit
// from the query.
const minPrefixTypo = 4

// typoDistance is the edit distance of the query (qn runes, its words
// qw) to the title, or to the run of as many title words, whichever is
// smaller; or, word by word, to a run of title words whose last word only
// has to start like the query's last word (the word being typed). A
// distance above budget may be reported as budget+1. An edit distance is
// at least the difference of the lengths, so strings that differ more in
// length than the budget allows are never compared, which keeps a
// keystroke over 10,000 titles cheap.
//
// Each letter of the query that the title does not have at all costs an
// edit whichever part of the title it is compared with (a deletion or a
// substitution of its own), so a query with more such letters than the
// budget is over it without a table: "task 7123" has three letters that
// "task 4567" lacks, and most titles are dismissed so.
func (x *rankEntry) typoDistance(qn int, qw *queryWords, budget int) int {
	if bits.OnesCount64(qw.letters&^x.letters) > budget {
		return budget + 1
	}
	if qw.ascii && x.ascii {
		return typoIn(x, qn, qw.bytes, qw.words, qw.prefix, budget, &qw.window, func(b []byte) []byte { return b })
	}
	return typoIn(x, qn, qw.runes, qw.wordsR, qw.prefix, budget, &qw.window, func(b []byte) []rune { return []rune(string(b)) })
}

// typoIn is typoDistance over letters of one kind: q and its words as
// letters, and letters turning a part of the title into them; window is
// where a run of title words is put together (one buffer for every title
// of a keystroke, not one per run).
func typoIn[L letter](x *rankEntry, qn int, q []L, qwords [][]L, prefix bool, budget int, window *[]byte, letters func([]byte) []L) int {
	best := budget + 1
	if within(qn, x.titleRunes, budget) {
		best = min(best, boundedDistance(q, letters(x.title), budget))
	}
	for i := 0; i+len(qwords) <= len(x.words); i++ {
		n := len(qwords) - 1 // the spaces of the window
		for _, r := range x.wordRunes[i : i+len(qwords)] {
			n += r
		}
		if within(qn, n, budget) {
			run := (*window)[:0]
			for j, w := range x.words[i : i+len(qwords)] {
				if j > 0 {
					run = append(run, ' ')
				}
				run = append(run, x.title[w[0]:w[1]]...)
			}
			*window = run
			// A title of as many words as the query, one space apart, is
			// its own window: compared once, above.
			if !bytes.Equal(run, x.title) {
				best = min(best, boundedDistance(q, letters(run), best-1))
			}
		}
		if prefix && best > 0 {
			word := func(j int) []L { w := x.words[i+j]; return letters(x.title[w[0]:w[1]]) }
			best = min(best, prefixDistance(qwords, word, best-1))
		}
	}
	return best
}

// letterSet is the set of letters in s (lower-case UTF-8) as bits: a to
// z, 0 to 9, and every other letter on one of the other 28 bits. Letters
// that share a bit are not told apart: a letter whose bit a set lacks is
// surely not in its string, which is what typoDistance asks.
func letterSet(s []byte) uint64 {
	var set uint64
	for _, r := range string(s) {
		switch {
		case 'a' <= r && r <= 'z':
			set |= 1 << (r - 'a')
		case '0' <= r && r <= '9':
			set |= 1 << (26 + r - '0')
		default:
			set |= 1 << (36 + uint32(r)%28)
		}
	}
	return set
}

// within reports whether lengths a and b differ by at most budget.
func within(a, b, budget int) bool { return a-b <= budget && b-a <= budget }

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
