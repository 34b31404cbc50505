//go:build !amd64

package colsum

// fast is false: no assembly for this architecture (WebAssembly, arm64);
// callers use their portable loop.
const fast = false

func add4(acc *float32, n int, c0, c1, c2, c3 *int8, q *[4]float32) {
	panic("colsum: no fast path on this architecture")
}

func max8(x *float32, n int) float32 { panic("colsum: no fast path on this architecture") }

func atLeast8(x *float32, n int, t float32, mask *uint8) {
	panic("colsum: no fast path on this architecture")
}

func dots8(dots *float32, groups int, cols *int8, stride int, slots *int32, w *float32, dim int) {
	panic("colsum: no fast path on this architecture")
}

func mul8(x, y *float32, n int) { panic("colsum: no fast path on this architecture") }
