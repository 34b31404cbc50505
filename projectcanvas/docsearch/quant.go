package docsearch

import "math"

// Stored vectors are quantized to one byte per component with one scale
// per vector: component j is scale × q[j], q in [-127, 127], the largest
// component at ±127. Vectors are the index's largest part (256
// components per chunk: 1 KiB each as float32, 45 MB for a vault of
// 20,000 files); as bytes they take a quarter of that, in memory and in
// the cache. The error of a component is at most scale/2 (0.4% of the
// largest), which moves a similarity by about 0.001: the relevance set
// ranks the same (make eval-search), and queries stay float32.
// Quantization is deterministic, so an updated index, a rebuilt one and
// one restarted from the cache hold the same bytes.
type qvec struct {
	q     []int8
	scale float32
}

// quantize returns the quantized form of v. Non-finite components count
// as zero (embedders refuse them; this keeps the bytes defined anyway).
func quantize(v []float32) qvec {
	var m float32
	for _, x := range v {
		if a := float32(math.Abs(float64(x))); a > m && a <= math.MaxFloat32 {
			m = a
		}
	}
	q := make([]int8, len(v))
	if m == 0 {
		return qvec{q: q}
	}
	inv := 127 / m
	for j, x := range v {
		if r := math.Round(float64(x * inv)); r >= -127 && r <= 127 { // false for NaN
			q[j] = int8(r)
		}
	}
	return qvec{q: q, scale: m / 127}
}

// quantizeAll quantizes vectors as an embedder returned them.
func quantizeAll(vs [][]float32) []qvec {
	out := make([]qvec, len(vs))
	for i, v := range vs {
		out[i] = quantize(v)
	}
	return out
}

// floats returns the vector as float32s.
func (v qvec) floats() []float32 {
	out := make([]float32, len(v.q))
	for j, x := range v.q {
		out[j] = v.scale * float32(x)
	}
	return out
}
