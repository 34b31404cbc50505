package cachefile

import (
	"encoding/binary"
	"hash/crc32"
	"hash/crc64"
	"math"
)

// Magic starts a cache; its digit is the format's version.
const Magic = "PCIX1\n"

var (
	crc64Table = crc64.MakeTable(crc64.ECMA)
	castagnoli = crc32.MakeTable(crc32.Castagnoli)
)

// Sum is the checksum an entry keeps of its file's bytes.
func Sum(data []byte) uint64 { return crc64.Checksum(data, crc64Table) }

// Encoder writes a cache: NewEncoder, one Add per file in the order of
// their names, then Bytes.
type Encoder struct{ w Writer }

// NewEncoder starts a cache of n entries under key; sizeHint is the bytes
// expected, to allocate once.
func NewEncoder(key string, n, sizeHint int) *Encoder {
	e := &Encoder{w: Writer{B: make([]byte, 0, sizeHint)}}
	e.w.B = append(e.w.B, Magic...)
	e.w.Str(key)
	e.w.Uint(uint64(n))
	return e
}

// Add writes the entry of the file name whose bytes were data: payload is
// what decoding them gave, in the caller's encoding.
func (e *Encoder) Add(name string, data, payload []byte) {
	e.w.Str(name)
	e.w.Uint(uint64(len(data)))
	e.w.B = binary.LittleEndian.AppendUint64(e.w.B, Sum(data))
	e.w.Uint(uint64(len(payload)))
	e.w.B = append(e.w.B, payload...)
}

// Bytes seals the cache with its checksum and returns it.
func (e *Encoder) Bytes() []byte {
	return binary.LittleEndian.AppendUint32(e.w.B, crc32.Checksum(e.w.B, castagnoli))
}

// Entry is one file's entry in a cache.
type Entry struct {
	Size int
	Sum  uint64
	// Payload is a part of the one string every string read from the
	// cache shares: no copy per entry.
	Payload string
}

// Matches reports whether data is the file the entry was made from.
func (e Entry) Matches(data []byte) bool { return e.Size == len(data) && Sum(data) == e.Sum }

// Open checks a cache and indexes its entries by file name; a cache that
// is not whole, of another format or key, gives the reason it cannot be
// used instead.
func Open(data []byte, key string) (map[string]Entry, string) {
	if len(data) < len(Magic)+4 || string(data[:len(Magic)]) != Magic {
		return nil, "not an index cache of this version"
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, "its checksum does not match"
	}
	src := string(body) // one copy; every string read from it shares it
	r := Reader{S: src, At: len(Magic)}
	if r.Str() != key || r.Bad {
		return nil, "made by another version of the core"
	}
	n := r.Uint()
	if n > uint64(len(src)) {
		return nil, "malformed"
	}
	entries := make(map[string]Entry, n)
	for range n {
		name := r.Str()
		e := Entry{Size: int(min(r.Uint(), math.MaxInt32)), Sum: r.U64()}
		e.Payload = r.Str()
		if r.Bad {
			return nil, "malformed"
		}
		entries[name] = e
	}
	if r.At != len(src) {
		return nil, "malformed"
	}
	return entries, ""
}
