package assist

import (
	"strings"
	"unicode"

	"github.com/agnivade/levenshtein"
)

// stopwords are left out of title comparisons: they match everything.
var stopwords = map[string]bool{
	"a": true, "an": true, "and": true, "as": true, "at": true, "by": true, "for": true, "from": true,
	"in": true, "into": true, "is": true, "it": true, "of": true, "on": true, "or": true, "the": true,
	"to": true, "with": true, "we": true, "i": true, "be": true, "can": true, "so": true, "that": true,
}

// words splits a title into lower-case words without stopwords.
func words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if !stopwords[w] {
			out = append(out, w)
		}
	}
	return out
}

// near reports whether two words are the same up to a typo or an ending:
// equal, one a prefix of the other of at least four letters (login,
// logins), or within one edit when both have five letters or more.
func near(a, b string) bool {
	if a == b {
		return true
	}
	short, long := a, b
	if len(short) > len(long) {
		short, long = long, short
	}
	if len(short) >= 4 && strings.HasPrefix(long, short) {
		return true
	}
	return len(short) >= 5 && levenshtein.ComputeDistance(a, b) <= 1
}
