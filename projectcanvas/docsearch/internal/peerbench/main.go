// Command peerbench measures the document search engine on the benchmark
// corpus and exports that corpus (chunks, their built-in vectors, queries
// and query vectors) for the JavaScript peers in bench/search, which print
// the ratios. Run by make bench-search:
//
//	go run ./projectcanvas/docsearch/internal/peerbench -out bench/search/.data
package main

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/projectcanvas/projectcanvas/internal/benchcorpus"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

type chunk struct {
	ID      int    `json:"id"`
	Doc     string `json:"doc"`
	Heading string `json:"heading"`
	Text    string `json:"text"`
}

type query struct {
	Text   string    `json:"text"`
	Vector []float32 `json:"vector"`
}

// timings are milliseconds.
type timings struct {
	Docs          int     `json:"docs"`
	Sections      int     `json:"sections"`
	Chunks        int     `json:"chunks"`
	Cores         int     `json:"cores"`
	ColdBuildMS   float64 `json:"cold_build_ms"`
	RestartMS     float64 `json:"restart_ms"`
	HybridP50MS   float64 `json:"hybrid_p50_ms"`
	BM25P50MS     float64 `json:"bm25_p50_ms"`
	ReindexP50MS  float64 `json:"reindex_p50_ms"`
	QueryCount    int     `json:"query_count"`
	VectorDim     int     `json:"vector_dim"`
	EmbedderID    string  `json:"embedder"`
	ColdBuildNote string  `json:"note"`
}

func main() {
	out := flag.String("out", "bench/search/.data", "folder for the exported corpus and timings")
	docs := flag.Int("docs", benchcorpus.Docs, "documents")
	nq := flag.Int("queries", 200, "queries")
	flag.Parse()
	if err := run(*out, *docs, *nq); err != nil {
		fmt.Fprintln(os.Stderr, "peerbench:", err)
		os.Exit(1)
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func p50(ds []time.Duration) float64 {
	slices.Sort(ds)
	return ms(ds[len(ds)/2])
}

func run(out string, ndocs, nq int) error {
	ctx := context.Background()
	fsys := memfs.New(benchcorpus.Files(ndocs))
	t := timings{Docs: ndocs, Cores: runtime.GOMAXPROCS(0), QueryCount: nq,
		ColdBuildNote: "Go engine, native, in-memory vault; median of runs where repeated"}

	start := time.Now()
	eng, err := docsearch.Open(ctx, fsys, docsearch.WithCache(""))
	if err != nil {
		return err
	}
	t.ColdBuildMS = ms(time.Since(start))
	st := eng.Status()
	t.Sections, t.Chunks, t.EmbedderID = st.Nodes, st.Leaves, st.Embedder

	if _, err := docsearch.Open(ctx, fsys); err != nil { // writes the cache
		return err
	}
	var restarts []time.Duration
	for range 3 {
		runtime.GC() // measure the restart, not the collection of the engines before it
		start = time.Now()
		if _, err := docsearch.Open(ctx, fsys); err != nil {
			return err
		}
		restarts = append(restarts, time.Since(start))
	}
	t.RestartMS = p50(restarts)

	texts := benchcorpus.Queries(nq)
	for _, mode := range []docsearch.Mode{docsearch.Hybrid, docsearch.BM25Only} {
		var ds []time.Duration
		for range 3 {
			for _, q := range texts {
				s := time.Now()
				if _, err := eng.Search(ctx, docsearch.Query{Text: q, TopK: 8, MaxExcerptChars: 4000, Mode: mode}); err != nil {
					return err
				}
				ds = append(ds, time.Since(s))
			}
		}
		if mode == docsearch.Hybrid {
			t.HybridP50MS = p50(ds)
		} else {
			t.BM25P50MS = p50(ds)
		}
	}
	var ds []time.Duration
	name := benchcorpus.Name(42)
	for i := range 50 {
		old, _ := fsys.ReadFile(name)
		if err := fsys.WriteFile(name, []byte(benchcorpus.Doc(ndocs+i)), pc.HashOf(old)); err != nil {
			return err
		}
		s := time.Now()
		if err := eng.Update(ctx, name); err != nil {
			return err
		}
		ds = append(ds, time.Since(s))
	}
	t.ReindexP50MS = p50(ds)

	// Export what the peers index: the same chunks, vectors and queries.
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var chunks []chunk
	var vecs []byte
	eng.Chunks(func(c docsearch.Chunk, text string, vec []float32) {
		chunks = append(chunks, chunk{ID: len(chunks), Doc: c.Doc, Heading: c.HeadingPath, Text: text})
		t.VectorDim = len(vec)
		for _, x := range vec {
			vecs = binary.LittleEndian.AppendUint32(vecs, math.Float32bits(x))
		}
	})
	emb := docsearch.NewHashEmbedder(0)
	qs := make([]query, len(texts))
	for i, q := range texts {
		qs[i] = query{Text: q, Vector: emb.Vector(q)}
	}
	for name, v := range map[string]any{"chunks.json": chunks, "queries.json": qs, "go.json": t} {
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(out, "vectors.f32"), vecs, 0o644); err != nil {
		return err
	}
	data, _ := json.MarshalIndent(t, "", "  ")
	fmt.Println(string(data))
	return nil
}
