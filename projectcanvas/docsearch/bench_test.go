package docsearch

import (
	"bytes"
	"context"
	"maps"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/projectcanvas/projectcanvas/internal/benchcorpus"
	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

const benchDocs = benchcorpus.Docs

func benchFiles(n int) map[string]string { return benchcorpus.Files(n) }

func benchDoc(i int) string { return benchcorpus.Doc(i) }

func benchQueries(n int) []string { return benchcorpus.Queries(n) }

// BenchmarkColdBuild indexes the whole benchmark vault without a cache.
func BenchmarkColdBuild(b *testing.B) {
	files := benchFiles(benchDocs)
	fsys := memfs.New(files)
	b.ResetTimer()
	for b.Loop() {
		e, err := Open(context.Background(), fsys, WithCache(""))
		if err != nil {
			b.Fatal(err)
		}
		if b.N == 1 {
			st := e.Status()
			b.ReportMetric(float64(st.Nodes), "sections")
		}
	}
}

// BenchmarkRestart opens the benchmark vault with a valid index cache.
func BenchmarkRestart(b *testing.B) {
	fsys := memfs.New(benchFiles(benchDocs))
	if _, err := Open(context.Background(), fsys); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Open(context.Background(), fsys); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearch runs hybrid searches (top_k 8) and reports the median.
func BenchmarkSearch(b *testing.B) {
	for _, mode := range []Mode{Hybrid, BM25Only, -1} {
		name := modeNames[mode]
		if mode == -1 {
			mode, name = Hybrid, "hybrid-no-context" // context vectors off
		}
		b.Run(name, func(b *testing.B) {
			e := benchEngine(b)
			if name == "hybrid-no-context" {
				w := e.ctxWeight
				e.ctxWeight = 0
				defer func() { e.ctxWeight = w }()
			}
			qs := benchQueries(512)
			var times []time.Duration
			b.ResetTimer()
			i := 0
			for b.Loop() {
				start := time.Now()
				if _, err := e.Search(context.Background(), Query{Text: qs[i%len(qs)], TopK: 8, MaxExcerptChars: 4000, Mode: mode}); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
				i++
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
		})
	}
}

var benchEngineCache *Engine

func benchEngine(b *testing.B) *Engine {
	if benchEngineCache == nil {
		e, err := Open(context.Background(), memfs.New(benchFiles(benchDocs)), WithCache(""))
		if err != nil {
			b.Fatal(err)
		}
		benchEngineCache = e
	}
	return benchEngineCache
}

// BenchmarkReindexOne changes one file of the benchmark vault and
// re-indexes it.
func BenchmarkReindexOne(b *testing.B) {
	fsys := memfs.New(benchFiles(benchDocs))
	e, err := Open(context.Background(), fsys, WithCache(""))
	if err != nil {
		b.Fatal(err)
	}
	name := "notes/042/doc-00042.md"
	b.ResetTimer()
	i := 0
	for b.Loop() {
		b.StopTimer()
		old, _ := fsys.ReadFile(name)
		data := benchDoc(benchDocs + i)
		if err := fsys.WriteFile(name, []byte(data), pc.HashOf(old)); err != nil {
			b.Fatal(err)
		}
		i++
		b.StartTimer()
		if err := e.Update(context.Background(), name); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSplitHuge splits one 16 MB note without blank lines (a long
// list) and one 16 MB paragraph on a single line: the split is linear and
// capped at MaxIndexedBytes (target: at most 1 s each).
func BenchmarkSplitHuge(b *testing.B) {
	list := bytes.Repeat([]byte("- an item of a very long list without blank lines\n"), 16<<20/51)
	line := bytes.Repeat([]byte("word "), 16<<20/5)
	for _, c := range []struct {
		name string
		src  []byte
	}{{"list-16MB", list}, {"paragraph-16MB", line}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			for b.Loop() {
				Split("huge.md", c.src, 0)
			}
		})
	}
}

// BenchmarkIndexMemory builds the index of two vaults and reports the heap
// it keeps (after a collection, the files themselves not counted): the
// generated project vault of the soak (vaultgen: 10,000 entity files and
// 10,000 notes) and the search benchmark's corpus. A memory regression
// guard: heap-B/chunk should not grow.
func BenchmarkIndexMemory(b *testing.B) {
	vault := vaultgen.Files(10_000)
	maps.Copy(vault, vaultgen.Notes(10_000, 10_000))
	for _, c := range []struct {
		name  string
		files map[string]string
	}{{"vault-10k+10k", vault}, {"corpus-10k", benchFiles(benchDocs)}} {
		b.Run(c.name, func(b *testing.B) {
			fsys := memfs.New(c.files)
			var heap uint64
			var st Status
			for b.Loop() {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				e, err := Open(context.Background(), fsys, WithCache(""))
				if err != nil {
					b.Fatal(err)
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				heap = after.HeapAlloc - before.HeapAlloc
				st = e.Status()
				memoryEngine = e
			}
			b.ReportMetric(float64(heap)/(1<<20), "heap-MB")
			b.ReportMetric(float64(heap)/float64(st.Leaves), "heap-B/chunk")
			b.ReportMetric(float64(st.Leaves), "chunks")
		})
	}
}

// memoryEngine keeps BenchmarkIndexMemory's last index alive, for the
// in-use figures of -memprofile.
var memoryEngine *Engine
