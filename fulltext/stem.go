package fulltext

// This file is a light English stemmer: steps 1a, 1b, 1c and 5 of the
// Porter algorithm (M.F. Porter, "An algorithm for suffix stripping", 1980).
// It folds plurals, -ed and -ing forms and a final -e, and leaves the
// derivational suffixes (-ation, -ness, -ful, ...) alone. It works in place
// on lower-case ASCII letters and may grow the word by one byte.

// Words longer than maxStem bytes are not stemmed: they are not English
// words, and the stemmer's cost grows with the square of the length.
const maxStem = 32

// stem returns the stem of w, a word of lower-case ASCII letters. Words
// shorter than three letters or longer than maxStem are returned unchanged.
func stem(w []byte) []byte {
	if len(w) < 3 || len(w) > maxStem {
		return w
	}
	w = step1a(w)
	w = step1b(w)
	w = step1c(w)
	w = stepIon(w)
	w = step5(w)
	return w
}

func hasSuffix(w []byte, s string) bool {
	return len(w) >= len(s) && string(w[len(w)-len(s):]) == s
}

// cons reports whether w[i] is a consonant. A 'y' is a consonant at the
// start of a word or after a vowel.
func cons(w []byte, i int) bool {
	switch w[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !cons(w, i-1)
	}
	return true
}

// measure returns m, the number of vowel-consonant sequences in w[:k]
// (a word is [C](VC){m}[V]).
func measure(w []byte, k int) int {
	m, i := 0, 0
	for i < k && cons(w, i) {
		i++
	}
	for i < k {
		for i < k && !cons(w, i) {
			i++
		}
		if i >= k {
			break
		}
		for i < k && cons(w, i) {
			i++
		}
		m++
	}
	return m
}

// vowelIn reports whether w[:k] contains a vowel.
func vowelIn(w []byte, k int) bool {
	for i := 0; i < k; i++ {
		if !cons(w, i) {
			return true
		}
	}
	return false
}

// doubleCons reports whether w[i-1:i+1] is a double consonant.
func doubleCons(w []byte, i int) bool {
	return i >= 1 && w[i] == w[i-1] && cons(w, i)
}

// cvc reports whether w[i-2:i+1] is consonant-vowel-consonant with the last
// consonant not w, x or y (as in "hop", which restores "hope" from "hoping").
func cvc(w []byte, i int) bool {
	if i < 2 || !cons(w, i-2) || cons(w, i-1) || !cons(w, i) {
		return false
	}
	switch w[i] {
	case 'w', 'x', 'y':
		return false
	}
	return true
}

// step1a folds plurals: caresses->caress, ponies->poni, cats->cat. Unlike
// Porter, a final s is kept after u ("status", "focus") and in words of
// three letters ("has", "its", "bus").
func step1a(w []byte) []byte {
	switch {
	case hasSuffix(w, "sses"):
		return w[:len(w)-2]
	case hasSuffix(w, "ies"):
		return w[:len(w)-2]
	case hasSuffix(w, "ss"), hasSuffix(w, "us"):
		return w
	case hasSuffix(w, "s") && len(w) > 3:
		return w[:len(w)-1]
	}
	return w
}

// step1b folds -eed, -ed and -ing: agreed->agree, plastered->plaster,
// hopping->hop, hoping->hope, indexing->index.
func step1b(w []byte) []byte {
	if hasSuffix(w, "eed") {
		if measure(w, len(w)-3) > 0 {
			return w[:len(w)-1]
		}
		return w
	}
	var s []byte
	switch {
	case hasSuffix(w, "ed") && vowelIn(w, len(w)-2):
		s = w[:len(w)-2]
	case hasSuffix(w, "ing") && vowelIn(w, len(w)-3):
		s = w[:len(w)-3]
	default:
		return w
	}
	switch last := len(s) - 1; {
	case hasSuffix(s, "at"), hasSuffix(s, "bl"), hasSuffix(s, "iz"):
		return append(s, 'e')
	case doubleCons(s, last) && s[last] != 'l' && s[last] != 's' && s[last] != 'z':
		return s[:last]
	case measure(s, len(s)) == 1 && cvc(s, last):
		return append(s, 'e')
	}
	return s
}

// step1c turns a final y into i when the stem has a vowel: query->queri, so
// that "query" and "queries" meet.
func step1c(w []byte) []byte {
	if len(w) == 0 {
		return w
	}
	if last := len(w) - 1; w[last] == 'y' && vowelIn(w, last) {
		w[last] = 'i'
	}
	return w
}

// stepIon is the -ion rule of Porter's step 4: a final "ion" after s or t
// goes when what is left has two or more vowel-consonant sequences, so
// that a verb meets its noun (compression->compress, deletion->delet as
// delete->delet, collection->collect) while short words keep theirs
// (action, version, question, session).
func stepIon(w []byte) []byte {
	if !hasSuffix(w, "ion") || len(w) < 5 {
		return w
	}
	s := w[:len(w)-3]
	if last := s[len(s)-1]; (last == 's' || last == 't') && measure(s, len(s)) > 1 {
		return s
	}
	return w
}

// step5 drops a final e (update->updat, but not in "make" or "note") and
// a double l in long words (controll->control).
func step5(w []byte) []byte {
	if len(w) < 2 {
		return w
	}
	if last := len(w) - 1; w[last] == 'e' {
		if m := measure(w, last); m > 1 || m == 1 && !cvc(w, last-1) {
			w = w[:last]
		}
	}
	if last := len(w) - 1; w[last] == 'l' && doubleCons(w, last) && measure(w, len(w)) > 1 {
		w = w[:last]
	}
	return w
}
