package docsearch

import (
	"context"
	"math"
	"testing"
)

// Each candidate takes docShare of the scores of its document's best, and
// its hybrid score stays the weighted sum of its vector and BM25 scores.
func TestSmoothByDoc(t *testing.T) {
	a1, a2, b1 := &chunkRec{Chunk: Chunk{Doc: "a.md"}}, &chunkRec{Chunk: Chunk{Doc: "a.md", Start: 9}}, &chunkRec{Chunk: Chunk{Doc: "b.md"}}
	cands := []cand{{c: a1, vector: 1, bm25: 1}, {c: a2, vector: 0.4, bm25: 0.8}, {c: b1, vector: 0.6, bm25: 0.6}}
	for i := range cands {
		cands[i].hybrid = VectorWeight*cands[i].vector + BM25Weight*cands[i].bm25
	}
	before := []float64{cands[0].hybrid, cands[1].hybrid, cands[2].hybrid}
	smoothByDoc(cands)
	want := []float64{before[0], (1-docShare)*before[1] + docShare*before[0], before[2]}
	for i, c := range cands {
		if d := c.hybrid - want[i]; d > 1e-12 || d < -1e-12 {
			t.Errorf("candidate %d: hybrid %v, want %v", i, c.hybrid, want[i])
		}
		if d := c.hybrid - (VectorWeight*c.vector + BM25Weight*c.bm25); d > 1e-12 || d < -1e-12 {
			t.Errorf("candidate %d: hybrid %v is not %v × %v + %v × %v", i, c.hybrid, VectorWeight, c.vector, BM25Weight, c.bm25)
		}
	}
	if want := (1-docShare)*0.4 + docShare; cands[1].vector != want {
		t.Errorf("second candidate's vector score %v, want %v", cands[1].vector, want)
	}
	if cands[1].hybrid <= cands[2].hybrid {
		t.Error("the second section of the best document stays below the other document's only one")
	}
}

// Through Search, with the smoothing: every hybrid result's score is still
// VectorWeight × its vector score + BM25Weight × its BM25 score (SPEC), all
// three in [0, 1]; BM25Only and VectorOnly results are not smoothed, so
// their score is the one they rank by.
func TestSearchScoresWeighted(t *testing.T) {
	e, _ := openMem(t, exampleFiles(t), WithCache(""))
	const eps = 1e-9
	for _, q := range exampleQueries {
		for _, mode := range []Mode{Hybrid, BM25Only, VectorOnly} {
			rs, err := e.Search(context.Background(), Query{Text: q, TopK: 10, Mode: mode})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				for _, s := range []float64{r.VectorScore, r.BM25Score, r.HybridScore} {
					if s < -eps || s > 1+eps {
						t.Errorf("%q mode %d: %s score %v outside [0, 1]", q, mode, r.Doc, s)
					}
				}
				var want float64
				switch mode {
				case Hybrid:
					want = VectorWeight*r.VectorScore + BM25Weight*r.BM25Score
				case BM25Only:
					want = r.BM25Score
				case VectorOnly:
					want = r.VectorScore
				}
				if math.Abs(r.HybridScore-want) > eps {
					t.Errorf("%q mode %d: %s %q hybrid %v, want %v", q, mode, r.Doc, r.HeadingPath, r.HybridScore, want)
				}
			}
		}
	}
}

// coordinate scales both parts of a candidate by the share of the query
// it holds: a chunk holding all of it keeps its scores, one holding none
// (found by its vector alone) keeps 1 − coverWeight of them, and the
// hybrid score stays the weighted sum.
func TestCoordinate(t *testing.T) {
	for _, tc := range []struct{ cover, factor float64 }{{1, 1}, {0, 1 - coverWeight}, {0.5, 1 - coverWeight/2}} {
		cands := []cand{{vector: 0.8, bm25: 0.5, cover: tc.cover}}
		coordinate(cands)
		c := cands[0]
		if math.Abs(c.vector-0.8*tc.factor) > 1e-12 || math.Abs(c.bm25-0.5*tc.factor) > 1e-12 {
			t.Errorf("cover %v: vector %v and BM25 %v, want both times %v", tc.cover, c.vector, c.bm25, tc.factor)
		}
		if math.Abs(c.hybrid-(VectorWeight*c.vector+BM25Weight*c.bm25)) > 1e-12 {
			t.Errorf("cover %v: hybrid %v is not the weighted sum", tc.cover, c.hybrid)
		}
	}
}

// matchTitles lifts, within the window, a candidate whose title holds the
// query above one that scored a little more without it; beyond the window
// every candidate takes the factor of a title holding none of the query,
// so none rises into it.
func TestMatchTitles(t *testing.T) {
	named := &cand{c: &chunkRec{Chunk: Chunk{Doc: "notes/slog.md", HeadingPath: "slog > Groups"}}, vector: 0.9, bm25: 0.9}
	other := &cand{c: &chunkRec{Chunk: Chunk{Doc: "notes/slog.md", HeadingPath: "slog > Values"}}, vector: 0.95, bm25: 0.9}
	beyond := &cand{c: &chunkRec{Chunk: Chunk{Doc: "notes/groups.md", HeadingPath: "Groups"}}, vector: 0.8, bm25: 0.8}
	best := []*cand{other, named, beyond}
	for _, c := range best {
		c.hybrid = VectorWeight*c.vector + BM25Weight*c.bm25
	}
	beyondBefore := beyond.hybrid
	matchTitles(best, distinctTerms("slog groups"), 2)
	if best[0] != named || best[1] != other || best[2] != beyond {
		t.Fatalf("order %q, %q, %q; want Groups, Values, then the one beyond the window", best[0].c.HeadingPath, best[1].c.HeadingPath, best[2].c.HeadingPath)
	}
	if want := beyondBefore * (1 - titleWeight); math.Abs(beyond.hybrid-want) > 1e-12 {
		t.Errorf("beyond the window: hybrid %v, want %v", beyond.hybrid, want)
	}
	for _, c := range best {
		if math.Abs(c.hybrid-(VectorWeight*c.vector+BM25Weight*c.bm25)) > 1e-12 {
			t.Errorf("%s: hybrid %v is not the weighted sum", c.c.HeadingPath, c.hybrid)
		}
	}
}
