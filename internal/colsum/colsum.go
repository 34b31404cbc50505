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

// DotsPad is how many bytes Dots may read past a column's last value: the
// array of columns must have that much capacity beyond its length.
const DotsPad = 3

// Dots adds to dots[k] the dot product of w with the vector in slot
// slots[k] of cols, whose component j is cols[j*stride+slots[k]]: the
// products rounded to float32 and added in order of j, starting from
// dots[k]. Every slot must be in [0, stride), len(w)*stride at most
// len(cols), and cap(cols) at least len(cols)+DotsPad. It returns false,
// having done nothing, when this processor has no fast path.
func Dots(dots []float32, cols []int8, stride int, slots []int32, w []float32) bool {
	if !fast {
		return false
	}
	dots = dots[:len(slots)]
	if len(slots) == 0 {
		return true
	}
	if len(w)*stride > len(cols) || cap(cols) < len(cols)+DotsPad {
		panic("colsum: Dots: the columns are shorter than the weights say, or unpadded")
	}
	for _, slot := range slots {
		if slot < 0 || int(slot) >= stride {
			panic("colsum: Dots: a slot outside the columns")
		}
	}
	whole := len(slots) &^ 7
	if whole > 0 && len(w) > 0 {
		dots8(&dots[0], whole/8, &cols[0], stride, &slots[0], &w[0], len(w))
	}
	for k := whole; k < len(slots); k++ {
		d := dots[k]
		for j, wj := range w {
			d += float32(wj * float32(cols[j*stride+int(slots[k])]))
		}
		dots[k] = d
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
