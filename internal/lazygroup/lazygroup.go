// Package lazygroup completes a registry whose entries are named at once
// and built on first use, a group at a time: the tool and command
// registries list every name from the start (tools/list, the palette) but
// build a group's schemas and handlers only when one of its entries is
// looked up, which keeps the WebAssembly core's start-up short.
package lazygroup

// Complete replaces in items the named-only entries of the group of
// items[i] (of every group when i < 0) with the entries build makes for
// that group, in place. group tells an entry's group, 0 for an entry
// already built; build must return the group's entries in the order they
// were named.
func Complete[T any](items []T, i int, group func(T) int, build func(g int) []T) {
	for j, it := range items {
		g := group(it)
		if g == 0 || i >= 0 && j != i {
			continue
		}
		built := build(g)
		for k, x := range items {
			if group(x) == g {
				items[k] = built[0]
				built = built[1:]
			}
		}
	}
}
