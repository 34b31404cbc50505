package fulltext

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func ids(hits []Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

func TestSearch(t *testing.T) {
	type doc struct {
		id          string
		title, body string
	}
	tests := []struct {
		name  string
		docs  []doc
		query string
		limit int
		keep  func(string) bool
		want  []string
	}{
		{
			name: "title beats body",
			docs: []doc{
				{"body", "other words", "alpha beside"},
				{"title", "alpha beside", "other words"},
			},
			query: "alpha",
			want:  []string{"title", "body"},
		},
		{
			name: "rarer terms weigh more",
			docs: []doc{
				{"a1", "", "common filler one"},
				{"a2", "", "common filler two"},
				{"a3", "", "common filler three"},
				{"r", "", "rare filler four"},
			},
			query: "common rare",
			want:  []string{"r", "a1", "a2", "a3"},
		},
		{
			name: "more query terms matched rank higher",
			docs: []doc{
				{"one", "", "alpha x y"},
				{"both", "", "alpha beta y"},
				{"none", "", "x y z"},
			},
			query: "alpha beta",
			want:  []string{"both", "one"},
		},
		{
			name: "shorter document ranks higher",
			docs: []doc{
				{"long", "", "alpha a b c d e f g h i j k"},
				{"short", "", "alpha a"},
			},
			query: "alpha",
			want:  []string{"short", "long"},
		},
		{
			name: "ties by id",
			docs: []doc{
				{"c", "", "same text"},
				{"a", "", "same text"},
				{"b", "", "same text"},
			},
			query: "same",
			want:  []string{"a", "b", "c"},
		},
		{
			name: "limit",
			docs: []doc{
				{"c", "", "same text"},
				{"a", "", "same text"},
				{"b", "", "same text"},
				{"d", "same", "text"},
			},
			query: "same",
			limit: 2,
			want:  []string{"d", "a"},
		},
		{
			name: "keep filter",
			docs: []doc{
				{"a", "", "same text"},
				{"b", "", "same text"},
				{"c", "", "same text"},
			},
			query: "same",
			keep:  func(id string) bool { return id != "a" },
			want:  []string{"b", "c"},
		},
		{
			name: "keep filter before limit",
			docs: []doc{
				{"a", "same", ""},
				{"b", "", "same text"},
				{"c", "", "same text"},
			},
			query: "same",
			limit: 1,
			keep:  func(id string) bool { return id != "a" },
			want:  []string{"b"},
		},
		{
			name: "stemmed query",
			docs: []doc{
				{"a", "Indexing tasks", ""},
				{"b", "Other", ""},
			},
			query: "indexed task",
			want:  []string{"a"},
		},
		{
			name: "id query finds the id only",
			docs: []doc{
				{"x", "", "blocked by T-004"},
				{"y", "", "blocked by T-0041"},
				{"z", "", "t 004 apart"},
			},
			query: "T-004",
			want:  []string{"x"},
		},
		{
			name: "id part query",
			docs: []doc{
				{"x", "", "blocked by T-004"},
				{"y", "", "blocked by T-0041"},
				{"z", "", "t 004 apart"},
			},
			query: "004",
			want:  []string{"x", "z"},
		},
		{
			name:  "unicode",
			docs:  []doc{{"a", "Café in Zürich", ""}, {"b", "cafe", ""}},
			query: "ZÜRICH café",
			want:  []string{"a"},
		},
		{name: "empty query", docs: []doc{{"a", "x", "y"}}, query: "", want: nil},
		{name: "punctuation query", docs: []doc{{"a", "x", "y"}}, query: "-- !", want: nil},
		{name: "unknown terms", docs: []doc{{"a", "x", "y"}}, query: "nothing known", want: nil},
		{name: "empty index", query: "x", want: nil},
		{name: "keep rejects all", docs: []doc{{"a", "x", "y"}}, query: "x", keep: func(string) bool { return false }, want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := New()
			for _, d := range tt.docs {
				x.Add(d.id, Title(d.title), Body(d.body))
			}
			hits := x.Search(tt.query, tt.limit, tt.keep)
			if tt.want == nil {
				assert.Nil(t, hits)
				return
			}
			assert.Equal(t, tt.want, ids(hits))
			for _, h := range hits {
				assert.Greater(t, h.Score, 0.0)
			}
		})
	}
}

