package fulltext

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func TestMarshalRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	words := strings.Fields("index search tasks T-004 café 検索索引 running runs release deploy")
	x := New(WithCJKBigrams())
	x.minDel = 1 // compact often
	for i := range 300 {
		var b strings.Builder
		for range 1 + r.IntN(12) {
			b.WriteString(words[r.IntN(len(words))] + " ")
		}
		x.Add(fmt.Sprint("d", r.IntN(120)), Title(words[r.IntN(len(words))]), Body(b.String()))
		if i%7 == 0 {
			x.Remove(fmt.Sprint("d", r.IntN(120)))
		}
	}
	data, err := x.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	y := New(WithCJKBigrams())
	if err := y.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if x.Len() != y.Len() {
		t.Fatalf("len %d, want %d", y.Len(), x.Len())
	}
	for _, q := range append(words, "search release", "索引", "t 004") {
		if a, b := x.Search(q, 0, nil), y.Search(q, 0, nil); !reflect.DeepEqual(a, b) {
			t.Fatalf("%q: reloaded index finds %v, want %v", q, b, a)
		}
	}
	// The reloaded index keeps working.
	y.Add("new", Body("index"))
	y.Remove("d1")
	if hits := y.Search("index", 0, nil); len(hits) == 0 {
		t.Fatal("no hits after reload")
	}
	// Corrupt encodings are refused and leave the index empty.
	for i := 0; i < len(data); i += 1 + len(data)/50 {
		z := New()
		bad := append([]byte(nil), data[:i]...)
		if err := z.UnmarshalBinary(bad); err == nil {
			t.Fatalf("truncated at %d: accepted", i)
		}
		if z.Len() != 0 || len(z.Search("index", 0, nil)) != 0 {
			t.Fatal("a refused encoding left documents")
		}
	}
}

func FuzzUnmarshal(f *testing.F) {
	x := New()
	x.Add("a", Body("hello world"))
	x.Add("b", Body("world peace"))
	good, _ := x.MarshalBinary()
	f.Add(good)
	f.Add([]byte("FTIX1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		y := New()
		if err := y.UnmarshalBinary(data); err != nil {
			return
		}
		y.Search("world hello", 0, nil)
		y.Add("c", Body("more words"))
		y.Remove("a")
		y.Search("world", 0, nil)
	})
}

// Encoding and decoding in parts (for a host that must pause between
// them) give what the whole does, in several parts for a large index.
func TestMarshalInParts(t *testing.T) {
	x := New()
	for i := range 3 * decodePart {
		x.Add(fmt.Sprint("d", i), Body(fmt.Sprintf("word%d shared other%d", i, i%7)))
	}
	parts := 0
	step := func(part func()) { parts++; part() }
	whole, _ := x.MarshalBinary()
	inParts := x.MarshalBinaryIn(step)
	if !reflect.DeepEqual(whole, inParts) {
		t.Fatal("the encoding in parts differs from the whole one")
	}
	if parts < 4 {
		t.Fatalf("encoded in %d parts, want several", parts)
	}
	parts = 0
	y := New()
	if err := y.UnmarshalBinaryIn(inParts, step); err != nil {
		t.Fatal(err)
	}
	if parts < 4 {
		t.Fatalf("decoded in %d parts, want several", parts)
	}
	for _, q := range []string{"word17", "shared", "other3"} {
		if a, b := x.Search(q, 5, nil), y.Search(q, 5, nil); !reflect.DeepEqual(a, b) {
			t.Fatalf("%q: decoded in parts finds %v, want %v", q, b, a)
		}
	}
	// A bad encoding stops at the part that finds it and leaves y empty.
	z := New()
	if err := z.UnmarshalBinaryIn(inParts[:len(inParts)/2], step); err == nil || z.Len() != 0 {
		t.Fatalf("a cut encoding: err %v, %d documents", err, z.Len())
	}
}
