package docsearch

import (
	"math"
	"strings"
	"testing"
)

func norm(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

// body returns n bytes of prose that shares no word with the titles
// below.
func body(n int) string {
	words := strings.Fields("river stone meadow lantern harbour orchard violin copper saddle thistle")
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(words[i*7%len(words)] + " ")
	}
	return strings.TrimSpace(b.String()[:n])
}

// The norm of a vector follows the length pivot: 1 at pivotBytes, less
// below, more above; a title line does not count.
func TestHashEmbedderNorm(t *testing.T) {
	h := NewHashEmbedder(0)
	tests := []struct {
		text string
		want float64
	}{
		{body(pivotBytes), 1},
		{body(50), 0.73},
		{body(1500), 1.11},
		{"Some title\n" + body(pivotBytes), 1},
		{"a query of one line: 30 bytes", 0.65}, // all body
	}
	for _, tt := range tests {
		if got := norm(h.Vector(tt.text)); math.Abs(got-tt.want) > 0.01 {
			t.Errorf("norm of the vector of %.30q (%d bytes) = %.3f, want %.2f", tt.text, len(tt.text), got, tt.want)
		}
	}
}

// A title keeps its share of the vector however long the body: the cosine
// of a query naming the title barely changes from a short body to a long
// one (summed with the body, as in v1, it fell from 0.33 to 0.14).
func TestHashEmbedderTitleShare(t *testing.T) {
	h := NewHashEmbedder(0)
	q := h.weighted("connection pooling", nil)
	short := h.Vector("Database > Connection pooling\n" + body(100))
	long := h.Vector("Database > Connection pooling\n" + body(1500))
	cs, cl := dot(q, short)/norm(short), dot(q, long)/norm(long)
	if cs < 0.3 || math.Abs(cs-cl) > 0.1*cs {
		t.Errorf("cosine with the title: %.3f with a short body, %.3f with a long one", cs, cl)
	}
	// And with the pivot the long section is not behind the short one.
	if dot(q, long) < dot(q, short) {
		t.Errorf("similarity %.3f for the long section, %.3f for the short one", dot(q, long), dot(q, short))
	}
	// Without a body line the text is all title: plain cosine, unit norm
	// times the pivot.
	only := h.Vector("Database > Connection pooling")
	if c := dot(q, only) / norm(only); c < cs {
		t.Errorf("cosine with the title alone %.3f below %.3f with a body", c, cs)
	}
}
