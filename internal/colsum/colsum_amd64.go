package colsum

// fast says the processor and the operating system support AVX2 (the
// 256-bit registers saved on a context switch): CPUID and XGETBV, as
// golang.org/x/sys/cpu reads them.
var fast = hasAVX2()

func hasAVX2() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 { // XMM and YMM state
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const avx2 = 1 << 5
	return ebx7&avx2 != 0
}

// add4 is Add4 over the first n sums, n a multiple of 8 (colsum_amd64.s).
//
//go:noescape
func add4(acc *float32, n int, c0, c1, c2, c3 *int8, q *[4]float32)

// max8 is Max over the first n of x, n a multiple of 8 and above 0.
//
//go:noescape
func max8(x *float32, n int) float32

// atLeast8 is AtLeast over the first n of x, n a multiple of 8 and above 0.
//
//go:noescape
func atLeast8(x *float32, n int, t float32, mask *uint8)

// dot8 is Dot's eight lanes over the first n, n a multiple of 8 and
// above 0.
//
//go:noescape
func dot8(w *float32, x *int8, n int, lanes *[8]float32)

// addScaled4 is AddScaled over the first n, n a multiple of 4 and above 0.
//
//go:noescape
func addScaled4(sum *float64, x *int8, n int, w float64)

// mul8 is Mul over the first n, n a multiple of 8 and above 0.
//
//go:noescape
func mul8(x, y *float32, n int)

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)