func TestSearchScore(t *testing.T) {
	// One hand-computed BM25 score: 2 documents, the query term in one.
	x := New()
	x.Add("a", Field{Text: "alpha beta", Weight: 2}, Body("gamma"))
	x.Add("b", Body("delta"))
	hits := x.Search("alpha", 0, nil)
	require.Len(t, hits, 1)
	// N=2, df=1: idf = ln(1 + 1.5/1.5) = ln 2. tf=2, dl=5, avgdl=3.
	idf := math.Log(2)
	tf, dl, avg := 2.0, 5.0, 3.0
	want := idf * tf * (DefaultK1 + 1) / (tf + DefaultK1*(1-DefaultB+DefaultB*dl/avg))
	assert.InDelta(t, want, hits[0].Score, 1e-12)

	// Options change the score: with b=0 the length does not matter.
	y := New(WithK1(2), WithB(0))
	y.Add("a", Field{Text: "alpha beta", Weight: 2}, Body("gamma"))
	y.Add("b", Body("delta"))
	want = idf * tf * 3 / (tf + 2)
	assert.InDelta(t, want, y.Search("alpha", 0, nil)[0].Score, 1e-12)
}

func TestOptionsValidation(t *testing.T) {
	x := New(WithK1(-1), WithK1(math.NaN()), WithB(math.NaN()), nil)
	assert.Equal(t, DefaultK1, x.k1)
	assert.Equal(t, DefaultB, x.b)
	assert.Equal(t, 1.0, New(WithB(7)).b)
	assert.Equal(t, 0.0, New(WithB(-7)).b)
	assert.Equal(t, 0.0, New(WithK1(0)).k1)
	assert.Equal(t, 1000.0, New(WithK1(math.Inf(1))).k1)

	assert.Equal(t, float32(1), clampWeight(0))
	assert.Equal(t, float32(1), clampWeight(-3))
	assert.Equal(t, float32(1), clampWeight(math.NaN()))
	assert.Equal(t, float32(MaxWeight), clampWeight(math.Inf(1)))
	assert.Equal(t, float32(MinWeight), clampWeight(1e-30))
}

func TestRemoveAndReAdd(t *testing.T) {
	x := New()
	x.Add("a", Title("alpha"))
	x.Add("b", Title("beta"))
	require.Equal(t, 2, x.Len())

	x.Remove("a")
	x.Remove("a")       // twice is fine
	x.Remove("missing") // unknown is fine
	assert.Equal(t, 1, x.Len())
	assert.Nil(t, x.Search("alpha", 10, nil))

	x.Add("a", Title("gamma"))
	assert.Equal(t, 2, x.Len())
	assert.Nil(t, x.Search("alpha", 10, nil))
	assert.Equal(t, []string{"a"}, ids(x.Search("gamma", 10, nil)))

	// Re-Add replaces the content.
	x.Add("b", Title("gamma"))
	assert.Nil(t, x.Search("beta", 10, nil))
	assert.Equal(t, []string{"a", "b"}, ids(x.Search("gamma", 10, nil)))
	assert.Equal(t, 2, x.Len())

	// A document without terms counts but is never found.
	x.Add("empty")
	assert.Equal(t, 3, x.Len())
	x.Remove("empty")
	assert.Equal(t, 2, x.Len())
}

func TestDocFreq(t *testing.T) {
	x := New()
	x.Add("a", Title("Indexing tasks"), Body("the task list"))
	x.Add("b", Body("one task, T-004"))
	x.Add("c", Body("nothing here"))
	x.Remove("c")
	tests := []struct {
		term string
		want int
	}{
		{"task", 2},     // twice in a, once in b: documents count once
		{"index", 1},    // stemmed as Tokenize stems "Indexing"
		{"indexing", 0}, // a word, not a term
		{"t-004", 1},    // a compound
		{"004", 1},      // and its part
		{"nothing", 0},  // removed
		{"unknown", 0},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, x.DocFreq(tt.term), tt.term)
	}
}

