package docsearch

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var evalReport = flag.Bool("eval", false, "print the relevance report (make eval-search)")

// labelled is one query of testdata/relevance.tsv.
type labelled struct {
	category, query string
	grades          map[string]float64 // "doc :: heading path" -> 2 (best) or 1
}

// loadRelevance reads a labelled set of testdata.
func loadRelevance(t testing.TB, name string) []labelled {
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var out []labelled
	for line := range strings.Lines(string(data)) {
		line = strings.TrimRight(line, "\n")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("%s: bad line %q", name, line)
		}
		l := labelled{category: f[0], query: f[1], grades: map[string]float64{}}
		for i, s := range strings.Split(f[2], " | ") {
			l.grades[s] = 1
			if i == 0 {
				l.grades[s] = 2
			}
		}
		out = append(out, l)
	}
	return out
}

// metrics returns nDCG@10 and the reciprocal rank of the first relevant
// section. Chunks of one section count once, at their best rank.
func metrics(rs []Result, grades map[string]float64) (ndcg, rr float64) {
	var dcg float64
	seen := map[string]bool{}
	rank := 0
	for _, r := range rs {
		key := r.Doc + " :: " + r.HeadingPath
		if seen[key] {
			continue
		}
		seen[key] = true
		rank++
		if rank > 10 {
			break
		}
		g := grades[key]
		if g > 0 && rr == 0 {
			rr = 1 / float64(rank)
		}
		dcg += (math.Pow(2, g) - 1) / math.Log2(float64(rank)+1)
	}
	ideal := slices.Sorted(func(yield func(float64) bool) {
		for _, g := range grades {
			if !yield(g) {
				return
			}
		}
	})
	slices.Reverse(ideal)
	var idcg float64
	for i, g := range ideal[:min(10, len(ideal))] {
		idcg += (math.Pow(2, g) - 1) / math.Log2(float64(i)+2)
	}
	return dcg / idcg, rr
}

type score2 struct{ ndcg, mrr float64 }

// evaluate runs the relevance set in each mode and returns the mean
// scores by mode and category ("all" for the whole set).
func evaluate(t testing.TB, e *Engine, set []labelled) map[Mode]map[string]score2 {
	out := map[Mode]map[string]score2{}
	for _, mode := range evalModes {
		sums, counts := map[string]score2{}, map[string]int{}
		for _, l := range set {
			q := Query{Text: l.query, TopK: 30, Mode: mode}
			if mode == bm25Fixed {
				e.mu.RLock()
				q.Text, q.Mode = e.correct(q.Text), BM25Only
				e.mu.RUnlock()
			}
			rs, err := e.Search(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			n, r := metrics(rs, l.grades)
			for _, c := range []string{l.category, "all"} {
				s := sums[c]
				sums[c] = score2{s.ndcg + n, s.mrr + r}
				counts[c]++
			}
		}
		out[mode] = map[string]score2{}
		for c, s := range sums {
			out[mode][c] = score2{s.ndcg / float64(counts[c]), s.mrr / float64(counts[c])}
		}
	}
	return out
}

// bm25Fixed is a mode of the reports only: BM25 alone on the query as
// Hybrid corrects its spelling (see Engine.correct), which tells the
// correction's part of the hybrid's gain from the vectors' part.
const bm25Fixed Mode = -2

// evalModes are the rows of the reports.
var evalModes = []Mode{BM25Only, bm25Fixed, VectorOnly, Hybrid}

var modeNames = map[Mode]string{BM25Only: "bm25", bm25Fixed: "bm25+fix", VectorOnly: "vector", Hybrid: "hybrid"}

func TestRelevance(t *testing.T) {
	set := loadRelevance(t, "relevance.tsv")
	if len(set) < 40 {
		t.Fatalf("relevance set has %d queries, want at least 40", len(set))
	}
	e, _ := openMem(t, exampleFiles(t), WithCache(""))
	// Every labelled section exists.
	sections := map[string]bool{}
	for _, sh := range e.shards {
		for _, c := range sh.chunks {
			if c.live {
				sections[c.Doc+" :: "+c.HeadingPath] = true
			}
		}
	}
	for _, l := range set {
		for s := range l.grades {
			if !sections[s] {
				t.Errorf("%q: labelled section %q does not exist", l.query, s)
			}
		}
	}
	res := evaluate(t, e, set)
	printTable(t, fmt.Sprintf("relevance set: %d queries over examples/vault (nDCG@10 / MRR)", len(set)), res)
	// The point of the hybrid: it must beat keywords alone.
	if h, k := res[Hybrid]["all"].ndcg, res[BM25Only]["all"].ndcg; h <= k {
		t.Errorf("hybrid nDCG@10 %.3f is not above BM25's %.3f", h, k)
	}
}

// categories are the kinds of query of the labelled sets, and "all".
var categories = []string{"keyword", "paraphrase", "subsection", "typo", "all"}

// printTable prints scores by mode and category under a title: to the
// output with -eval, to the test log otherwise.
func printTable(t testing.TB, title string, res map[Mode]map[string]score2) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%-8s", title, "mode")
	for _, c := range categories {
		fmt.Fprintf(&b, " %17s", c)
	}
	b.WriteString("\n")
	for _, mode := range evalModes {
		fmt.Fprintf(&b, "%-8s", modeNames[mode])
		for _, c := range categories {
			s := res[mode][c]
			fmt.Fprintf(&b, "     %.3f / %.3f", s.ndcg, s.mrr)
		}
		b.WriteString("\n")
	}
	if *evalReport {
		fmt.Print(b.String())
	} else {
		t.Log("\n" + b.String())
	}
}

// halves splits a labelled set in two: within each category, the 1st,
// 3rd, 5th... query goes to the first half, the others to the second.
func halves(set []labelled) [2][]labelled {
	var out [2][]labelled
	n := map[string]int{}
	for _, l := range set {
		out[n[l.category]%2] = append(out[n[l.category]%2], l)
		n[l.category]++
	}
	return out
}

// TestContextSweep (make eval-search-context) prints the relevance report
// for context-vector weights and sizes, on the even and odd halves of the
// set: parameters chosen on one half must hold on the other.
func TestContextSweep(t *testing.T) {
	if !*evalReport {
		t.Skip("run with -eval")
	}
	set := loadRelevance(t, "relevance.tsv")
	halves := halves(set)
	for _, size := range []int{5, 10, 20, 40} {
		contextChunks = size
		for _, w := range []float64{0, 0.25, 0.5, 1, 2} {
			e, _ := openMem(t, exampleFiles(t), WithCache(""), WithContextVectors(w))
			for hi, half := range append([][]labelled{set}, halves[:]...) {
				res := evaluate(t, e, half)
				for _, mode := range []Mode{VectorOnly, Hybrid} {
					fmt.Printf("chunks=%-3d w=%-5.2f %-4s %-7s", size, w, []string{"all", "even", "odd"}[hi], modeNames[mode])
					for _, c := range categories {
						fmt.Printf(" %s %.3f", c[:3], res[mode][c].ndcg)
					}
					fmt.Println()
				}
			}
		}
	}
	contextChunks = 10
}
