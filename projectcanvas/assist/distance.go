package assist

// Edit distances of ASCII words and titles for Rank's typo matches, within
// a budget. A keystroke of search-entity-on-canvas compares the query with
// every title that matched no other way: the general editDistance turned
// both strings into runes and filled the whole table each time (and the
// word being typed was compared with three prefixes of each title word,
// three tables), which made the last keystrokes of a query over 10,000
// titles the slowest. Here the table is one row on the stack, a
// comparison stops once every cell of a row is over the budget, and one
// table gives the distances to all prefixes of a word at once. Both give
// editDistance's answer (a neighbouring swap counts one edit); the fuzz
// test FuzzBoundedDistance compares them.

// asciiMax is the longest string the ASCII comparisons take (the row on
// the stack); a longer one goes through editDistance.
const asciiMax = 64

// isASCII reports whether s has no byte of a multi-byte character.
func isASCII(s []byte) bool {
	for _, c := range s {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// boundedDistance is editDistance(a, b) when it is at most budget, and
// budget+1 otherwise. a and b are ASCII.
func boundedDistance(a, b []byte, budget int) int {
	if len(a) > asciiMax || len(b) > asciiMax {
		return min(editDistance(string(a), string(b)), budget+1)
	}
	if !within(len(a), len(b), max(budget, 2)) {
		return budget + 1
	}
	var row [asciiMax + 1]int
	last := levenshteinRow(a, b, max(budget, 2), row[:len(b)+1])
	d := last[len(b)]
	if d == 2 && swappedIn(a, b) {
		d = 1
	}
	return min(d, budget+1)
}

// prefixDistances is, for each k from lo to hi (hi at most len(word)),
// editDistance(q, word[:k]) when it is at most budget, else budget+1,
// from one table: the last row of q against word[:hi] holds the distance
// of q to every prefix of word[:hi]. It returns the smallest. q and word
// are ASCII.
func prefixDistances(q, word []byte, lo, hi, budget int) int {
	if len(q) > asciiMax || hi > asciiMax {
		best := budget + 1
		for k := lo; k <= hi; k++ {
			best = min(best, editDistance(string(q), string(word[:k])))
		}
		return best
	}
	var row [asciiMax + 1]int
	last := levenshteinRow(q, word[:hi], max(budget, 2), row[:hi+1])
	best := budget + 1
	for k := lo; k <= hi; k++ {
		d := last[k]
		if d == 2 && swappedIn(q, word[:k]) {
			d = 1
		}
		best = min(best, d)
	}
	return best
}

// levenshteinRow fills row (len(b)+1 cells) with the last row of the
// Levenshtein table of a against b: row[k] is the distance of a to b[:k].
// Once every cell of a row is over limit, the rest is not computed and
// every cell is set over it: the distances above limit are not exact.
func levenshteinRow(a, b []byte, limit int, row []int) []int {
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
