package projectcanvas

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// This file holds everything about entity ids: their form (ParseID, NewID),
// their order (CompareIDs), how new ones are allocated (changeset.nextID,
// from the sequence file and every id the vault's files hold) and how the
// id of a file the index cannot load is still found (ScanID).

// ScanID finds the id a markdown file declares without parsing its YAML:
// the first top-level "id:" line of a front matter block whose value is an
// entity id. It is for files the index cannot load (broken YAML, too large,
// an unknown type): their ids still count when new ids are allocated, so
// that repairing such a file never makes two entities share an id. It
// reads at most MaxFrontMatterBytes and accepts an unclosed block.
func ScanID(data []byte) ID {
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	first, rest, ok := bytes.Cut(data, []byte("\n"))
	if !ok || strings.TrimRight(string(first), " \t\r") != "---" {
		return ""
	}
	if len(rest) > MaxFrontMatterBytes {
		rest = rest[:MaxFrontMatterBytes]
	}
	for len(rest) > 0 {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		l := strings.TrimRight(string(line), " \t\r")
		if l == "---" || l == "..." {
			break
		}
		value, ok := cutIDKey(l)
		if !ok {
			continue
		}
		if i := strings.Index(value, " #"); i >= 0 {
			value = value[:i]
		}
		value = strings.Trim(strings.TrimSpace(value), `"'`)
		if id, _, _, err := ParseID(LinkTarget(value)); err == nil {
			return id
		}
	}
	return ""
}

// cutIDKey returns what follows a top-level id key ("id:", "'id':" or
// "\"id\":") on a line.
func cutIDKey(line string) (string, bool) {
	for _, key := range []string{"id:", `"id":`, "'id':"} {
		if v, ok := strings.CutPrefix(line, key); ok {
			return v, true
		}
	}
	return "", false
}

// fromUTF16 recognizes a UTF-16 file, by its byte order mark or by a first
// line "---" in either byte order, and returns its text as UTF-8 (at most
// MaxFrontMatterBytes of it: enough to find an id). Entity files must be
// UTF-8; the index reports a UTF-16 one instead of skipping it silently.
func fromUTF16(data []byte) ([]byte, bool) {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), bytes.HasPrefix(data, []byte("-\x00-\x00-\x00")):
		order = binary.LittleEndian
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}), bytes.HasPrefix(data, []byte("\x00-\x00-\x00-")):
		order = binary.BigEndian
	default:
		return nil, false
	}
	if len(data) > 2*MaxFrontMatterBytes {
		data = data[:2*MaxFrontMatterBytes]
	}
	units := make([]uint16, len(data)/2)
	for i := range units {
		units[i] = order.Uint16(data[2*i:])
	}
	if len(units) > 0 && units[0] == 0xFEFF {
		units = units[1:]
	}
	out := make([]byte, 0, len(units))
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	return out, true
}

// ID identifies an entity: a type prefix and a sequence number, as in T-004
// or DEC-012. Numbers are zero-padded to three digits and grow past 999.
type ID string

// NewID formats the id of the n-th entity of type t.
func NewID(t Type, n int) ID { return ID(fmt.Sprintf("%s-%03d", t.Prefix(), n)) }

// ParseID validates s as an id and returns it in canonical form (upper-case
// prefix). It also tells the type and the number.
func ParseID(s string) (ID, Type, int, error) {
	id, t, n, ok := parseID(s)
	if !ok {
		return "", "", 0, Errorf(CodeInvalidArgument, "%q is not an entity id (like M-001, S-001, T-001, DEC-001, DOC-001 or F-001)", strings.TrimSpace(s))
	}
	return id, t, n, nil
}

