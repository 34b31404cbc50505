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