func TestKeepCalledOncePerCandidate(t *testing.T) {
	x := New()
	for i := range 50 {
		x.Add(fmt.Sprintf("d%02d", i), Title("alpha beta"), Body(strings.Repeat("gamma ", i%5)))
	}
	x.Add("other", Title("delta"))
	calls := map[string]int{}
	hits := x.Search("alpha beta gamma", 5, func(id string) bool {
		calls[id]++
		return id != "d00"
	})
	assert.Len(t, calls, 50)
	for id, n := range calls {
		assert.Equal(t, 1, n, id)
	}
	assert.Len(t, hits, 5)
	assert.NotContains(t, ids(hits), "d00")
}

func TestRepeatedAddIsBounded(t *testing.T) {
	x := New()
	for i := range 100 {
		x.Add(fmt.Sprintf("d%d", i), Title("stable title"), Body("stable body words"))
	}
	var peakPostings, peakDocs, peakTerms int
	for i := range 50_000 {
		// Each round brings a new term, so the vocabulary would grow
		// without bound if dead terms were never freed.
		x.Add("hot", Title(fmt.Sprintf("hot x%d", i)), Body("changing body"))
		if i%97 != 0 && i < 49_990 {
			continue
		}
		total := 0
		for _, ps := range x.postings {
			docs, _ := decodePostings(ps, nil, nil)
			total += len(docs)
		}
		peakPostings = max(peakPostings, total)
		peakDocs = max(peakDocs, len(x.lens))
		peakTerms = max(peakTerms, len(x.postings), len(x.dict.slots)/2, len(x.dict.arena)/8)
	}
	assert.Equal(t, 101, x.Len())
	assert.Less(t, peakPostings, 2*(x.livePostings+x.live)+defaultCompactMin+10)
	assert.Less(t, peakDocs, 101+defaultCompactMin+10)
	assert.Less(t, peakTerms, 10+defaultCompactMin+10)
	assert.Equal(t, []string{"hot"}, ids(x.Search("hot", 0, nil)))
	assert.Equal(t, []string{"hot"}, ids(x.Search("x49999", 0, nil)))
	assert.Nil(t, x.Search("x49998", 0, nil))
}

// ref is a naive model of the index: it recomputes BM25 from the stored
// fields on every search.
type ref struct {
	k1, b float64
	docs  map[string][]Field
}

// docFreq is the number of the model's documents that hold term.
func (r *ref) docFreq(term string) int {
	n := 0
	for _, f := range r.docs {
		if r.analyze(f).tf[term] > 0 {
			n++
		}
	}
	return n
}

type refDoc struct {
	tf  map[string]float32
	len float32
}

func (r *ref) analyze(fields []Field) refDoc {
	d := refDoc{tf: map[string]float32{}}
	var length float64
	var tz tokenizer
	for _, f := range fields {
		w := clampWeight(f.Weight)
		tz.scan(f.Text, func(term []byte, _, _ int, k kind) bool {
			d.tf[string(term)] += w
			if k != kindPart {
				length += float64(w)
			}
			return true
		})
	}
	d.len = float32(length)
	return d
}

// refHit is the model's score and coverage of a document for a query.
type refHit struct{ score, cover float64 }

func (r *ref) search(query string) map[string]refHit {
	var q []string
	var tz tokenizer
	tz.scan(query, func(term []byte, _, _ int, k kind) bool {
		if k != kindPart && !slices.Contains(q, string(term)) {
			q = append(q, string(term))
		}
		return true
	})
	docs := map[string]refDoc{}
	var sum float64
	for id, f := range r.docs {
		docs[id] = r.analyze(f)
		sum += float64(docs[id].len)
	}
	n := float64(len(docs))
	avg := sum / n
	if !(avg > 0) {
		avg = 1
	}
	out := map[string]refHit{}
	var idfs float64
	for _, term := range q {
		df := 0
		for _, d := range docs {
			if d.tf[term] > 0 {
				df++
			}
		}
		if df == 0 {
			continue
		}
		idf := math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
		idfs += idf
		for id, d := range docs {
			if tf := float64(d.tf[term]); tf > 0 {
				h := out[id]
				h.score += idf * tf * (r.k1 + 1) / (tf + r.k1*(1-r.b+r.b*float64(d.len)/avg))
				h.cover += idf
				out[id] = h
			}
		}
	}
	for id, h := range out {
		h.cover /= idfs
		out[id] = h
	}
	return out
}

