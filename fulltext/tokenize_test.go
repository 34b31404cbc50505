package fulltext

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTokenize(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", nil},
		{"only punctuation", " ... --- !? ", nil},
		{"case and punctuation", "Hello, World!", []string{"hello", "world"}},
		{"upper case", "PROJECT CANVAS", []string{"project", "canva"}},
		{"unicode letters", "café Zürich", []string{"café", "zürich"}},
		{"unicode upper case", "CAFÉ ZÜRICH", []string{"café", "zürich"}},
		{"combining mark stays in the word", "cafe\u0301 ok", []string{"cafe\u0301", "ok"}},
		{"greek", "Σίσυφος", []string{"σίσυφος"}},
		{"cjk run is one term", "東京 tower", []string{"東京", "tower"}},
		{"numbers", "version 2 of 10,000 items", []string{"version", "2", "of", "10", "000", "item"}},
		{"decimal splits", "3.14", []string{"3", "14"}},
		{"id", "T-004", []string{"t-004", "t", "004"}},
		{"id with underscore", "t_004", []string{"t-004", "t", "004"}},
		{"id in a sentence", "See T-004.", []string{"see", "t-004", "t", "004"}},
		{"id with stemmed part", "tasks-12", []string{"tasks-12", "task", "12"}},
		{"date", "2024-01-15", []string{"2024-01-15", "2024", "01", "15"}},
		{"long id", "PRJ-2-a", []string{"prj-2-a", "prj", "2", "a"}},
		{"hyphenated words are words", "full-text search", []string{"full", "text", "search"}},
		{"double hyphen splits", "a--1", []string{"a", "1"}},
		{"trailing hyphen", "t- 004", []string{"t", "004"}},
		{"apostrophe", "don't", []string{"dont"}},
		{"possessive", "the project's tasks", []string{"the", "project", "task"}},
		{"typographic apostrophe", "don’t", []string{"dont"}},
		{"possessive after an id", "T-004's owner", []string{"t-004", "t", "004", "owner"}},
		{"typographic possessive", "Zürich’s", []string{"zürich"}},
		{"upper-case possessive", "IT'S", []string{"it"}},
		{"apostrophes inside and before digits", "rock'n'roll '90s", []string{"rocknrol", "90s"}},
		{"lone apostrophes", "' ’ 's", []string{"s"}},
		{"quotes are not apostrophes", "'quoted'", []string{"quot"}},
		{"invalid utf-8 separates", "ab\xffcd", []string{"ab", "cd"}},
		{"digits are not stemmed", "running2", []string{"running2"}},
		{"short words are not stemmed", "is as us", []string{"is", "as", "us"}},
		{"tabs and newlines", "red\tgreen\nblue", []string{"red", "green", "blue"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Tokenize(tt.in))
		})
	}
}

func TestStem(t *testing.T) {
	exact := map[string]string{
		"tasks":    "task",
		"task":     "task",
		"indexing": "index",
		"indexed":  "index",
		"indexes":  "index",
		"searches": "search",
		"search":   "search",
		"caresses": "caress",
		"ponies":   "poni",
		"status":   "status",
		"hopping":  "hop",
		"hoping":   "hope",
		"agreed":   "agre",
		"need":     "need",
		"string":   "string",
		"make":     "make",
		"note":     "note",
		"update":   "updat",
		// The -ion rule: two syllables before it, after s or t.
		"compression": "compress",
		"action":      "action",
		"version":     "version",
		"question":    "question",
		"session":     "session",
		"union":       "union",
	}
	for in, want := range exact {
		assert.Equal(t, want, string(stem([]byte(in))), in)
	}

	// Words in a group share one term.
	same := [][]string{
		{"task", "tasks", "Tasks"},
		{"index", "indexing", "indexed", "indexes"},
		{"search", "searches", "searching", "searched"},
		{"query", "queries"},
		{"run", "runs", "running"},
		{"update", "updates", "updated", "updating"},
		{"make", "makes", "making"},
		{"note", "notes", "noted"},
		{"priority", "priorities"},
		{"status", "statuses"},
		{"box", "boxes"},
		{"API", "APIs"},
		{"plan", "plans", "planned", "planning"},
		{"milestone", "milestones"},
		{"control", "controlled"},
		{"compress", "compressed", "compression", "compressing", "compressions"},
		{"delete", "deleted", "deletion", "deletions"},
		{"collect", "collection", "collections", "collected"},
		{"connect", "connection", "connecting"},
	}
	for _, g := range same {
		want := Tokenize(g[0])
		for _, w := range g[1:] {
			assert.Equal(t, want, Tokenize(w), "%s vs %s", g[0], w)
		}
	}

	// Words that must stay apart.
	apart := [][2]string{
		{"note", "not"},
		{"make", "mak"},
		{"café", "cafe"},
		{"t-004", "t-0041"},
	}
	for _, p := range apart {
		assert.NotEqual(t, Tokenize(p[0]), Tokenize(p[1]), "%s vs %s", p[0], p[1])
	}
}

func TestTokenizeOffsets(t *testing.T) {
	type tok struct {
		term       string
		start, end int
		k          kind
	}
	var got []tok
	var tz tokenizer
	text := "Fix T-004: don’t break café"
	tz.scan(text, func(term []byte, s, e int, k kind) bool {
		got = append(got, tok{string(term), s, e, k})
		return true
	})
	assert.Equal(t, []tok{
		{"fix", 0, 3, kindWord},
		{"t-004", 4, 9, kindCompound},
		{"t", 4, 5, kindPart},
		{"004", 6, 9, kindPart},
		{"dont", 11, 18, kindWord},
		{"break", 19, 24, kindWord},
		{"café", 25, 30, kindWord},
	}, got)
}

func TestFirstMatch(t *testing.T) {
	tests := []struct {
		text, query string
		want        string // the matched text; "" for no match
	}{
		{"We are indexing the vault.", "index", "indexing"},
		{"We are indexing the vault.", "VAULT index", "indexing"},
		{"Blocked by T-004 until Friday", "t-004", "T-004"},
		{"Blocked by T-004 until Friday", "t_004", "T-004"},
		{"Blocked by T-004 until Friday", "004", "004"},
		{"Blocked by T-0041", "t-004", ""},
		{"Meet in Zürich", "zürich", "Zürich"},
		{"nothing here", "absent", ""},
		{"nothing here", "", ""},
		{"", "query", ""},
		{"Tasks: don't wait", "dont", "don't"},
	}
	for _, tt := range tests {
		s, e, ok := FirstMatch(tt.text, tt.query)
		if tt.want == "" {
			assert.False(t, ok, "%q in %q", tt.query, tt.text)
			continue
		}
		if assert.True(t, ok, "%q in %q", tt.query, tt.text) {
			assert.Equal(t, tt.want, tt.text[s:e])
		}
	}
}

func TestTokenizeLongWords(t *testing.T) {
	// A long run of 'y' made the stemmer quadratic; long words are kept.
	long := strings.Repeat("y", 1<<20)
	assert.Equal(t, []string{long}, Tokenize(long))
	assert.Equal(t, []string{"tasks" + strings.Repeat("s", 40)}, Tokenize("tasks"+strings.Repeat("s", 40)))
}
