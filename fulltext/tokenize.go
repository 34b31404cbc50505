package fulltext

import (
	"sync"
	"unicode"
	"unicode/utf8"
)

// kind tells how a term was produced by the tokenizer.
type kind uint8

const (
	// kindWord is an ordinary word: a run of letters and digits.
	kindWord kind = iota
	// kindCompound is an id-like group such as "t-004": runs of letters and
	// digits joined by single '-' or '_' where at least one run has a digit.
	kindCompound
	// kindPart is one run of a compound ("t" and "004" of "t-004"). Parts are
	// indexed so that a query for "004" finds "T-004", but they do not count
	// towards a document's length and a query does not search for them: a
	// query "T-004" looks for the compound only.
	kindPart
)

// seg is one run of letters and digits inside a group.
type seg struct {
	lo, hi     int  // bytes of the lower-cased run in tokenizer.group
	start, end int  // bytes of the run in the source text
	digit      bool // the run holds a digit
	ascii      bool // the run holds only ASCII letters (a stemmer candidate)
}

// tokenizer holds the scratch buffers of one scan. It is not safe for
// concurrent use; the zero value is ready.
type tokenizer struct {
	group []byte
	segs  []seg
	term  []byte

	// With deferStem set, words are emitted unstemmed and stemmable is
	// set during the emit call of each word the stemmer applies to; the
	// receiver stems it (Add caches stems this way).
	deferStem bool
	stemmable bool

	// noFast turns scan's fast path off (for tests: both paths must agree).
	noFast bool

	// cjk splits runs of CJK characters into bigrams (see WithCJKBigrams).
	cjk bool
}

// emitFunc receives each term with the byte span it came from. The term
// slice is only valid during the call; the receiver may change its bytes
// (to stem it in place). Returning false stops the scan.
type emitFunc func(term []byte, start, end int, k kind) bool

// asciiWord classifies ASCII bytes: 1 letter, 2 digit, 0 other.
var asciiWord = func() (t [128]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = 1
		t[c-'a'+'A'] = 1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = 2
	}
	return t
}()

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

func isLetterRune(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiWord[r] == 1
	}
	return unicode.IsLetter(r)
}

