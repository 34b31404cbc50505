// Package colsum adds int8 columns, each times a float32 weight, into
// float32 sums: the inner loop of the document search's vector scan,
// where a query's few non-zero components each weigh one column of the
// index's quantized vectors.
//
// Add4 does four columns at once with AVX2 on amd64 processors that have
// it (eight sums an instruction), and reports false elsewhere, where the
// caller keeps its portable loop. Either way the arithmetic is the same
// IEEE single precision, in the same order: each product is rounded to
// float32, then added, column after column, never fused into one
// multiply-add. So a sum is the same bit for bit on every machine, and
// results and golden files do not depend on the processor.
package colsum