// parseID is ParseID without the error: the index asks it of every file
// name ("T-031 Login.md", "Meeting notes.md"), most of which are no id.
func parseID(s string) (ID, Type, int, bool) {
	s = strings.TrimSpace(s)
	prefix, num, ok := strings.Cut(s, "-")
	t, canon := typeOfPrefix(prefix)
	// Three digits at least; past three no leading zero, or T-0004 would be
	// a second T-004.
	n, digits := 0, true
	for i := 0; i < len(num); i++ {
		c := num[i]
		digits = digits && c >= '0' && c <= '9'
		n = n*10 + int(c-'0')
	}
	if !ok || t == "" || !digits || len(num) < 3 || len(num) > 3 && num[0] == '0' || len(num) > 9 {
		return "", "", 0, false
	}
	if prefix != canon {
		s = canon + "-" + num
	}
	return ID(s), t, n, true
}

// typeOfPrefix maps an id prefix, in any case, to its type and the
// prefix's canonical form (those of the type table).
func typeOfPrefix(p string) (Type, string) {
	// The canonical spelling first: nearly every id has it (EqualFold
	// over the table was 3 % of an open from the index cache).
	for _, ti := range typeTable {
		if p == ti.prefix {
			return ti.t, ti.prefix
		}
	}
	for _, ti := range typeTable {
		if strings.EqualFold(p, ti.prefix) {
			return ti.t, ti.prefix
		}
	}
	return "", ""
}

// Type is the type the id's prefix names, or "" for a malformed id.
func (id ID) Type() Type {
	_, t, _, err := ParseID(string(id))
	if err != nil {
		return ""
	}
	return t
}

// Number is the id's sequence number, or 0 for a malformed id.
func (id ID) Number() int {
	_, _, n, _ := ParseID(string(id))
	return n
}

// String returns the id as text.
func (id ID) String() string { return string(id) }

// CompareIDs orders ids by type prefix, then by number, so T-1000 sorts
// after T-999. Use it with slices.SortFunc.
func CompareIDs(a, b ID) int { return compareIDs(a, b) }

func compareIDs(a, b ID) int {
	pa, na, _ := strings.Cut(string(a), "-")
	pb, nb, _ := strings.Cut(string(b), "-")
	if c := strings.Compare(pa, pb); c != 0 {
		return c
	}
	if len(na) != len(nb) {
		return len(na) - len(nb)
	}
	return strings.Compare(na, nb)
}

// sequence parses the id sequence file, reusing the last parse while the
// file is unchanged. A broken file counts as empty, and so does a counter
// that is not a type or not between 0 and MaxIDNumber: ids then continue
// from the index, which still counts every id a file holds.
func (p *Project) sequence(data []byte) map[Type]int {
	h := HashOf(data)
	if p.seqCache.seq == nil || p.seqCache.hash != h {
		seq := map[Type]int{}
		if data != nil && json.Unmarshal(data, &seq) != nil {
			seq = map[Type]int{}
		}
		maps.DeleteFunc(seq, func(t Type, n int) bool { return !t.Valid() || n < 0 || n > MaxIDNumber })
		p.seqCache.hash, p.seqCache.seq = h, seq
	}
	return maps.Clone(p.seqCache.seq)
}

// nextID allocates the next id of type t: one past the highest of the
// sequence file and the index, so archived and deleted ids are never reused,
// nor the ids of files the index could not load (see ScanID).
func (cs *changeset) nextID(t Type) (ID, error) {
	if cs.seq == nil {
		data, err := cs.readAux(sequencePath)
		if err != nil {
			return "", err
		}
		cs.seq = cs.p.sequence(data)
	}
	cs.p.mu.RLock()
	n := max(cs.seq[t], cs.p.idx.maxNum[t]) + 1
	cs.p.mu.RUnlock()
	for cs.lookup(NewID(t, n)) != nil {
		n++
	}
	if n > MaxIDNumber {
		return "", Errorf(CodeInvalidArgument, "every %s id up to %s is taken", t, NewID(t, MaxIDNumber))
	}
	cs.seq[t] = n
	cs.seqDirty = true
	return NewID(t, n), nil
}
