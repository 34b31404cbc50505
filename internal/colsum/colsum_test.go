package colsum

import (
	"math"
	"math/rand/v2"
	"testing"
)

// portable is the loop Add4 stands in for, as a caller without the fast
// path runs it: each product rounded to float32, then added, in order.
func portable(acc []float32, cols [4][]int8, q *[4]float32) {
	for i := range acc {
		a := acc[i]
		for k, c := range cols {
			a += float32(q[k] * float32(c[i]))
		}
		acc[i] = a
	}
}

// same reports whether a and b hold the same bits.
func same(t *testing.T, a, b []float32) {
	t.Helper()
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			t.Fatalf("sum %d: %v (%#x), want %v (%#x)", i, a[i], math.Float32bits(a[i]), b[i], math.Float32bits(b[i]))
		}
	}
}

func check(t *testing.T, acc []float32, cols [4][]int8, q [4]float32) {
	t.Helper()
	want := append([]float32(nil), acc...)
	portable(want, cols, &q)
	got := append([]float32(nil), acc...)
	if !Add4(got, cols[0], cols[1], cols[2], cols[3], &q) {
		if fast {
			t.Fatal("Add4 declined with the fast path on")
		}
		t.Skip("no fast path on this processor")
	}
	same(t, got, want)
}

func TestAdd4SameBitsAsThePortableLoop(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 1000, 4099} {
		var cols [4][]int8
		for k := range cols {
			cols[k] = make([]int8, n+3) // longer than acc: only the first n are read
			for i := range cols[k] {
				cols[k][i] = int8(r.IntN(256) - 128)
			}
		}
		acc := make([]float32, n)
		for i := range acc {
			acc[i] = float32(r.NormFloat64())
		}
		q := [4]float32{float32(r.NormFloat64()), -float32(r.Float64()), float32(r.Float64() * 1e-3), float32(r.NormFloat64() * 1e3)}
		check(t, acc, cols, q)
	}
}

func TestAdd4Extremes(t *testing.T) {
	cols := [4][]int8{
		{-128, 127, 0, -1, 1, -128, 127, 0, 5},
		{127, -128, 1, 0, -1, 127, -128, 1, -5},
		{0, 0, -128, 127, 0, 1, -1, 0, 9},
		{1, -1, 127, -128, 0, 0, 0, 1, -9},
	}
	accs := [][]float32{
		make([]float32, 9),
		{1e30, -1e30, 3.4e38, -3.4e38, 1e-45, -1e-45, 0.1, -0.1, 7},
	}
	qs := [][4]float32{
		{1, -1, 0.5, -0.5},
		{3.4e38, -3.4e38, 1e-45, -1e-45}, // overflow to ±Inf, subnormal products
		{0.1, 0.2, 0.3, 0.7},             // products that round
	}
	for _, acc := range accs {
		for _, q := range qs {
			check(t, acc, cols, q)
		}
	}
}

func TestAdd4ShortColumnPanics(t *testing.T) {
	if !fast {
		t.Skip("no fast path on this processor")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a column shorter than the sums did not panic")
		}
	}()
	short := make([]int8, 3)
	long := make([]int8, 16)
	Add4(make([]float32, 16), long, long, short, long, &[4]float32{1, 1, 1, 1})
}

func FuzzAdd4(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, float32(0.5), float32(-2), float32(1e-30), float32(3e30))
	f.Fuzz(func(t *testing.T, data []byte, q0, q1, q2, q3 float32) {
		n := len(data) / 4
		var cols [4][]int8
		for k := range cols {
			cols[k] = make([]int8, n)
			for i := range n {
				cols[k][i] = int8(data[k*n+i])
			}
		}
		acc := make([]float32, n)
		for i := range acc {
			acc[i] = float32(int8(data[i])) / 3
		}
		check(t, acc, cols, [4]float32{q0, q1, q2, q3})
	})
}

func BenchmarkAdd4(b *testing.B) {
	const n = 11_000
	var cols [4][]int8
	for k := range cols {
		cols[k] = make([]int8, n)
		for i := range cols[k] {
			cols[k][i] = int8(i*7 + k)
		}
	}
	acc := make([]float32, n)
	q := [4]float32{0.1, -0.2, 0.3, -0.4}
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			Add4(acc, cols[0], cols[1], cols[2], cols[3], &q)
		}
	})
	b.Run("portable", func(b *testing.B) {
		for b.Loop() {
			portable(acc, cols, &q)
		}
	})
}

