package colsum

// Add4 adds q[0]×c0[i], q[1]×c1[i], q[2]×c2[i] and q[3]×c3[i], in that
// order, to acc[i] for each i below len(acc), each product rounded to
// float32 before it is added. The columns must be at least as long as
// acc. It returns false, having done nothing, when this processor has no
// fast path: the caller then adds the columns itself.
func Add4(acc []float32, c0, c1, c2, c3 []int8, q *[4]float32) bool {
	if !fast {
		return false
	}
	n := len(acc)
	c0, c1, c2, c3 = c0[:n], c1[:n], c2[:n], c3[:n] // a short column panics here, not in assembly
	whole := n &^ 7
	if whole > 0 {
		add4(&acc[0], whole, &c0[0], &c1[0], &c2[0], &c3[0], q)
	}
	for i := whole; i < n; i++ {
		a := acc[i]
		a += float32(q[0] * float32(c0[i]))
		a += float32(q[1] * float32(c1[i]))
		a += float32(q[2] * float32(c2[i]))
		a += float32(q[3] * float32(c3[i]))
		acc[i] = a
	}
	return true
}

// Max returns the greatest of x (which holds no NaN), and false, having
// done nothing, when this processor has no fast path.
func Max(x []float32) (float32, bool) {
	if !fast || len(x) == 0 {
		return 0, false
	}
	whole := len(x) &^ 7
	m := x[0]
	if whole > 0 {
		m = max8(&x[0], whole)
	}
	for _, v := range x[whole:] {
		m = max(m, v)
	}
	return m, true
}

// AtLeast sets bit i%8 of mask[i/8] when x[i] >= t, for each i below
// len(x) rounded down to a multiple of 8 (mask holds at least len(x)/8
// bytes), and clears the others; the caller compares the last len(x)%8
// itself. It returns false, having done nothing, when this processor has
// no fast path.
func AtLeast(x []float32, t float32, mask []uint8) bool {
	if !fast {
		return false
	}
	whole := len(x) &^ 7
	mask = mask[:whole/8] // a short mask panics here, not in assembly
	if whole > 0 {
		atLeast8(&x[0], whole, t, &mask[0])
	}
	return true
}

// Mul multiplies each x[i] by y[i] (y at least as long as x). It returns
// false, having done nothing, when this processor has no fast path.
func Mul(x, y []float32) bool {
	if !fast {
		return false
	}
	y = y[:len(x)] // a short y panics here, not in assembly
	whole := len(x) &^ 7
	if whole > 0 {
		mul8(&x[0], &y[0], whole)
	}
	for i := whole; i < len(x); i++ {
		x[i] *= y[i]
	}
	return true
}

// Dot returns the dot product of w and x (as long as w), in eight lanes:
// lane l adds w[j]×x[j] for j = l, l+8, l+16... in order, each product
// rounded to float32, and the lanes are summed as (l0+l4 + l2+l6) +
// (l1+l5 + l3+l7). That order is the rule on every processor (the
// portable loop keeps it), so the result is the same bit for bit; eight
// lanes let a processor with AVX2 add eight products an instruction.
func Dot(w []float32, x []int8) float32 {
	x = x[:len(w)] // a short x panics here, not in assembly
	var lanes [8]float32
	whole := len(w) &^ 7
	if fast && whole > 0 {
		dot8(&w[0], &x[0], whole, &lanes)
	} else {
		for j := range whole {
			lanes[j%8] += float32(w[j] * float32(x[j]))
		}
	}
	for j := whole; j < len(w); j++ {
		lanes[j%8] += float32(w[j] * float32(x[j]))
	}
	t0, t1, t2, t3 := lanes[0]+lanes[4], lanes[1]+lanes[5], lanes[2]+lanes[6], lanes[3]+lanes[7]
	return (t0 + t2) + (t1 + t3)
}

// AddScaled adds w×float64(x[j]) to sum[j] for each j below len(sum)
// (x at least as long), each product rounded to float64 before it is
// added: the same sums as the plain loop, four at a time with AVX2.
func AddScaled(sum []float64, x []int8, w float64) {
	x = x[:len(sum)]
	whole := 0
	if fast {
		whole = len(sum) &^ 3
		if whole > 0 {
			addScaled4(&sum[0], &x[0], whole, w)
		}
	}
	for j := whole; j < len(sum); j++ {
		sum[j] += w * float64(x[j])
	}
}
