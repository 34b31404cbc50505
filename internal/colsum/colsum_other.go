//go:build !amd64

package colsum

// fast is false: no assembly for this architecture (WebAssembly, arm64);
// callers use their portable loop.
var fast = false

func add4(acc *float32, n int, c0, c1, c2, c3 *int8, q *[4]float32) {
	panic("colsum: no fast path on this architecture")
}

func max8(x *float32, n int) float32 { panic("colsum: no fast path on this architecture") }

func atLeast8(x *float32, n int, t float32, mask *uint8) {
	panic("colsum: no fast path on this architecture")
}

func dot8(w *float32, x *int8, n int, lanes *[8]float32) {
	panic("colsum: no fast path on this architecture")
}

func addScaled4(sum *float64, x *int8, n int, w float64) {
	panic("colsum: no fast path on this architecture")
}

func mul8(x, y *float32, n int) { panic("colsum: no fast path on this architecture") }
