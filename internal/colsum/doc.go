// Package colsum holds the inner loops of the document search's vector
// scan: int8 columns, each times a float32 weight, added into float32 sums
// (Add4); the greatest of a run of sums and which of them reach a floor
// (Max, AtLeast); sums scaled (Mul); the dot product of a weight vector
// with an int8 row (Dot); and an int8 row added, scaled, into float64 sums
// (AddScaled).
//
// On amd64 processors with AVX2 they run in assembly, eight values an
// instruction; elsewhere (WebAssembly, arm64, older processors) Add4, Max,
// AtLeast and Mul report false and the caller keeps its portable loop,
// while Dot and AddScaled run their own. Either way the arithmetic is the
// same IEEE operations in the same order: each product is rounded before
// it is added, never fused into one multiply-add, and Dot's eight lanes
// are its documented order on every processor. So results and golden
// files do not depend on the machine.
package colsum