// wordAt reports whether a word rune starts at text[i].
func wordAt(text string, i int) bool {
	if i >= len(text) {
		return false
	}
	if c := text[i]; c < utf8.RuneSelf {
		return asciiWord[c] != 0
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return isWordRune(r)
}

// letterAt reports whether a letter starts at text[i].
func letterAt(text string, i int) bool {
	if i >= len(text) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return isLetterRune(r)
}

// apostropheAt returns the width of an apostrophe (' or ’) at text[i], or 0.
func apostropheAt(text string, i int) int {
	if i < len(text) && text[i] == '\'' {
		return 1
	}
	if len(text)-i >= 3 && text[i] == 0xE2 && text[i+1] == 0x80 && text[i+2] == 0x99 {
		return 3
	}
	return 0
}

// possessiveAt reports whether text[i:] starts with an "s" that ends a word,
// as after the apostrophe of "T-004's".
func possessiveAt(text string, i int) bool {
	return i < len(text) && text[i]|0x20 == 's' && !wordAt(text, i+1)
}

// readSeg reads one run of word runes starting at text[i] (which must be a
// word rune), appends its lower-cased bytes to t.group and records it.
// A final "'s" is dropped ("T-004's" is "t-004") and so is an apostrophe
// between two letters ("don't" is "dont"). It returns the index where
// scanning goes on.
func (t *tokenizer) readSeg(text string, i int) int {
	s := seg{lo: len(t.group), start: i, ascii: true}
	prevLetter := false
	for i < len(text) {
		// Fast path: a run of ASCII letters and digits, copied and then
		// lower-cased in place.
		j := i
		for j < len(text) && asciiWord[text[j]&0x7F] != 0 && text[j] < utf8.RuneSelf {
			j++
		}
		if j > i {
			lo := len(t.group)
			t.group = append(t.group, text[i:j]...)
			for k, c := range t.group[lo:] {
				switch asciiWord[c] {
				case 1:
					t.group[lo+k] = c | 0x20
				case 2:
					s.digit = true
				}
			}
			prevLetter = asciiWord[text[j-1]] == 1
			i = j
			continue
		}
		c := text[i]
		if c < utf8.RuneSelf {
			if w := apostropheAt(text, i); w > 0 {
				if possessiveAt(text, i+w) {
					s.hi, s.end = len(t.group), i
					t.segs = append(t.segs, s)
					return i + w + 1
				}
				if prevLetter && letterAt(text, i+w) {
					i += w
					continue
				}
			}
			break
		}
		r, w := utf8.DecodeRuneInString(text[i:])
		if r == '’' {
			if possessiveAt(text, i+w) {
				s.hi, s.end = len(t.group), i
				t.segs = append(t.segs, s)
				return i + w + 1
			}
			if prevLetter && letterAt(text, i+w) {
				i += w
				continue
			}
		}
		if !isWordRune(r) {
			break
		}
		t.group = utf8.AppendRune(t.group, unicode.ToLower(r))
		s.ascii = false
		if unicode.IsDigit(r) {
			s.digit = true
		}
		prevLetter = unicode.IsLetter(r)
		i += w
	}
	s.hi, s.end = len(t.group), i
	t.segs = append(t.segs, s)
	return i
}

// fold maps the bytes of ASCII letters and digits to their lower case and
// every other byte to 0.
var fold = func() (f [256]byte) {
	for c := 0; c < utf8.RuneSelf; c++ {
		switch asciiWord[c] {
		case 1:
			f[c] = byte(c) | 0x20
		case 2:
			f[c] = byte(c)
		}
	}
	return f
}()

// maxFast is the longest word scan's fast path takes.
const maxFast = 64

// scan splits text into terms and calls emit for each, in text order.
func (t *tokenizer) scan(text string, emit emitFunc) {
	i := 0
	for i < len(text) {
		c := text[i]
		if fold[c] == 0 {
			if c < utf8.RuneSelf {
				i++
				continue
			}
			r, w := utf8.DecodeRuneInString(text[i:])
			if !isWordRune(r) {
				i += w
				continue
			}
		} else if !t.noFast {
			// Fast path: an ASCII word ended by the text's end or an
			// ASCII separator other than a joiner or an apostrophe.
			// Anything else is left to the general path below.
			if cap(t.group) < maxFast {
				t.group = make([]byte, 0, 2*maxFast)
			}
			buf := t.group[:maxFast]
			end := min(len(text), i+maxFast)
			j := i
			low := byte(0xFF) // the least byte: a digit if <= '9'
			for ; j < end; j++ {
				f := fold[text[j]]
				if f == 0 {
					break
				}
				buf[j-i] = f
				low = min(low, f)
			}
			n := j - i
			if j == len(text) || text[j] < utf8.RuneSelf && fold[text[j]] == 0 && text[j] != '-' && text[j] != '_' && text[j] != '\'' {
				term := buf[:n:n]
				t.stemmable = low > '9'
				if t.stemmable && !t.deferStem {
					term = stem(term)
				}
				if !emit(term, i, j, kindWord) {
					return
				}
				i = j
				continue
			}
		}
		t.group, t.segs = t.group[:0], t.segs[:0]
		i = t.readSeg(text, i)
		for i+1 < len(text) && (text[i] == '-' || text[i] == '_') && wordAt(text, i+1) {
			i = t.readSeg(text, i+1)
		}
		if !t.flush(emit) {
			return
		}
	}
}

// flush emits the terms of the group in t.segs.
func (t *tokenizer) flush(emit emitFunc) bool {
	compound := false
	if len(t.segs) > 1 {
		for _, s := range t.segs {
			if s.digit {
				compound = true
				break
			}
		}
	}
	k := kindWord
	if compound {
		t.term = t.term[:0]
		for j, s := range t.segs {
			if j > 0 {
				t.term = append(t.term, '-')
			}
			t.term = append(t.term, t.group[s.lo:s.hi]...)
		}
		t.stemmable = false
		if !emit(t.term, t.segs[0].start, t.segs[len(t.segs)-1].end, kindCompound) {
			return false
		}
		k = kindPart
	}
	for _, s := range t.segs {
		// The term is the run itself: stemming works in place and never
		// lengthens a word, and the capacity limit keeps any append off
		// the next run.
		if t.cjk && !s.ascii && k == kindWord && hasCJK(t.group[s.lo:s.hi]) {
			if !t.emitCJK(s, emit) {
				return false
			}
			continue
		}
		term := t.group[s.lo:s.hi:s.hi]
		t.stemmable = s.ascii && !s.digit
		if t.stemmable && !t.deferStem {
			term = stem(term)
		}
		if !emit(term, s.start, s.end, k) {
			return false
		}
	}
	return true
}

// Tokenize splits text into lower-cased terms, in text order.
//
// A term is a run of Unicode letters, digits and combining marks, lower-cased
// with [unicode.ToLower]; everything else separates terms. An apostrophe
// between two letters is dropped and so is a possessive "'s": "don't" is
// "dont", "T-004's" is "t-004" and "project's" is "project". Words made only of ASCII letters
// are stemmed by a light English stemmer ("tasks" and "task" are both "task",
// "indexing" and "indexed" are both "index"); other words (with digits or
// non-ASCII letters, such as "café" or "zürich") are kept as they are.
//
// Runs joined by single '-' or '_' where at least one run has a digit are
// id-like: "T-004" yields the compound "t-004" first and then its parts
// "t" and "004". The index stores all three, so a search for "004" finds
// the document, while a search for "T-004" looks for the compound only.
// The joiner is normalised to '-': "T_004" is also "t-004". Runs joined
// without a digit ("full-text") are plain words: "full", "text".
func Tokenize(text string) []string {
	var out []string
	EachTerm(text, func(term []byte) bool {
		out = append(out, string(term))
		return true
	})
	return out
}

// EachTerm calls yield with each term of text that Tokenize returns, in
// order, until yield returns false. The term is valid only during the
// call: no string is made for it, so a caller that only compares terms
// (is a query's word in this title?) allocates nothing.
func EachTerm(text string, yield func(term []byte) bool) {
	t := eachTermPool.Get().(*tokenizer)
	defer eachTermPool.Put(t)
	t.scan(text, func(term []byte, _, _ int, _ kind) bool { return yield(term) })
}

// eachTermPool keeps EachTerm's tokenizers, buffers and all: a search
// tokenizes the title of each of its best candidates.
var eachTermPool = sync.Pool{New: func() any { return new(tokenizer) }}
