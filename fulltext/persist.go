package fulltext

import (
	"encoding/binary"
	"errors"
	"math"
)

// persistMagic starts an encoded index; the digit is the format version,
// raised when the stemmer changes what a word's term is (2: the -ion rule),
// so that no index of other terms is reloaded.
const persistMagic = "FTIX2"

var errBadEncoding = errors.New("fulltext: malformed encoded index")

// MarshalBinary encodes the index's documents, terms and postings (not
// its options: k1, b and CJK bigrams are given again to New), so that a
// process can reload an index instead of re-tokenizing every document.
// It compacts the index first, which changes nothing a search sees.
func (x *Index) MarshalBinary() ([]byte, error) {
	return x.MarshalBinaryIn(func(part func()) { part() }), nil
}

// MarshalBinaryIn is MarshalBinary encoding in parts, each run by step
// (see UnmarshalBinaryIn). The index is locked from the first part to
// the last: searches wait for the whole encoding.
func (x *Index) MarshalBinaryIn(step func(part func())) []byte {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.deadDocs > 0 || x.deadPostings > 0 {
		step(x.compact)
	}
	b := make([]byte, 0, 64+len(x.dict.arena)+8*x.livePostings+16*len(x.ids))
	b = append(b, persistMagic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(x.ids)))
	for from := 0; from < len(x.ids); from += decodePart {
		step(func() {
			for d, id := range x.ids[from:min(from+decodePart, len(x.ids))] {
				b = binary.LittleEndian.AppendUint32(b, uint32(len(id)))
				b = append(b, id...)
				b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x.lens[from+d]))
			}
		})
	}
	terms := 0
	for t, sp := range x.dict.spans {
		if sp.n > 0 && len(x.postings[t]) > 0 {
			terms++
		}
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(terms))
	var docs []int32
	var tfs []float32
	for from := 0; from < len(x.dict.spans); from += decodePart {
		step(func() {
			for t := from; t < min(from+decodePart, len(x.dict.spans)); t++ {
				sp, ps := x.dict.spans[t], x.postings[t]
				if sp.n == 0 || len(ps) == 0 {
					continue
				}
				b = binary.LittleEndian.AppendUint32(b, sp.n)
				b = append(b, x.dict.arena[sp.off:sp.off+sp.n]...)
				docs, tfs = decodePostings(ps, docs[:0], tfs[:0])
				b = binary.LittleEndian.AppendUint32(b, uint32(len(docs)))
				for i, doc := range docs {
					b = binary.LittleEndian.AppendUint32(b, uint32(doc))
					b = binary.LittleEndian.AppendUint32(b, math.Float32bits(tfs[i]))
				}
			}
		})
	}
	return b
}

// UnmarshalBinary loads an index encoded by MarshalBinary into x, which
// must be empty (fresh from New). Malformed data is an error and leaves x
// empty.
func (x *Index) UnmarshalBinary(data []byte) error {
	return x.UnmarshalBinaryIn(data, func(part func()) { part() })
}

// UnmarshalBinaryIn is UnmarshalBinary decoding in parts, each run by
// step: a host whose thread must serve other work meanwhile (WebAssembly,
// where a goroutine runs until it waits) pauses in step between parts. A
// part decodes a few thousand documents or terms. The index is locked
// from the first part to the last.
func (x *Index) UnmarshalBinaryIn(data []byte, step func(part func())) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if len(x.ids) != 0 || len(x.postings) != 0 {
		return errors.New("fulltext: UnmarshalBinary into a non-empty index")
	}
	if err := x.decode(data, step); err != nil {
		x.reset()
		return err
	}
	return nil
}

// decodePart is how many documents, or terms, one part of an encoding or
// decoding takes (see UnmarshalBinaryIn): about a millisecond's work in
// WebAssembly.
const decodePart = 2048

// reset empties the index, keeping its options.
func (x *Index) reset() {
	x.ids, x.lens, x.nterms = nil, nil, nil
	x.byID = make(map[string]int32)
	x.live, x.sumLen = 0, 0
	x.dict = newDict()
	x.postings, x.lastDoc, x.freeTerms, x.tf = nil, nil, nil, nil
	x.livePostings, x.deadPostings, x.deadDocs = 0, 0, 0
	*x.stems = stemCache{}
}

func (x *Index) decode(data []byte, step func(part func())) error {
	r := reader{b: data}
	if string(r.bytes(len(persistMagic))) != persistMagic {
		return errBadEncoding
	}
	ndocs := int(r.u32())
	if ndocs > len(data) {
		return errBadEncoding
	}
	x.ids = make([]string, ndocs)
	x.lens = make([]float32, ndocs)
	x.nterms = make([]int32, ndocs)
	var err error
	for from := 0; from < ndocs && err == nil; from += decodePart {
		step(func() { err = x.decodeDocs(&r, from, min(from+decodePart, ndocs)) })
	}
	if err != nil {
		return err
	}
	x.live = ndocs
	nterms := int(r.u32())
	if nterms > len(data) {
		return errBadEncoding
	}
	for from := 0; from < nterms && err == nil; from += decodePart {
		step(func() { err = x.decodeTerms(&r, min(decodePart, nterms-from), ndocs, len(data)) })
	}
	if err != nil {
		return err
	}
	if r.bad || len(r.b) != 0 {
		return errBadEncoding
	}
	return nil
}

// decodeDocs decodes documents from to to (exclusive).
func (x *Index) decodeDocs(r *reader, from, to int) error {
	for d := from; d < to; d++ {
		id := string(r.bytes(int(r.u32())))
		l := math.Float32frombits(r.u32())
		if r.bad || !(l >= 0) {
			return errBadEncoding
		}
		if _, dup := x.byID[id]; dup {
			return errBadEncoding
		}
		x.ids[d], x.lens[d] = id, l
		x.byID[id] = int32(d)
		x.sumLen += float64(l)
	}
	return nil
}

// decodeTerms decodes the next n terms and their postings; size is the
// encoding's length, which bounds every count.
func (x *Index) decodeTerms(r *reader, n, ndocs, size int) error {
	for range n {
		term := r.bytes(int(r.u32()))
		n := int(r.u32())
		if r.bad || len(term) == 0 || n == 0 || n > size {
			return errBadEncoding
		}
		if _, dup := x.dict.find(term); dup {
			return errBadEncoding
		}
		var ps []byte
		prev := int32(-1)
		for range n {
			doc := int32(r.u32())
			tf := math.Float32frombits(r.u32())
			if r.bad || doc <= prev || int(doc) >= ndocs || !(tf > 0) {
				return errBadEncoding
			}
			ps = appendPosting(ps, prev, doc, tf)
			x.nterms[doc]++
			prev = doc
		}
		t := x.newTerm(term)
		x.postings[t], x.lastDoc[t] = ps, prev
		x.livePostings += n
	}
	return nil
}

type reader struct {
	b   []byte
	bad bool
}

func (r *reader) bytes(n int) []byte {
	if r.bad || n < 0 || n > len(r.b) {
		r.bad = true
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *reader) u32() uint32 {
	v := r.bytes(4)
	if v == nil {
		return 0
	}
	return binary.LittleEndian.Uint32(v)
}
