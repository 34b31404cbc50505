package frontmatter

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// hostileInputs returns the hostile corpus shared with the root package
// (../projectcanvas/testdata/hostile: cyclic aliases, alias bombs, deep nesting, UTF-16,
// NUL bytes, unclosed front matter, duplicate keys) and a few generated
// inputs too large to keep in the repository.
func hostileInputs(t testing.TB) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("..", "projectcanvas", "testdata", "hostile", "*.md"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no hostile corpus: %v", err)
	}
	out := map[string][]byte{}
	for _, n := range names {
		out[filepath.Base(n)] = readFile(t, n)
	}
	var keys strings.Builder
	keys.WriteString("---\n")
	for i := range 15_000 {
		keys.WriteString("k" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + itoa(i) + ": v\n")
	}
	keys.WriteString("---\n")
	out["gen/many_keys"] = []byte(keys.String())
	out["gen/long_scalar"] = []byte("---\nk: " + strings.Repeat("x", 1<<20) + "\n---\n")
	out["gen/long_list"] = []byte("---\nk:\n" + strings.Repeat("  - item\n", 25_000) + "---\n")
	return out
}

func itoa(i int) string {
	var b [20]byte
	n := len(b)
	for {
		n--
		b[n] = byte('0' + i%10)
		if i /= 10; i == 0 {
			return string(b[n:])
		}
	}
}

// TestHostileInputs runs every property of FuzzParse (parse, lossless write
// back, edits that read back) over the hostile corpus, and bounds the
// memory of what an update does with a file (Parse, two edits, Bytes, which
// parses its output again to check it): at most 48 MB allocated per input.
// The generated inputs are about 256 KB, the root package's limit on front
// matter; the worst measured are 15,000 keys (about 19 MB: yaml.v3 spends
// several hundred bytes per node), 25,000 list items (13 MB) and 9,999
// nested flow sequences in 20 KB (6 MB). yaml.v3 refuses nesting past 10,000 levels and never expands
// aliases when it builds nodes; this package follows aliases only in a
// bounded copy (maxNodes) or a visited-set comparison, so cycles and alias
// bombs stay cheap.
func TestHostileInputs(t *testing.T) {
	for name, src := range hostileInputs(t) {
		t.Run(name, func(t *testing.T) {
			checkProperties(t, src)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			if d, err := Parse(src); err == nil {
				d.SetString("status", "Done")
				d.SetStrings("depends_on", []string{"T-001"})
				_ = d.Bytes()
			}
			runtime.ReadMemStats(&after)
			if got := after.TotalAlloc - before.TotalAlloc; got > 48<<20 {
				t.Errorf("allocated %d MB", got>>20)
			} else {
				t.Logf("%s: allocated %d KB", name, got>>10)
			}
		})
	}
}

// FuzzHostile fuzzes from the hostile corpus only, so that a short run
// spends its time near cycles, bombs and odd encodings.
func FuzzHostile(f *testing.F) {
	for _, src := range hostileInputs(f) {
		if len(src) < 64<<10 {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkProperties(t, src)
	})
}

// BenchmarkReadManyKeys reads every key of a front matter with 15,000 keys,
// as the index does. Key lookup was linear, which made this quadratic:
// 410 ms before Document.find got its index, 31 ms after (2-core machine);
// the 30,000 short keys that fit in 256 KB took 6 s to index.
func BenchmarkReadManyKeys(b *testing.B) {
	src := hostileInputs(b)["gen/many_keys"]
	for b.Loop() {
		d, err := Parse(src)
		if err != nil {
			b.Fatal(err)
		}
		for _, k := range d.Keys() {
			if _, ok := d.String(k); !ok {
				b.Fatal(k)
			}
		}
	}
}
