package docsearch

import (
	"math"
	"slices"
	"strings"

	"github.com/projectcanvas/projectcanvas/fulltext"
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
// by a known word one edit away (a letter deleted, inserted, changed, or
// two neighbours swapped): "waitgorup" is "waitgroup", "locaton"
// "location" (see bestEdit for the choice among several). Only whole
// words of ASCII letters, minCorrectLen or longer, are corrected. The
// caller holds e.mu for reading.
func (e *Engine) correct(query string) string {
	var out []byte
	last := 0
	for i := 0; i < len(query); {
		j := i
		for j < len(query) && isLetter(query[j]) {
			j++
		}
		if j == i {
			i++
			continue
		}
		whole := (i == 0 || !isWordByte(query[i-1])) && (j == len(query) || !isWordByte(query[j]))
		if whole && j-i >= minCorrectLen && !e.known(query[i:j]) {
			// The rest of the query, words before this one as corrected.
			rest := string(out) + query[last:i] + " " + query[j:]
			if fix := e.bestEdit(strings.ToLower(query[i:j]), rest); fix != "" {
				out = append(append(out, query[last:i]...), fix...)
				last = j
			}
		}
		i = j
	}
	if out == nil {
		return query
	}
	return string(append(out, query[last:]...))
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isWordByte reports whether c may be part of a word: a letter, a digit
// or a byte of a non-ASCII character.
func isWordByte(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c >= 0x80 }

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
// letters) that fits the rest of the query best, or "" when there is
// none. A candidate fits by what it adds to the best BM25 score of a
// chunk for the rest of the query, weighed by ln(1 + the number of chunks
// holding it): a word found together with the query's other words wins,
// "gzip compres writer" is "compress" (not "compares", which more chunks
// hold) and "atoi convertion" "conversion" (not "convention"). When no
// candidate adds anything (a query of one word, or no chunk holds a
// candidate with the rest), the candidate that the most chunks hold wins,
// ties to the first in alphabetical order. Words shorter than
// minCorrectLen are candidates only when no longer one is.
func (e *Engine) bestEdit(w, rest string) string {
	type candidate struct {
		word, term string
		df         int
	}
	var cands []candidate
	edits1(w, func(c string) {
		ts := fulltext.Tokenize(c)
		if len(ts) != 1 {
			return
		}
		// One candidate a term, the first word in alphabetical order:
		// "max", "maxe" and "maxs" are all the term "max" and score alike.
		if i := slices.IndexFunc(cands, func(x candidate) bool { return x.term == ts[0] }); i >= 0 {
			cands[i].word = min(cands[i].word, c)
		} else if n := e.docFreq(ts[0]); n > 0 {
			cands = append(cands, candidate{c, ts[0], n})
		}
	})
	if len(cands) == 0 {
		return ""
	}
	// A word shorter than minCorrectLen is a candidate only when no longer
	// one is: the BM25 fit favours short common words, and "eror" in
	// "atoi convertion eror" was "err" (strconv's examples use it), not
	// "error". Such a word is not taken for a misspelling either, so it is
	// too short to be read as one edit from what was meant.
	if slices.ContainsFunc(cands, func(c candidate) bool { return len(c.word) >= minCorrectLen }) {
		cands = slices.DeleteFunc(cands, func(c candidate) bool { return len(c.word) < minCorrectLen })
	}
	var base float64
	if len(cands) > 1 {
		base = e.topScore(rest)
	}
	best, bestFit, bestDF := "", 0.0, 0
	for _, c := range cands {
		var fit float64
		if base > 0 {
			fit = (e.topScore(rest+" "+c.word) - base) * math.Log(1+float64(c.df))
		}
		if best == "" || fit > bestFit || fit == bestFit && (c.df > bestDF || c.df == bestDF && c.word < best) {
			best, bestFit, bestDF = c.word, fit, c.df
		}
	}
	return best
}

// topScore returns the best BM25 score of a chunk for query, over all
// shards (0 when no chunk matches). The caller holds e.mu for reading.
func (e *Engine) topScore(query string) float64 {
	var best float64
	for _, sh := range e.shards {
		if hs := sh.bm25.Search(query, 1, nil); len(hs) > 0 {
			best = max(best, hs[0].Score)
		}
	}
	return best
}

// edits1 calls fn with every string one edit away from w, a string of
// lower-case ASCII letters, and with w itself (a letter changed for
// itself, two equal neighbours swapped).
func edits1(w string, fn func(string)) {
	for i := 0; i <= len(w); i++ {
		if i < len(w) {
			fn(w[:i] + w[i+1:]) // deletion
		}
		if i+1 < len(w) {
			fn(w[:i] + w[i+1:i+2] + w[i:i+1] + w[i+2:]) // transposition
		}
		for c := byte('a'); c <= 'z'; c++ {
			l := letters[c-'a' : c-'a'+1]
			fn(w[:i] + l + w[i:]) // insertion
			if i < len(w) {
				fn(w[:i] + l + w[i+1:]) // change
			}
		}
	}
}

const letters = "abcdefghijklmnopqrstuvwxyz"

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
