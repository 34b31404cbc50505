package fulltext

import "hash/maphash"

// dict is the term dictionary: it maps term bytes to term numbers. It is
// an open-addressing hash table over an arena of term bytes, so it holds
// no Go pointers per term (nothing for the garbage collector to scan, no
// allocation per new term) and uses about 30 bytes per term.
//
// Numbers are chosen by the caller. find may run concurrently with other
// finds; add and rebuild need exclusive access.
type dict struct {
	seed  maphash.Seed
	arena []byte   // the terms' bytes, back to back
	spans []span   // by number: where the term is in arena; n == 0 when free
	slots []uint64 // hash tag<<32 | number+1; 0 when empty
	count int      // terms in slots
}

type span struct{ off, n uint32 }

func newDict() dict { return dict{seed: maphash.MakeSeed()} }

func (d *dict) tag(term []byte) uint32 { return uint32(maphash.Bytes(d.seed, term)) }

// find returns the number of term.
func (d *dict) find(term []byte) (int32, bool) {
	if d.count == 0 {
		return 0, false
	}
	tag := d.tag(term)
	mask := uint32(len(d.slots) - 1)
	for i := tag & mask; ; i = (i + 1) & mask {
		s := d.slots[i]
		if s == 0 {
			return 0, false
		}
		if uint32(s>>32) == tag {
			t := int32(uint32(s) - 1)
			if sp := d.spans[t]; string(d.arena[sp.off:sp.off+sp.n]) == string(term) {
				return t, true
			}
		}
	}
}

// add records term, which must be absent, under number t.
func (d *dict) add(term []byte, t int32) {
	if 2*(d.count+1) > len(d.slots) {
		d.resize(max(64, 2*len(d.slots)))
	}
	for int(t) >= len(d.spans) {
		d.spans = append(d.spans, span{})
	}
	d.spans[t] = span{off: uint32(len(d.arena)), n: uint32(len(term))}
	d.arena = append(d.arena, term...)
	d.place(d.tag(term), t)
	d.count++
}

func (d *dict) place(tag uint32, t int32) {
	mask := uint32(len(d.slots) - 1)
	i := tag & mask
	for d.slots[i] != 0 {
		i = (i + 1) & mask
	}
	d.slots[i] = uint64(tag)<<32 | uint64(uint32(t)+1)
}

// resize rehashes into n slots (a power of two) using the stored tags.
func (d *dict) resize(n int) {
	old := d.slots
	d.slots = make([]uint64, n)
	for _, s := range old {
		if s != 0 {
			d.place(uint32(s>>32), int32(uint32(s)-1))
		}
	}
}

// retain keeps only the terms whose numbers live accepts, compacting the
// arena and the table. Numbers do not change.
func (d *dict) retain(live func(t int32) bool) {
	arena := make([]byte, 0, len(d.arena))
	var kept []uint64
	for t, sp := range d.spans {
		if sp.n == 0 {
			continue
		}
		if !live(int32(t)) {
			d.spans[t] = span{}
			continue
		}
		term := d.arena[sp.off : sp.off+sp.n]
		d.spans[t] = span{off: uint32(len(arena)), n: sp.n}
		arena = append(arena, term...)
		kept = append(kept, uint64(d.tag(term))<<32|uint64(uint32(t)+1))
	}
	d.arena = shrink(arena)
	n := 64
	for n < 2*len(kept) {
		n *= 2
	}
	d.slots = make([]uint64, n)
	for _, s := range kept {
		d.place(uint32(s>>32), int32(uint32(s)-1))
	}
	d.count = len(kept)
}
