package fulltext

import (
	"encoding/binary"
	"math"
)

// A term's postings are stored encoded, in document order, each as
//
//	uvarint((doc − previous doc − 1) << 1 | whole) | frequency
//
// where the frequency is a uvarint when whole is 1 (a whole number, as
// with the weights of Title and Body) and the float32's four bytes
// otherwise; the first posting's previous document is −1. A posting takes
// 2 or 3 bytes instead of the 8 of a {document int32, frequency float32}
// pair: postings are most of an index, about 60 per document of the
// document index. Frequencies come back exactly as they were added, so
// scores do not change. Searches and compactions read a list front to
// back, which is all an encoding by differences allows.

// maxWholeTF is the largest frequency stored as a whole number; float32
// holds every integer up to it exactly.
const maxWholeTF = 1 << 24

// appendPosting encodes a posting of doc, after prev, onto b.
func appendPosting(b []byte, prev, doc int32, tf float32) []byte {
	gap := uint64(doc-prev-1) << 1
	if tf >= 1 && tf <= maxWholeTF && tf == float32(uint32(tf)) {
		b = binary.AppendUvarint(b, gap|1)
		return binary.AppendUvarint(b, uint64(tf))
	}
	b = binary.AppendUvarint(b, gap)
	return binary.LittleEndian.AppendUint32(b, math.Float32bits(tf))
}

// decodePostings appends to docs and tfs the postings of list b, which
// appendPosting wrote. The lists are the index's own, so it does not check
// them (persist's decode checks what it loads before encoding it).
func decodePostings(b []byte, docs []int32, tfs []float32) ([]int32, []float32) {
	doc := int32(-1)
	for i := 0; i < len(b); {
		v := uint64(b[i])
		if v < 0x80 { // one byte: the common case, without a call
			i++
		} else {
			var n int
			v, n = binary.Uvarint(b[i:])
			i += n
		}
		doc += int32(v>>1) + 1
		var tf float32
		switch {
		case v&1 == 0:
			tf = math.Float32frombits(binary.LittleEndian.Uint32(b[i:]))
			i += 4
		case b[i] < 0x80:
			tf = float32(b[i])
			i++
		default:
			f, n := binary.Uvarint(b[i:])
			tf = float32(f)
			i += n
		}
		docs = append(docs, doc)
		tfs = append(tfs, tf)
	}
	return docs, tfs
}
