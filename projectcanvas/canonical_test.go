package projectcanvas

// Fast checks that a value is already in canonical form (used when
// restoring entities from the index cache) agree with the parsers.

import "testing"

// isNormalWorkstream agrees with NormalizeWorkstream on every string.
func FuzzNormalWorkstreamCheck(f *testing.F) {
	for _, s := range []string{"", "engineering", "Engineering", "infra", "ops", "product design", "product  design",
		" design", "design ", "r&d", "research", "data\tscience", "données", "DONNÉES", "a\u00a0b", "ui/ux"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isNormalWorkstream(s), NormalizeWorkstream(s) == s; got != want {
			t.Fatalf("isNormalWorkstream(%q) = %v, NormalizeWorkstream gives %q", s, got, NormalizeWorkstream(s))
		}
	})
}

// isCanonicalPriority agrees with ParsePriority: true exactly for the
// strings ParsePriority returns unchanged.
func FuzzIsCanonicalPriority(f *testing.F) {
	for _, s := range []string{"", "P0", "P9", "p1", "P10", "High", "P", " P2", "P2 ", "Pa"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePriority(s)
		if got, want := isCanonicalPriority(Priority(s)), err == nil && string(p) == s; got != want {
			t.Fatalf("isCanonicalPriority(%q) = %v, ParsePriority gives %q, %v", s, got, p, err)
		}
	})
}
