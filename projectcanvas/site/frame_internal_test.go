package site

import (
	"bytes"
	"html/template"
	"testing"
)

// FuzzEscTo: escTo writes what template.HTMLEscapeString returns.
func FuzzEscTo(f *testing.F) {
	for _, s := range []string{"", "plain", `<script>alert("x")</script>`, "a & b's\x00", "\xff<é>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b bytes.Buffer
		b.WriteString("before ")
		escTo(&b, s)
		if want := "before " + template.HTMLEscapeString(s); b.String() != want {
			t.Fatalf("escTo(%q) = %q, want %q", s, b.String(), want)
		}
	})
}
