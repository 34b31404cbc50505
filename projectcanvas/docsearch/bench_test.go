package docsearch

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// benchDocs is the size of the benchmark vault: 10,000 documents of about
// five sections each (about 50,000 sections).
const benchDocs = 10_000

// benchWords is a vocabulary with a Zipf-like use: a few hundred common
// English words and many rarer made-up terms, like real notes.
var benchWords = func() []string {
	ws := strings.Fields(`the a of to and in is for on that with as by it be this are from or at an we
		page search index deploy release rollback storage database backup restore user session token login
		editor latency cache query result ranking snippet permission role workspace space team document
		note meeting decision design review migration schema table column vector embedding model worker
		queue job lock timeout retry error alert metric dashboard incident postmortem customer pricing plan
		seat billing invoice mobile offline sync conflict merge upload image attachment link share audit`)
	r := rand.New(rand.NewPCG(7, 7))
	const letters = "abcdefghijklmnopqrstuvwxyz"
	for range 20_000 {
		var b strings.Builder
		for range 4 + r.IntN(7) {
			b.WriteByte(letters[r.IntN(len(letters))])
		}
		ws = append(ws, b.String())
	}
	return ws
}()

func benchWord(r *rand.Rand) string {
	// Zipf over the vocabulary: rank k with probability ~ 1/k.
	k := int(float64(len(benchWords)) * r.Float64() * r.Float64() * r.Float64())
	return benchWords[k]
}

func benchSentence(r *rand.Rand, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = benchWord(r)
	}
	return strings.Join(w, " ")
}

// benchDoc returns document i of the benchmark vault: a title and about
// five sections of one or two paragraphs.
func benchDoc(i int) string {
	r := rand.New(rand.NewPCG(uint64(i), 99))
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntags: [bench]\n---\n# %s\n\n%s.\n", benchSentence(r, 3), benchSentence(r, 20))
	for s := range 4 + r.IntN(2) {
		level := "##"
		if s > 0 && r.IntN(3) == 0 {
			level = "###"
		}
		fmt.Fprintf(&b, "\n%s %s\n\n", level, benchSentence(r, 2+r.IntN(3)))
		for range 1 + r.IntN(2) {
			fmt.Fprintf(&b, "%s.\n\n", benchSentence(r, 30+r.IntN(40)))
		}
	}
	return b.String()
}

func benchFiles(n int) map[string]string {
	files := make(map[string]string, n)
	for i := range n {
		files[fmt.Sprintf("notes/%03d/doc-%05d.md", i%100, i)] = benchDoc(i)
	}
	return files
}

func benchQueries(n int) []string {
	r := rand.New(rand.NewPCG(1, 2))
	qs := make([]string, n)
	for i := range qs {
		qs[i] = benchSentence(r, 2+r.IntN(3))
	}
	return qs
}

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
	for _, mode := range []Mode{Hybrid, BM25Only} {
		b.Run(modeNames[mode], func(b *testing.B) {
			e := benchEngine(b)
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
