package fulltext

import (
	"unicode"
	"unicode/utf8"
)

// WithCJKBigrams makes the index split runs of Chinese, Japanese and Korean
// characters into overlapping pairs ("検索索引" is "検索", "索索", "索引"),
// the usual way to search text written without spaces: a query of two or
// more such characters then finds them inside longer runs. A lone character
// is kept as one term. Letters of other scripts in the same run ("API設計")
// are split off and treated as ordinary words. Without the option a run of
// CJK characters is a single term.
func WithCJKBigrams() Option {
	return func(x *Index) { x.cjk = true }
}

// isCJK reports whether r is written without spaces between words: Han,
// Hiragana, Katakana or Hangul.
func isCJK(r rune) bool {
	return r >= 0x2E80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r))
}

// hasCJK reports whether the lower-cased run b holds a CJK character.
func hasCJK(b []byte) bool {
	for _, r := range string(b) {
		if isCJK(r) {
			return true
		}
	}
	return false
}

// emitCJK emits the run s of t.group split into CJK bigrams and ordinary
// words. Every term gets the run's source span.
func (t *tokenizer) emitCJK(s seg, emit emitFunc) bool {
	run := t.group[s.lo:s.hi:s.hi]
	i := 0
	for i < len(run) {
		r, w := utf8.DecodeRune(run[i:])
		if !isCJK(r) {
			j := i + w
			for j < len(run) {
				r2, w2 := utf8.DecodeRune(run[j:])
				if isCJK(r2) {
					break
				}
				j += w2
			}
			word := run[i:j:j]
			t.stemmable = asciiLetters(word)
			if t.stemmable && !t.deferStem {
				word = stem(word)
			}
			if !emit(word, s.start, s.end, kindWord) {
				return false
			}
			i = j
			continue
		}
		// A CJK character: pair it with the next one when that is CJK too.
		t.stemmable = false
		next := i + w
		if next < len(run) {
			if r2, w2 := utf8.DecodeRune(run[next:]); isCJK(r2) {
				if !emit(run[i:next+w2:next+w2], s.start, s.end, kindWord) {
					return false
				}
				i = next
				continue
			}
		}
		if i == 0 || !isCJK(lastRune(run[:i])) {
			// A lone character, not already the end of a pair.
			if !emit(run[i:next:next], s.start, s.end, kindWord) {
				return false
			}
		}
		i = next
	}
	return true
}

func lastRune(b []byte) rune {
	r, _ := utf8.DecodeLastRune(b)
	return r
}

func asciiLetters(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf || asciiWord[c] != 1 {
			return false
		}
	}
	return len(b) > 0
}
