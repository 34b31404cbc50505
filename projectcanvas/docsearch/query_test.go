package docsearch

import (
	"context"
	"slices"
	"testing"
)

func TestCorrect(t *testing.T) {
	e, _ := openMem(t, map[string]string{
		"a.md": "# Release\n\nRoll back a release: rollback to the previous tag. Compress logs.\n",
		"b.md": "# Deployment\n\nEvery deployment starts from a release branch. Compare the tags.\n",
		"c.md": "# Compress\n\nCompress the release archive; compress it again.\n",
	}, WithCache(""))
	tests := []struct{ query, want string }{
		{"rollback release", "rollback release"},      // known words stay
		{"rolback deploymnet", "rollback deployment"}, // a letter missing, two swapped
		{"relaese", "release"},                        // neighbours swapped
		{"Rollbak, please!", "rollback, please!"},     // the word only; it comes lower-cased
		{"tga", "tga"}, // shorter than minCorrectLen
		{"v2rolback rolback9", "v2rolback rolback9"}, // joined to digits: an id, not a word
		{"qwxzvbnm", "qwxzvbnm"},                     // nothing one edit away
		{"compres", "compress"},                      // "compares", one edit away too, is in fewer chunks
		{"déploymnet", "déploymnet"},                 // not ASCII
		{"deplymnets", "deplymnets"},                 // two edits away
		{"the rolback of the relese", "the rollback of the release"},
	}
	checkCorrect(t, e, tests)
}

// Among candidates one edit away, the one found with the query's other
// words wins over the one most chunks hold.
func TestCorrectByContext(t *testing.T) {
	e, _ := openMem(t, map[string]string{
		"gzip.md": "# Gzip\n\nThe gzip writer can compress a stream.\n",
		"a.md":    "# Sort\n\nLess compares two values.\n",
		"b.md":    "# Search\n\nThe search compares keys.\n",
		"c.md":    "# Max\n\nMax compares its arguments.\n",
		"atoi.md": "# Atoi\n\nn, err := strconv.Atoi(s): when err is not nil, n is 0.\n",
		"e.md":    "# Errors\n\nAn error value.\n",
	}, WithCache(""))
	tests := []struct{ query, want string }{
		{"compres", "compares"},                         // no context: the word more chunks hold
		{"gzip compres writer", "gzip compress writer"}, // "compress" goes with gzip and writer
		{"compres two values", "compares two values"},
		{"gzip compres", "gzip compress"},
		{"qwxzvbnm compres", "qwxzvbnm compares"}, // an unknown neighbour is no context
		{"gzip wrtier compres", "gzip writer compress"},
		{"atoi eror", "atoi error"},      // "err" fits atoi better, but is shorter than minCorrectLen
		{"maxx compres", "max compares"}, // unless no longer word is one edit away
	}
	checkCorrect(t, e, tests)
}

// checkCorrect checks e.correct on each query.
func checkCorrect(t *testing.T, e *Engine, tests []struct{ query, want string }) {
	t.Helper()
	for _, tt := range tests {
		e.mu.RLock()
		got := e.correct(tt.query)
		e.mu.RUnlock()
		if got != tt.want {
			t.Errorf("correct(%q) = %q, want %q", tt.query, got, tt.want)
		}
	}
}

func TestEdits1(t *testing.T) {
	var got []string
	edits1("ab", func(s string) { got = append(got, s) })
	for _, want := range []string{"b", "a", "ba", "xab", "axb", "abx", "xb", "ax"} {
		if !slices.Contains(got, want) {
			t.Errorf("edits1(ab) lacks %q", want)
		}
	}
	if n := len(got); n != 2+1+26*3+26*2 {
		t.Errorf("edits1(ab) gave %d strings, want 2 deletions, 1 swap, 78 insertions, 52 changes", n)
	}
}

// Hybrid search corrects a misspelt query; BM25 alone matches the words
// as written.
func TestSearchCorrectsMisspellings(t *testing.T) {
	e, _ := openMem(t, exampleFiles(t), WithCache(""))
	const want = "Deployment Runbook > Routine release > Rollback"
	rs, err := e.Search(context.Background(), Query{Text: "rolback", TopK: 1})
	if err != nil || len(rs) == 0 || rs[0].HeadingPath != want {
		t.Fatalf("hybrid search for rolback: %+v, %v; want %s first", rs, err, want)
	}
	if rs[0].BM25Score != 1 {
		t.Errorf("the corrected word scores no BM25: %+v", rs[0])
	}
	rs, err = e.Search(context.Background(), Query{Text: "rolback", TopK: 1, Mode: BM25Only})
	if err != nil || len(rs) != 0 {
		t.Errorf("BM25 alone found %+v, %v for a word no file holds", rs, err)
	}
}

// SearchHits says what it searched for when the correction changed the
// query, and nothing when it did not (nor in BM25Only mode, which
// matches the words as written).
func TestSearchHitsCorrected(t *testing.T) {
	e, _ := openMem(t, map[string]string{
		"a.md": "# Release\n\nRoll back a release: rollback to the previous tag.\n",
	}, WithCache(""))
	for _, tc := range []struct {
		text, want string
		mode       Mode
		found      bool
	}{
		{text: "rolback release", want: "rollback release", found: true},
		{text: "rollback release", want: "", found: true},
		{text: "rolback", want: "", mode: BM25Only},
	} {
		h, err := e.SearchHits(context.Background(), Query{Text: tc.text, Mode: tc.mode})
		if err != nil {
			t.Fatal(err)
		}
		if h.Corrected != tc.want || (len(h.Results) > 0) != tc.found {
			t.Errorf("%q: corrected %q with %d results, want %q and found=%v", tc.text, h.Corrected, len(h.Results), tc.want, tc.found)
		}
	}
}