func TestMax(t *testing.T) {
	if !fast {
		t.Skip("no fast path on this processor")
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 7, 8, 9, 16, 17, 100, 1031} {
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(r.NormFloat64())
		}
		for _, at := range []int{0, n / 2, n - 1} { // the greatest first, inside, in the tail
			y := append([]float32(nil), x...)
			y[at] = 1e9
			got, ok := Max(y)
			require(t, ok)
			if got != 1e9 {
				t.Fatalf("n=%d, greatest at %d: Max = %v", n, at, got)
			}
		}
		neg := make([]float32, n)
		for i := range neg {
			neg[i] = -1 - float32(i%5)
		}
		if got, _ := Max(neg); got != -1 {
			t.Fatalf("n=%d negatives: Max = %v", n, got)
		}
	}
	if _, ok := Max(nil); ok {
		t.Fatal("Max of nothing said ok")
	}
}

func TestAtLeast(t *testing.T) {
	if !fast {
		t.Skip("no fast path on this processor")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 7, 8, 9, 64, 1000} {
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(r.IntN(9) - 4) // many ties with the threshold
		}
		mask := make([]uint8, n/8+1)
		for i := range mask {
			mask[i] = 0xAA // stale bits must be cleared
		}
		require(t, AtLeast(x, 1, mask))
		for i := range n &^ 7 {
			got := mask[i/8]>>(i%8)&1 == 1
			if want := x[i] >= 1; got != want {
				t.Fatalf("n=%d: x[%d] = %v, bit %v", n, i, x[i], got)
			}
		}
		if n%8 != 0 && mask[n/8] != 0xAA {
			t.Fatalf("n=%d: the byte past the whole groups was written", n)
		}
	}
}

func require(t *testing.T, ok bool) {
	t.Helper()
	if !ok {
		t.Fatal("the fast path declined")
	}
}

// Dot gives the same bits with the fast path and without it, and the
// lanes' order is the documented one.
func TestDotSameBitsBothWays(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{0, 1, 7, 8, 9, 31, 256, 259} {
		w := make([]float32, n)
		x := make([]int8, n+5)
		for j := range w {
			w[j] = float32(r.NormFloat64())
		}
		for j := range x {
			x[j] = int8(r.IntN(256) - 128)
		}
		var lanes [8]float32
		for j := range w {
			lanes[j%8] += float32(w[j] * float32(x[j]))
		}
		want := ((lanes[0] + lanes[4]) + (lanes[2] + lanes[6])) + ((lanes[1] + lanes[5]) + (lanes[3] + lanes[7]))
		got := Dot(w, x)
		saved := fast
		fast = false
		portable := Dot(w, x)
		fast = saved
		same(t, []float32{got, portable}, []float32{want, want})
	}
}

// AddScaled gives the sums of the plain loop, bit for bit, either way.
func TestAddScaledSameBitsBothWays(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{0, 1, 3, 4, 5, 256, 258} {
		x := make([]int8, n+2)
		for j := range x {
			x[j] = int8(r.IntN(256) - 128)
		}
		base := make([]float64, n)
		for j := range base {
			base[j] = r.NormFloat64()
		}
		w := r.NormFloat64() * 1e-2
		want := append([]float64(nil), base...)
		for j := range want {
			want[j] += w * float64(x[j])
		}
		for _, on := range []bool{true, false} {
			saved := fast
			fast = fast && on
			got := append([]float64(nil), base...)
			AddScaled(got, x, w)
			fast = saved
			for j := range got {
				if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
					t.Fatalf("n=%d fast=%v: sum %d is %v, want %v", n, on, j, got[j], want[j])
				}
			}
		}
	}
}

func TestMulSameBitsAsThePortableLoop(t *testing.T) {
	if !fast {
		t.Skip("no fast path on this processor")
	}
	r := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{0, 1, 8, 13, 1000} {
		x, y := make([]float32, n), make([]float32, n+2)
		for i := range x {
			x[i] = float32(r.NormFloat64() * 1e3)
		}
		for i := range y {
			y[i] = float32(r.NormFloat64() * 1e-3)
		}
		want := append([]float32(nil), x...)
		for i := range want {
			want[i] *= y[i]
		}
		require(t, Mul(x, y))
		same(t, x, want)
	}
}
