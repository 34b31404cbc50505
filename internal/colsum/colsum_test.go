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

func TestDotsSameBitsAsThePortableLoop(t *testing.T) {
	if !fast {
		t.Skip("no fast path on this processor")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct{ stride, dim, n int }{{64, 256, 80}, {9, 5, 8}, {100, 7, 17}, {300, 256, 3}, {1000, 33, 0}} {
		cols := make([]int8, tc.stride*tc.dim, tc.stride*tc.dim+DotsPad)
		for i := range cols {
			cols[i] = int8(r.IntN(256) - 128)
		}
		w := make([]float32, tc.dim)
		for j := range w {
			w[j] = float32(r.NormFloat64())
		}
		slots := make([]int32, tc.n)
		for k := range slots {
			slots[k] = int32(r.IntN(tc.stride))
		}
		if tc.n > 0 {
			slots[tc.n-1] = int32(tc.stride - 1) // the last byte of the array: DotsPad is read
		}
		dots := make([]float32, tc.n)
		for k := range dots {
			dots[k] = float32(r.NormFloat64())
		}
		want := append([]float32(nil), dots...)
		for k, slot := range slots {
			d := want[k]
			for j, wj := range w {
				d += float32(wj * float32(cols[j*tc.stride+int(slot)]))
			}
			want[k] = d
		}
		require(t, Dots(dots, cols, tc.stride, slots, w))
		same(t, dots, want)
	}
}

func TestDotsRefusesWhatItCannotRead(t *testing.T) {
	if !fast {
		t.Skip("no fast path on this processor")
	}
	padded := make([]int8, 40, 40+DotsPad)
	for name, call := range map[string]func(){
		"unpadded":      func() { Dots(make([]float32, 1), make([]int8, 40), 10, []int32{1}, make([]float32, 4)) },
		"slot too big":  func() { Dots(make([]float32, 1), padded, 10, []int32{10}, make([]float32, 4)) },
		"negative slot": func() { Dots(make([]float32, 1), padded, 10, []int32{-1}, make([]float32, 4)) },
		"short columns": func() { Dots(make([]float32, 1), padded, 10, []int32{1}, make([]float32, 5)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			call()
		}()
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
