// Package plural writes a count with its noun, as messages say it.
package plural

import "strconv"

// Count is "1 entity" or "2 entities": n, then one when n is 1, many
// otherwise.
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