// checkAgainst compares x.Search(query) with the model.
func checkAgainst(t testing.TB, x *Index, r *ref, query string, limit int) {
	t.Helper()
	hits := x.Search(query, limit, nil)
	want := r.search(query)
	if limit <= 0 || limit > len(want) {
		if len(hits) != len(want) {
			t.Fatalf("query %q: %d hits, model has %d", query, len(hits), len(want))
		}
	} else if len(hits) != limit {
		t.Fatalf("query %q: %d hits, want limit %d", query, len(hits), limit)
	}
	for i, h := range hits {
		w, ok := want[h.ID]
		if !ok {
			t.Fatalf("query %q: hit %q is not in the model (removed?)", query, h.ID)
		}
		if ws := w.score; math.Abs(ws-h.Score) > 1e-9*math.Max(1, math.Abs(ws)) {
			t.Fatalf("query %q: %q scores %v, model %v", query, h.ID, h.Score, ws)
		}
		if math.Abs(w.cover-h.Coverage) > 1e-9 || !(h.Coverage > 0 && h.Coverage <= 1+1e-12) {
			t.Fatalf("query %q: %q covers %v of the query, model %v", query, h.ID, h.Coverage, w.cover)
		}
		if i > 0 && worse(hits[i-1], h) {
			t.Fatalf("query %q: hits out of order at %d: %v", query, i, hits)
		}
	}
	// The hits are the best of the model, up to float noise at the cut.
	if limit > 0 && len(hits) == limit && len(want) > limit {
		all := make([]float64, 0, len(want))
		for _, w := range want {
			all = append(all, w.score)
		}
		sort.Sort(sort.Reverse(sort.Float64Slice(all)))
		if hits[limit-1].Score < all[limit-1]-1e-9*math.Max(1, all[limit-1]) {
			t.Fatalf("query %q: last hit scores %v, model's %d-th best is %v", query, hits[limit-1].Score, limit, all[limit-1])
		}
	}
}

func TestAgainstModel(t *testing.T) {
	words := []string{"alpha", "beta", "gamma", "delta", "tasks", "task", "indexing", "T-004", "t", "004", "café", "Zürich", "run", "running"}
	rng := rand.New(rand.NewPCG(1, 2))
	text := func() string {
		n := rng.IntN(8)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = words[rng.IntN(len(words))]
		}
		return strings.Join(parts, " ")
	}
	for _, minDel := range []int{0, 3, 50, defaultCompactMin} {
		x := New()
		x.minDel = minDel
		r := &ref{k1: x.k1, b: x.b, docs: map[string][]Field{}}
		for step := range 3000 {
			id := fmt.Sprintf("d%d", rng.IntN(40))
			switch rng.IntN(4) {
			case 0, 1:
				f := []Field{Title(text()), Body(text()), {Text: text(), Weight: rng.Float64() * 5}}
				x.Add(id, f...)
				r.docs[id] = f
			case 2:
				x.Remove(id)
				delete(r.docs, id)
			case 3:
				checkAgainst(t, x, r, text(), rng.IntN(6))
				for _, term := range Tokenize(words[rng.IntN(len(words))]) {
					require.Equal(t, r.docFreq(term), x.DocFreq(term), "step %d: DocFreq(%q)", step, term)
				}
			}
			require.Equal(t, len(r.docs), x.Len(), "step %d", step)
		}
	}
}

func TestConcurrent(t *testing.T) {
	x := New()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				id := fmt.Sprintf("w%d-%d", w, i%50)
				if i%7 == 0 {
					x.Remove(id)
				} else {
					x.Add(id, Title("shared title"), Body(fmt.Sprintf("body %d", i)))
				}
			}
		}()
	}
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 500 {
				for _, h := range x.Search("shared body", 10, func(string) bool { return true }) {
					if h.Score <= 0 {
						t.Errorf("score %v", h.Score)
					}
				}
				_ = x.Len()
			}
		}()
	}
	wg.Wait()
}

func TestKeepMayUseTheIndex(t *testing.T) {
	// keep runs without the lock: it may read and even write the index.
	x := New()
	x.Add("a", Title("alpha"))
	x.Add("b", Title("alpha"))
	hits := x.Search("alpha", 10, func(id string) bool {
		x.Add("c-"+id, Title("other"))
		return x.Len() > 0
	})
	assert.Equal(t, []string{"a", "b"}, ids(hits))
	assert.Equal(t, 4, x.Len())
}
