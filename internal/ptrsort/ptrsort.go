// Package ptrsort sorts slices of structs through pointers to their
// elements. slices.SortFunc and SortStableFunc are compiled once per GC
// shape, and every struct type is a shape of its own: 10 to 20 KB of
// WebAssembly for each struct type sorted. Every pointer type shares one
// shape, so sorting pointers costs that once for all, and each struct type
// only the few lines here. The order is the one sorting the values gives:
// the algorithms see the same comparisons.
package ptrsort

import "slices"

// Func sorts s as slices.SortFunc does, cmp taking pointers.
func Func[E any](s []E, cmp func(a, b *E) int) {
	byPointer(s, func(p []*E) { slices.SortFunc(p, cmp) })
}

// StableFunc sorts s as slices.SortStableFunc does, cmp taking pointers.
func StableFunc[E any](s []E, cmp func(a, b *E) int) {
	byPointer(s, func(p []*E) { slices.SortStableFunc(p, cmp) })
}

func byPointer[E any](s []E, sort func([]*E)) {
	if len(s) < 2 {
		return
	}
	ptrs := make([]*E, len(s))
	for i := range s {
		ptrs[i] = &s[i]
	}
	sort(ptrs)
	sorted := make([]E, len(s))
	for i, p := range ptrs {
		sorted[i] = *p
	}
	copy(s, sorted)
}
