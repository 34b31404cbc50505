package assist

import "slices"

// Edit distances for Rank's typo matches, within a budget: the Levenshtein
// distance, except that two neighbouring letters swapped ("lgoin" for
// "login", the commonest typo) count as one edit, not two. A keystroke of
// search-entity-on-canvas compares the query with every title that matched
// no other way, so the table is one row (on the stack for words and titles
// of up to stackRow letters), a comparison stops once every cell of a row
// is over the budget, and one table gives the distances to all prefixes of
// a word at once (the word being typed against a title word). Letters are
// bytes for ASCII text, which needs no conversion, and runes otherwise.
// FuzzBoundedDistance compares these with the plain Levenshtein distance
// of agnivade/levenshtein and the swap rule.

// letter is what the distances compare: a byte of ASCII text or a rune.
type letter interface{ byte | rune }

// stackRow is the longest string whose table row is kept on the stack.
const stackRow = 64

// boundedDistance is the edit distance of a and b when it is at most
// budget, and budget+1 otherwise.
func boundedDistance[L letter](a, b []L, budget int) int {
	limit := max(budget, 2) // a swap is a distance of 2 made 1
	if !within(len(a), len(b), limit) {
		return budget + 1
	}
	// A common start and end change no edit distance: the table is of
	// what is between ("task 712" against "task 1234" is "712" against
	// "1234", 12 cells, not 72).
	x, y := trimCommon(a, b)
	var stack [stackRow + 1]int
	d := levenshteinRow(x, y, limit, rowFor(&stack, len(y)))[len(y)]
	if d == 2 && swapped(a, b) {
		d = 1
	}
	return min(d, budget+1)
}

// trimCommon is a and b without the letters they start with and end with
// alike.
func trimCommon[L letter](a, b []L) ([]L, []L) {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	a, b = a[p:], b[p:]
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	return a, b
}

// prefixDistances is the smallest, for k from lo to hi (hi at most
// len(word)), of the edit distance of q and word[:k] when it is at most
// budget, else budget+1. One table: the last row of q against word[:hi]
// holds the distance of q to every prefix of word[:hi].
func prefixDistances[L letter](q, word []L, lo, hi, budget int) int {
	var stack [stackRow + 1]int
	last := levenshteinRow(q, word[:hi], max(budget, 2), rowFor(&stack, hi))
	best := budget + 1
	for k := lo; k <= hi; k++ {
		d := last[k]
		if d == 2 && swapped(q, word[:k]) {
			d = 1
		}
		best = min(best, d)
	}
	return best
}

// prefixDistance is the sum of the edit distances of the query's words to
// title words (word(j) is the one for the query's j-th), the last query
// word compared with the start of its title word (as long as it, a letter
// more or less); above budget it may be reported as budget+1.
func prefixDistance[L letter](qwords [][]L, word func(j int) []L, budget int) int {
	sum := 0
	for j, qword := range qwords {
		w, n := word(j), len(qword)
		d := budget + 1
		if j < len(qwords)-1 {
			d = boundedDistance(qword, w, budget-sum)
		} else if lo, hi := max(1, n-1), min(len(w), n+1); lo <= hi {
			d = prefixDistances(qword, w, lo, hi, budget-sum)
		}
		if sum += d; sum > budget {
			return budget + 1
		}
	}
	return sum
}

// rowFor is a table row for a string of n letters: in stack when it fits.
func rowFor(stack *[stackRow + 1]int, n int) []int {
	if n <= stackRow {
		return stack[:n+1]
	}
	return make([]int, n+1)
}

// levenshteinRow fills row (len(b)+1 cells) with the last row of the
// Levenshtein table of a against b: row[k] is the distance of a to b[:k].
// Once every cell of a row is over limit, the rest is not computed and
// every cell is set over it: the distances above limit are not exact.
func levenshteinRow[L letter](a, b []L, limit int, row []int) []int {
	for k := range row {
		row[k] = k
	}
	for i := range a {
		diag := row[0] // the cell above-left
		row[0] = i + 1
		low := row[0]
		for k := 1; k < len(row); k++ {
			up := row[k]
			cost := diag
			if a[i] != b[k-1] {
				cost = min(diag, up, row[k-1]) + 1
			}
			diag, row[k] = up, cost
			low = min(low, cost)
		}
		if low > limit {
			for k := range row {
				row[k] = limit + 1
			}
			return row
		}
	}
	return row
}

// swapped reports whether b is a with exactly two neighbouring letters
// swapped.
func swapped[L letter](a, b []L) bool {
	if len(a) != len(b) {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && slices.Equal(a[i+2:], b[i+2:])
}
