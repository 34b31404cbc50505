package fulltext

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPostingsRoundTrip(t *testing.T) {
	type posting struct {
		doc int32
		tf  float32
	}
	cases := []struct {
		name  string
		list  []posting
		bytes int // encoded size
	}{
		{"whole frequencies, small gaps", []posting{{0, 1}, {1, 3}, {2, 127}, {65, 4}}, 8},
		{"a frequency over one byte", []posting{{0, 128}}, 3},
		{"a gap over one byte", []posting{{64, 1}}, 3},
		{"the largest whole frequency", []posting{{0, maxWholeTF}}, 5},
		{"fractions and large values as float32", []posting{{0, 0.5}, {1, 1.5}, {2, 3e-3}, {3, maxWholeTF + 2}, {4, 1e30}}, 25},
		{"far documents", []posting{{7, 2}, {1 << 20, 1}, {math.MaxInt32, 6}}, 2 + 4 + 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b []byte
			prev := int32(-1)
			for _, p := range c.list {
				b = appendPosting(b, prev, p.doc, p.tf)
				prev = p.doc
			}
			assert.Len(t, b, c.bytes)
			var got []posting
			docs, tfs := decodePostings(b, nil, nil)
			for i, doc := range docs {
				got = append(got, posting{doc, tfs[i]})
			}
			assert.Equal(t, c.list, got)
		})
	}
}
