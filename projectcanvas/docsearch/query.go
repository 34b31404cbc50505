package docsearch

import (
	"math"
	"strings"

	"github.com/projectcanvas/projectcanvas/projectcanvas/fulltext"
)

// docFreq returns the number of chunks holding term (as fulltext.Tokenize
// returns it) over all shards. The caller holds e.mu for reading.
func (e *Engine) docFreq(term string) int {
	n := 0
	for _, sh := range e.shards {
		n += sh.bm25.DocFreq(term)
	}
	return n
}

// liveChunks returns the number of indexed chunks. The caller holds e.mu.
func (e *Engine) liveChunks() int {
	n := 0
	for _, sh := range e.shards {
		n += sh.live
	}
	return n
}

// minCorrectLen is the length, in letters, from which a query word the
// index does not know is taken for a misspelling.
const minCorrectLen = 4

// correct returns query with each word the index does not know replaced
// by the most frequent known word one edit away (a letter deleted,
// inserted, changed, or two neighbours swapped): "waitgorup" is
// "waitgroup", "locaton" "location". Only words of ASCII letters are
// corrected. The caller holds e.mu for reading.
func (e *Engine) correct(query string) string {
	var b strings.Builder
	last := 0
	for start, end := range asciiWords(query) {
		w := query[start:end]
		if end-start < minCorrectLen || e.known(w) {
			continue
		}
		if fix := e.bestEdit(strings.ToLower(w)); fix != "" {
			b.WriteString(query[last:start])
			b.WriteString(fix)
			last = end
		}
	}
	if last == 0 {
		return query
	}
	b.WriteString(query[last:])
	return b.String()
}

// known reports whether every term of word occurs in the index.
func (e *Engine) known(word string) bool {
	for _, t := range fulltext.Tokenize(word) {
		if e.docFreq(t) == 0 {
			return false
		}
	}
	return true
}

// bestEdit returns the known word one edit away from w (lower-case ASCII
// letters) that the most chunks hold, ties to the first in alphabetical
// order, or "" when there is none.
func (e *Engine) bestEdit(w string) string {
	best, bestN := "", 0
	edits1(w, func(c string) {
		ts := fulltext.Tokenize(c)
		if len(ts) != 1 {
			return
		}
		if n := e.docFreq(ts[0]); n > bestN || n == bestN && n > 0 && c < best {
			best, bestN = c, n
		}
	})
	return best
}

// edits1 calls fn with every string one edit away from w, a string of
// lower-case ASCII letters (some more than once).
func edits1(w string, fn func(string)) {
	buf := make([]byte, 0, len(w)+1)
	for i := range len(w) {
		fn(string(append(append(buf[:0], w[:i]...), w[i+1:]...))) // deletion
		if i+1 < len(w) && w[i] != w[i+1] {
			buf = append(append(buf[:0], w[:i]...), w[i+1], w[i])
			fn(string(append(buf, w[i+2:]...))) // transposition
		}
	}
	for i := range len(w) + 1 {
		for c := byte('a'); c <= 'z'; c++ {
			fn(string(append(append(append(buf[:0], w[:i]...), c), w[i:]...))) // insertion
			if i < len(w) && c != w[i] {
				fn(string(append(append(append(buf[:0], w[:i]...), c), w[i+1:]...))) // change
			}
		}
	}
}

// asciiWords yields the start and end of each run of ASCII letters in s
// that is a whole word: not joined to digits or other letters.
func asciiWords(s string) func(yield func(int, int) bool) {
	return func(yield func(int, int) bool) {
		isLetter := func(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
		isWord := func(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c >= 0x80 }
		for i := 0; i < len(s); {
			if !isLetter(s[i]) || i > 0 && isWord(s[i-1]) {
				i++
				continue
			}
			j := i
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			if (j == len(s) || !isWord(s[j])) && !yield(i, j) {
				return
			}
			i = j
		}
	}
}

// idfWeight returns the weight of a query term in the built-in embedder's
// query vector: its BM25 idf over the index, so that a word most sections
// use ("function", "returns") counts less than a rare one, as in BM25. A
// term the index does not hold weighs as one of a single chunk. The
// caller holds e.mu for reading.
func (e *Engine) idfWeight() func(term string) float32 {
	n := float64(e.liveChunks())
	return func(term string) float32 {
		df := float64(max(1, e.docFreq(term)))
		return float32(math.Log(1 + (n-df+0.5)/(df+0.5)))
	}
}
