package docsearch

import (
	"math"
	"slices"
	"testing"
)

func TestQuantize(t *testing.T) {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	cases := []struct {
		name  string
		v     []float32
		q     []int8
		scale float32
	}{
		{"zero vector", []float32{0, 0, 0}, []int8{0, 0, 0}, 0},
		{"largest component at 127", []float32{0.5, -0.25, 0}, []int8{127, -64, 0}, 0.5 / 127},
		{"negative largest", []float32{0.1, -1}, []int8{13, -127}, 1.0 / 127},
		{"non-finite components count as zero", []float32{nan, 0.5, inf}, []int8{0, 127, 0}, 0.5 / 127},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := quantize(c.v)
			if got.scale != c.scale || !slices.Equal(got.q, c.q) {
				t.Fatalf("quantize(%v) = %v × %v, want %v × %v", c.v, got.q, got.scale, c.q, c.scale)
			}
		})
	}
}

// TestQuantizeError: every component comes back within half a step.
func TestQuantizeError(t *testing.T) {
	v := NewHashEmbedder(0).Vector("roll back the release when the health check fails")
	q := quantize(v)
	for j, x := range q.floats() {
		if d := math.Abs(float64(x - v[j])); d > float64(q.scale)/2*1.0001 {
			t.Fatalf("component %d: %v back as %v, more than half a step (%v) off", j, v[j], x, q.scale/2)
		}
	}
}
