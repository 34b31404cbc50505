package fulltext

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzTokenize(f *testing.F) {
	for _, s := range []string{
		"", "Hello, World!", "café Zürich", "T-004", "t_004 tasks-12", "2024-01-15",
		"don't it’s 'quoted'", "ab\xffcd", "cafe\u0301", "a--1", "-x- _1_", "東京 Σίσυφος",
		"ies sses eed ing ed y e ll", "İstanbul ǅ", strings.Repeat("a-1", 20),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		terms := Tokenize(text)
		for _, term := range terms {
			if term == "" {
				t.Fatalf("empty term in %q", terms)
			}
			if strings.ToLower(term) != term {
				t.Fatalf("term %q is not lower-case", term)
			}
			if !utf8.ValidString(term) {
				t.Fatalf("term %q is not valid UTF-8", term)
			}
		}
		if again := Tokenize(text); !slices.Equal(terms, again) {
			t.Fatalf("not deterministic: %q then %q", terms, again)
		}

		// The fast path for ASCII words agrees with the general one.
		type tok struct {
			term       string
			start, end int
			k          kind
		}
		var fast, slow []tok
		for _, noFast := range []bool{false, true} {
			tz := tokenizer{noFast: noFast}
			tz.scan(text, func(term []byte, s, e int, k kind) bool {
				if noFast {
					slow = append(slow, tok{string(term), s, e, k})
				} else {
					fast = append(fast, tok{string(term), s, e, k})
				}
				return true
			})
		}
		if !slices.Equal(fast, slow) {
			t.Fatalf("fast path %v, general path %v", fast, slow)
		}

		// Spans lie inside the text and come in order; the first span is
		// what FirstMatch finds for the text as its own query.
		var tz tokenizer
		first, last := -1, 0
		firstEnd := 0
		tz.scan(text, func(term []byte, s, e int, k kind) bool {
			if s < 0 || e > len(text) || s >= e {
				t.Fatalf("span [%d,%d) of %q out of range", s, e, term)
			}
			if s < last && k != kindPart {
				t.Fatalf("span [%d,%d) of %q before %d", s, e, term, last)
			}
			if first < 0 && k != kindPart {
				first, firstEnd = s, e
			}
			last = s
			return true
		})
		s, e, ok := FirstMatch(text, text)
		if ok != (first >= 0) || ok && (s != first || e != firstEnd) {
			t.Fatalf("FirstMatch(text, text) = %d, %d, %v; first term at [%d,%d)", s, e, ok, first, firstEnd)
		}
	})
}

// FuzzIndex runs random Add/Remove/Search sequences against the naive model
// of index_test.go: no panics, no removed ids, the model's scores.
func FuzzIndex(f *testing.F) {
	f.Add([]byte("\x00\x01alpha\x02\x00\x03\x01"), uint8(0))
	f.Add([]byte("add T-004 then remove then search 004"), uint8(2))
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, uint8(5))
	words := []string{"alpha", "beta", "Tasks", "task", "indexing", "T-004", "t", "004", "café", "zürich", "running", "2024-01-15", "don't", "", " "}
	f.Fuzz(func(t *testing.T, data []byte, minDel uint8) {
		x := New()
		x.minDel = int(minDel % 16)
		r := &ref{k1: x.k1, b: x.b, docs: map[string][]Field{}}
		pos := 0
		next := func() byte {
			if pos >= len(data) {
				return 0
			}
			pos++
			return data[pos-1]
		}
		text := func() string {
			n := int(next() % 6)
			var sb strings.Builder
			for range n {
				c := next()
				if c >= 0xF0 && pos < len(data) { // a raw slice of the input
					m := min(int(c&0x0F), len(data)-pos)
					sb.Write(data[pos : pos+m])
					pos += m
				} else {
					sb.WriteString(words[int(c)%len(words)])
				}
				sb.WriteByte(' ')
			}
			return sb.String()
		}
		for step := 0; pos < len(data) && step < 200; step++ {
			op := next()
			id := fmt.Sprintf("d%d", next()%12)
			switch op % 4 {
			case 0, 1:
				fields := []Field{Title(text()), {Text: text(), Weight: float64(next()%8) / 2}}
				x.Add(id, fields...)
				r.docs[id] = fields
			case 2:
				x.Remove(id)
				delete(r.docs, id)
			case 3:
				checkAgainst(t, x, r, text(), int(next()%5))
			}
			if x.Len() != len(r.docs) {
				t.Fatalf("Len %d, model %d", x.Len(), len(r.docs))
			}
		}
		for _, w := range words {
			checkAgainst(t, x, r, w, 0)
		}
	})
}
