package canvas

import (
	"math"
	"strconv"
)

// appendNumber writes f as JavaScript prints a number: integers without a
// fraction, others in the shortest form that reads back the same.
func appendNumber(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return append(b, "null"...) // what JSON.stringify does; never produced by this package
	case f == math.Trunc(f) && math.Abs(f) < 1e21:
		return strconv.AppendFloat(b, f, 'f', -1, 64)
	}
	abs := math.Abs(f)
	if abs >= 1e-6 && abs < 1e21 {
		return strconv.AppendFloat(b, f, 'f', -1, 64)
	}
	out := strconv.AppendFloat(nil, f, 'e', -1, 64)
	// Go writes 1e-07, JavaScript 1e-7.
	for i := 0; i+2 < len(out); i++ {
		if out[i] == 'e' {
			sign := out[i+1]
			exp := out[i+2:]
			for len(exp) > 1 && exp[0] == '0' {
				exp = exp[1:]
			}
			out = append(append(out[:i+1], sign), exp...)
			break
		}
	}
	return append(b, out...)
}
