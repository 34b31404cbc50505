package docsearch

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/fulltext"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
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

// The vector scan's fast paths (colsum: AVX2) and its portable loops give
// every query the same results with the same scores, bit for bit, in a
// vault with removed documents (their slots hold stale vectors) and
// enough slots per shard for the similarity floor (bestAboveFloor).
func TestVectorScanSameWithoutTheFastPaths(t *testing.T) {
	ctx := context.Background()
	files := benchFiles(700)
	fsys := memfs.New(files)
	e, err := Open(ctx, fsys, WithCache(""), WithShards(2))
	require.NoError(t, err)
	removed := 0
	for name, text := range files {
		if removed == 60 {
			break
		}
		require.NoError(t, fsys.Remove(name, pc.HashOf([]byte(text))))
		require.NoError(t, e.Update(ctx, name))
		removed++
	}
	search := func() [][]Result {
		var all [][]Result
		for _, q := range benchQueries(80) {
			rs, err := e.Search(ctx, Query{Text: q, TopK: 10})
			require.NoError(t, err)
			all = append(all, rs)
		}
		return all
	}
	sameWithoutFastPaths(t, search)
}

// Removed chunks keep their vectors until their slot is reused: the
// similarity floor must not come from them. Here every chunk that matches
// the query is removed, so a floor taken from their stale vectors would
// leave out every live chunk.
func TestSimilarityFloorIgnoresRemovedChunks(t *testing.T) {
	ctx := context.Background()
	files := map[string]string{}
	for i := range 1400 {
		if i%2 == 0 {
			files[fmt.Sprintf("n%04d.md", i)] = fmt.Sprintf("# Backup %d\n\nNightly backups compressed with zstd and rotated weekly.\n", i)
		} else {
			files[fmt.Sprintf("n%04d.md", i)] = fmt.Sprintf("# Note %d\n\nMeeting about the garden, tomatoes and rain number %d.\n", i, i)
		}
	}
	fsys := memfs.New(files)
	e, err := Open(ctx, fsys, WithCache(""), WithShards(1))
	require.NoError(t, err)
	for i := 0; i < 1400; i += 2 {
		name := fmt.Sprintf("n%04d.md", i)
		require.NoError(t, fsys.Remove(name, pc.HashOf([]byte(files[name]))))
		require.NoError(t, e.Update(ctx, name))
	}
	search := func() [][]Result {
		rs, err := e.Search(ctx, Query{Text: "nightly backups compressed", TopK: 10, Mode: VectorOnly})
		require.NoError(t, err)
		return [][]Result{rs}
	}
	got := sameWithoutFastPaths(t, search)
	assert.Len(t, got[0], 10, "live chunks found by their vectors")
}

// sameWithoutFastPaths runs search with the vector scan's fast paths
// (colsum) and then with its portable loops, and checks that the results
// are the same, scores bit for bit. It returns the first run's.
func sameWithoutFastPaths(t *testing.T, search func() [][]Result) [][]Result {
	t.Helper()
	withFast := search()
	saved := fast
	defer func() { fast = saved }()
	fast.add4 = func([]float32, []int8, []int8, []int8, []int8, *[4]float32) bool { return false }
	fast.max = func([]float32) (float32, bool) { return 0, false }
	fast.atLeast = func([]float32, float32, []uint8) bool { return false }
	fast.mul = func([]float32, []float32) bool { return false }
	portable := search()
	require.Equal(t, len(portable), len(withFast))
	for i := range withFast {
		require.Len(t, withFast[i], len(portable[i]), "query %d", i)
		for j := range withFast[i] {
			a, b := withFast[i][j], portable[i][j]
			assert.Equal(t, b.Doc+"#"+b.HeadingPath, a.Doc+"#"+a.HeadingPath, "query %d result %d", i, j)
			assert.Equal(t, math.Float64bits(b.VectorScore), math.Float64bits(a.VectorScore), "query %d result %d", i, j)
			assert.Equal(t, math.Float64bits(b.HybridScore), math.Float64bits(a.HybridScore), "query %d result %d", i, j)
		}
	}
	return withFast
}

// titleMatch tokenizes a chunk's document name and heading path one after
// the other, not joined: the terms must be those of the joined title the
// index holds (addBM25), for any name and heading.
func TestTitleTermsSameApartAsJoined(t *testing.T) {
	names := []string{"T-004 Login form", "notes", "ci-cd", "foo-", "Zürich café", "日本語の文書", "v1.2", "it's", "A_1", ""}
	headings := []string{"Spec > Edge cases", "-bar", "_004", "文書の見出し", "'quoted'", "1.21 release", "x", ""}
	for _, name := range names {
		for _, heading := range headings {
			var apart []string
			for _, part := range []string{name, heading} {
				fulltext.EachTerm(part, func(term []byte) bool { apart = append(apart, string(term)); return true })
			}
			assert.Equal(t, fulltext.Tokenize(name+" "+heading), apart, "%q + %q", name, heading)
		}
	}
}
