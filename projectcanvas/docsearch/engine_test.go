package docsearch

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

var update = flag.Bool("update", false, "rewrite golden files")

// exampleFiles returns the markdown files of the bundled example vault.
func exampleFiles(t testing.TB) map[string]string {
	files := examplevault.Files(t)
	for name := range files {
		if !strings.HasSuffix(name, ".md") {
			delete(files, name)
		}
	}
	return files
}

func openMem(t testing.TB, files map[string]string, opts ...Option) (*Engine, *memfs.FS) {
	t.Helper()
	fsys := memfs.New(files)
	e, err := Open(context.Background(), fsys, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return e, fsys
}

// checkResult verifies that a result's excerpt is exactly the file's
// characters [StartChar, EndChar).
func checkResult(t testing.TB, fsys pc.FS, r Result) {
	t.Helper()
	data, err := fsys.ReadFile(r.Doc)
	if err != nil {
		t.Fatal(err)
	}
	runes := []rune(string(data))
	if utf8.Valid(data) && (r.StartChar < 0 || r.EndChar > len(runes) || string(runes[r.StartChar:r.EndChar]) != r.Excerpt) {
		t.Fatalf("%s [%d,%d): excerpt %.60q is not the file's text there", r.Doc, r.StartChar, r.EndChar, r.Excerpt)
	}
}

var exampleQueries = []string{
	"deployment rollback", "search reindex lock incident", "pricing tiers", "accessibility contrast",
	"onboarding drop-off", "threat model tokens", "storage layout files", "mobile usage", "API errors",
	"editor performance", "self-hosting install", "interviews", "competitor", "latency budget",
}

func TestOffsetsOverExampleVault(t *testing.T) {
	e, fsys := openMem(t, exampleFiles(t), WithCache(""))
	// Every chunk of every file.
	for _, sh := range e.shards {
		for _, c := range sh.chunks {
			if !c.live {
				continue
			}
			src, err := fsys.ReadFile(c.Doc)
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, fsys, Result{Doc: c.Doc, Excerpt: c.Text(src), StartChar: c.StartChar, EndChar: c.EndChar})
		}
	}
	// Every result of a set of queries, in every mode, with and without
	// truncated excerpts.
	n := 0
	for _, q := range exampleQueries {
		for _, mode := range []Mode{Hybrid, BM25Only, VectorOnly} {
			for _, max := range []int{0, 50} {
				rs, err := e.Search(context.Background(), Query{Text: q, TopK: 50, Mode: mode, MaxExcerptChars: max})
				if err != nil {
					t.Fatal(err)
				}
				if len(rs) == 0 {
					t.Fatalf("%q: no results", q)
				}
				for _, r := range rs {
					checkResult(t, fsys, r)
					if max > 0 && utf8.RuneCountInString(r.Excerpt) > max {
						t.Fatalf("excerpt longer than %d characters", max)
					}
					n++
				}
			}
		}
	}
	t.Logf("%d results checked", n)
}

type goldenHit struct {
	Doc         string  `json:"doc_uri"`
	HeadingPath string  `json:"heading_path"`
	StartChar   int     `json:"start_char"`
	EndChar     int     `json:"end_char"`
	Hybrid      float64 `json:"hybrid_score"`
}

func TestGoldenSearch(t *testing.T) {
	e, _ := openMem(t, exampleFiles(t), WithCache(""))
	got := map[string][]goldenHit{}
	for _, q := range exampleQueries {
		rs, err := e.Search(context.Background(), Query{Text: q, TopK: 3})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			got[q] = append(got[q], goldenHit{r.Doc, r.HeadingPath, r.StartChar, r.EndChar, float64(int(r.HybridScore*1e4)) / 1e4})
		}
	}
	data, _ := json.MarshalIndent(got, "", "  ")
	golden := filepath.Join("testdata", "search.golden.json")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(string(want)) != strings.TrimSpace(string(data)) {
		t.Errorf("search results differ from %s (run with -update to accept):\n%s", golden, data)
	}
}

func TestFilters(t *testing.T) {
	e, _ := openMem(t, exampleFiles(t), WithCache(""))
	ctx := context.Background()
	rs, _ := e.Search(ctx, Query{Text: "search", TopK: 50, DocPrefix: "Engineering Notes/"})
	if len(rs) == 0 {
		t.Fatal("no results")
	}
	for _, r := range rs {
		if !strings.HasPrefix(r.Doc, "Engineering Notes/") {
			t.Errorf("prefix filter let %s through", r.Doc)
		}
	}
	doc := "Research/Pricing Research.md"
	rs, _ = e.Search(ctx, Query{Text: "search pricing", TopK: 50, Docs: []string{doc}})
	for _, r := range rs {
		if r.Doc != doc {
			t.Errorf("doc filter let %s through", r.Doc)
		}
	}
	if len(rs) == 0 {
		t.Fatal("doc filter: no results")
	}
	rs, _ = e.Search(ctx, Query{Text: "the", TopK: 50, HeadingContains: "ROLLBACK"})
	for _, r := range rs {
		if !strings.Contains(strings.ToLower(r.HeadingPath), "rollback") {
			t.Errorf("heading filter let %q through", r.HeadingPath)
		}
	}
}

// TestChangedFileLeftOutUntilReindexed: excerpts are read from the files,
// so a file changed behind the index's back (its watcher has not passed
// the change on yet) is left out of the results, the next ones take its
// place, and it is back once the index has it.
func TestChangedFileLeftOutUntilReindexed(t *testing.T) {
	ctx := context.Background()
	e, fsys := openMem(t, map[string]string{
		"a.md": "# Rollback\nroll back a release\n",
		"b.md": "# Release\nship a release\n",
		"c.md": "# Notes\na release of the app\n",
	}, WithCache(""))
	docs := func() []string {
		rs, err := e.Search(ctx, Query{Text: "release", TopK: 2, Mode: BM25Only})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range rs {
			checkResult(t, fsys, r)
			out = append(out, r.Doc)
		}
		slices.Sort(out)
		return out
	}
	before := docs()
	if len(before) != 2 {
		t.Fatalf("results %v, want 2", before)
	}
	changed := before[0]
	old, _ := fsys.ReadFile(changed)
	if err := fsys.WriteFile(changed, []byte("# Moved\nthe text moved on: a release, later\n"), pc.HashOf(old)); err != nil {
		t.Fatal(err)
	}
	stale := docs()
	if len(stale) != 2 || slices.Contains(stale, changed) {
		t.Fatalf("results %v with %s changed behind the index, want the two others", stale, changed)
	}
	if err := e.Update(ctx, changed); err != nil {
		t.Fatal(err)
	}
	rs, err := e.Search(ctx, Query{Text: "moved later", Mode: BM25Only})
	if err != nil || len(rs) != 1 || rs[0].Doc != changed {
		t.Fatalf("%s not found by its new text after its update: %+v, %v", changed, rs, err)
	}
	checkResult(t, fsys, rs[0])
}

func TestCJKSearch(t *testing.T) {
	e, fsys := openMem(t, map[string]string{
		"ja.md": "# 設計\n全文検索エンジンの索引を作る。\n",
		"en.md": "# Design\nBuild the index.\n",
	}, WithCache(""))
	rs, _ := e.Search(context.Background(), Query{Text: "検索", Mode: BM25Only})
	if len(rs) != 1 || rs[0].Doc != "ja.md" {
		t.Fatalf("got %+v", rs)
	}
	checkResult(t, fsys, rs[0])
}

// snapshot describes everything a search can observe of the index.
func snapshot(t *testing.T, e *Engine) string {
	t.Helper()
	st := e.Status()
	var b strings.Builder
	b.WriteString(strings.Join([]string{itoa(st.Docs), itoa(st.Nodes), itoa(st.Leaves)}, "/"))
	for _, q := range []string{"alpha", "beta gamma", "delta", "lorem ipsum", "epsilon zeta", "omega"} {
		for _, mode := range []Mode{Hybrid, BM25Only} {
			rs, err := e.Search(context.Background(), Query{Text: q, TopK: 10, Mode: mode})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				b.WriteString("\n" + r.Doc + "|" + r.HeadingPath + "|" + itoa(r.StartChar) + "|" + itoa(r.EndChar) +
					"|" + ftoa(r.HybridScore) + "|" + ftoa(r.BM25Score) + "|" + ftoa(r.VectorScore))
			}
		}
	}
	return b.String()
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
func ftoa(f float64) string {
	b, _ := json.Marshal(float64(int64(f*1e9)) / 1e9)
	return string(b)
}

var words = strings.Fields("alpha beta gamma delta epsilon zeta eta theta lorem ipsum dolor omega sit amet")

func randomDoc(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(4) + 1 {
		b.WriteString(strings.Repeat("#", r.IntN(3)+1) + " " + words[r.IntN(len(words))] + "\n")
		for range r.IntN(3) + 1 {
			for range r.IntN(12) + 1 {
				b.WriteString(words[r.IntN(len(words))] + " ")
			}
			b.WriteString("\n\n")
		}
	}
	return b.String()
}

// TestIncrementalEqualsRebuild applies random edit sequences as watcher
// events and compares the index with one built from scratch.
func TestIncrementalEqualsRebuild(t *testing.T) {
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 1))
		files := map[string]string{}
		for i := range 6 {
			files["d"+itoa(i)+".md"] = randomDoc(r)
		}
		e, fsys := openMem(t, files, WithMaxChunk(80)) // writes a cache of the start
		ctx := context.Background()
		snaps := map[string]bool{e.Status().SnapshotID: true}
		for step := range 30 {
			var names []string
			_ = fsys.Walk(func(n string) error { names = append(names, n); return nil })
			var ev Event
			switch op := r.IntN(4); {
			case op == 0 || len(names) == 0:
				ev = Event{Op: OpCreate, Path: "n" + itoa(step) + ".md"}
				if err := fsys.WriteFile(ev.Path, []byte(randomDoc(r)), ""); err != nil {
					t.Fatal(err)
				}
			case op == 1:
				ev = Event{Op: OpModify, Path: names[r.IntN(len(names))]}
				old, _ := fsys.ReadFile(ev.Path)
				if err := fsys.WriteFile(ev.Path, []byte(randomDoc(r)), pc.HashOf(old)); err != nil {
					t.Fatal(err)
				}
			case op == 2:
				ev = Event{Op: OpDelete, Path: names[r.IntN(len(names))]}
				old, _ := fsys.ReadFile(ev.Path)
				if err := fsys.Remove(ev.Path, pc.HashOf(old)); err != nil {
					t.Fatal(err)
				}
			default:
				ev = Event{Op: OpRename, OldPath: names[r.IntN(len(names))], Path: "sub/r" + itoa(step) + ".md"}
				old, _ := fsys.ReadFile(ev.OldPath)
				if err := fsys.Rename(ev.OldPath, ev.Path, pc.HashOf(old)); err != nil {
					t.Fatal(err)
				}
			}
			if err := e.Apply(ctx, ev); err != nil {
				t.Fatal(err)
			}
			id := e.Status().SnapshotID
			if snaps[id] {
				t.Fatalf("seed %d step %d: snapshot id %s did not change after %v", seed, step, id, ev)
			}
			snaps[id] = true
		}
		fresh, err := Open(ctx, fsys, WithCache(""), WithMaxChunk(80))
		if err != nil {
			t.Fatal(err)
		}
		want := snapshot(t, fresh)
		if got := snapshot(t, e); got != want {
			t.Fatalf("seed %d: incremental index differs from a rebuild:\n%s\n---\n%s", seed, got, want)
		}
		// A restart from the stale cache of the start (chunks, vectors and
		// BM25 index reused for unchanged files) finds the same.
		restarted, err := Open(ctx, fsys, WithMaxChunk(80))
		if err != nil {
			t.Fatal(err)
		}
		if got := snapshot(t, restarted); got != want {
			t.Fatalf("seed %d: restart from a stale cache differs from a rebuild:\n%s\n---\n%s", seed, got, want)
		}
	}
}

func TestWatcherStatus(t *testing.T) {
	e, fsys := openMem(t, map[string]string{"a.md": "# A\nx"}, WithCache(""))
	if st := e.Status(); st.Watching || !st.LastEvent.IsZero() || st.State != StateReady || st.Docs != 1 || st.Shards < 2 {
		t.Fatalf("status %+v", st)
	}
	e.SetWatching(true)
	_ = fsys.WriteFile("notes.txt", []byte("x"), "")
	if err := e.Apply(context.Background(), Event{Op: OpCreate, Path: "notes.txt"}); err != nil {
		t.Fatal(err)
	}
	st := e.Status()
	if !st.Watching || st.LastEvent.IsZero() || st.Docs != 1 {
		t.Fatalf("status %+v", st)
	}
	if err := e.Apply(context.Background(), Event{Op: "explode", Path: "a.md"}); pc.AsError(err).Code != pc.CodeInvalidArgument {
		t.Fatalf("unknown op: %v", err)
	}
}

// An engine from New answers Status at once (indexing), lets searches wait
// for its build, keeps the updates made meanwhile and writes no cache before
// it is built.
func TestBuildInBackground(t *testing.T) {
	fsys := memfs.New(map[string]string{"a.md": "# Apples\nred fruit\n"})
	e := New(fsys)
	if st := e.Status(); st.State != StateIndexing || st.Docs != 0 {
		t.Fatalf("status before the build: %+v", st)
	}
	short, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := e.Search(short, Query{Text: "apples"}); err == nil {
		t.Fatal("a search before the build neither waited nor failed")
	}
	if err := e.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := fsys.ReadFile(CachePath); err == nil {
		t.Fatal("cache written before the build")
	}
	// An update during indexing is applied, and the build sees it too.
	_ = fsys.WriteFile("b.md", []byte("# Bananas\nyellow fruit\n"), "")
	if err := e.Apply(context.Background(), Event{Op: OpCreate, Path: "b.md"}); err != nil {
		t.Fatal(err)
	}
	found := make(chan []Result)
	go func() {
		rs, err := e.Search(context.Background(), Query{Text: "yellow bananas"})
		if err != nil {
			t.Error(err)
		}
		found <- rs
	}()
	if err := e.Rebuild(context.Background()); err != nil {
		t.Fatal(err)
	}
	if rs := <-found; len(rs) == 0 || rs[0].Doc != "b.md" {
		t.Fatalf("waiting search found %+v", rs)
	}
	if st := e.Status(); st.State != StateReady || st.Docs != 2 || st.LastEvent.IsZero() {
		t.Fatalf("status after the build: %+v", st)
	}
	if err := e.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := fsys.ReadFile(CachePath); err != nil {
		t.Fatal("no cache after the build:", err)
	}
}

// brokenWalk is a vault whose folders cannot be listed.
type brokenWalk struct{ *memfs.FS }

func (brokenWalk) Walk(func(string) error) error { return errors.New("disk gone") }

// A first build that fails still ends indexing, and Status says why.
func TestFailedBuildIsReported(t *testing.T) {
	e := New(brokenWalk{memfs.New(map[string]string{"a.md": "# A\n"})}, WithCache(""))
	if err := e.Rebuild(context.Background()); err == nil {
		t.Fatal("no error")
	}
	if st := e.Status(); st.State != StateDegraded || !strings.Contains(st.Reason, "disk gone") {
		t.Fatalf("status %+v", st)
	}
	if rs, err := e.Search(context.Background(), Query{Text: "a"}); err != nil || len(rs) != 0 {
		t.Fatalf("search after a failed build: %v %v", rs, err)
	}
}

func memfsNew(files map[string]string) *memfs.FS { return memfs.New(files) }

// countingEmbedder counts the texts it embeds.
type countingEmbedder struct {
	HashEmbedder
	n atomic.Int64
}

func (c *countingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	c.n.Add(int64(len(texts)))
	return c.HashEmbedder.Embed(ctx, texts)
}

func snapshotOf(t *testing.T, e *Engine) string {
	var b strings.Builder
	for _, q := range exampleQueries {
		rs, err := e.Search(context.Background(), Query{Text: q, TopK: 5})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			b.WriteString(r.Doc + "|" + r.HeadingPath + "|" + itoa(r.StartChar) + "|" + ftoa(r.HybridScore) + "\n")
		}
	}
	return b.String()
}

// Searches, updates and rebuilds run together; no update is lost.
func TestConcurrentUse(t *testing.T) {
	files := map[string]string{}
	for i := range 20 {
		files["d"+itoa(i)+".md"] = "# Doc\nalpha beta " + itoa(i)
	}
	e, fsys := openMem(t, files, WithCache(""))
	ctx := context.Background()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 25 {
				switch w {
				case 0:
					name := "d" + itoa(i%20) + ".md"
					old, _ := fsys.ReadFile(name)
					if fsys.WriteFile(name, []byte("# Doc\ngamma "+itoa(i)), pc.HashOf(old)) == nil {
						_ = e.Update(ctx, name)
					}
				case 1:
					_ = e.Rebuild(ctx)
				default:
					_, _ = e.Search(ctx, Query{Text: "alpha gamma"})
					_ = e.Status()
				}
			}
		})
	}
	wg.Wait()
	fresh, err := Open(ctx, fsys, WithCache(""))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := snapshot(t, e), snapshot(t, fresh); got != want {
		t.Fatalf("after concurrent use the index differs from a rebuild:\n%s\n---\n%s", got, want)
	}
}

// TestContextVectors: a chunk that shares no word with the query but
// shares its neighbours with the chunks that use the query's word is
// drawn by the context vector, and only with it; the default is on for
// the built-in embedder only.
func TestContextVectors(t *testing.T) {
	files := map[string]string{
		"aa.md": "# Garden\n\nplease compost soil mulch\n",
		"b.md":  "# Rollback\n\nrollback revert previous build steps\n",
		"c.md":  "# Release\n\nrelease day: rollback revert previous build\n",
	}
	top := func(opts ...Option) []string {
		e, _ := openMem(t, files, append([]Option{WithCache("")}, opts...)...)
		rs, err := e.Search(context.Background(), Query{Text: "release", Mode: VectorOnly})
		if err != nil {
			t.Fatal(err)
		}
		var docs []string
		for _, r := range rs {
			docs = append(docs, r.Doc)
		}
		return docs
	}
	if got := top(WithContextVectors(0)); !slices.Equal(got, []string{"c.md", "aa.md", "b.md"}) {
		t.Errorf("without context vectors: %v, want aa.md (sharing trigrams) second", got)
	}
	want := []string{"c.md", "b.md", "aa.md"}
	if got := top(); !slices.Equal(got, want) {
		t.Errorf("with the default context vectors: %v, want %v", got, want)
	}
	for _, tc := range []struct {
		opts []Option
		want float64
	}{
		{nil, DefaultContextWeight},
		{[]Option{WithContextVectors(0)}, 0},
		{[]Option{WithContextVectors(-1)}, DefaultContextWeight},
		{[]Option{WithContextVectors(math.NaN())}, DefaultContextWeight},
		{[]Option{WithEmbedder(&HTTPEmbedder{})}, 0},
		{[]Option{WithEmbedder(&HTTPEmbedder{}), WithContextVectors(1)}, 1},
	} {
		if got := New(nil, tc.opts...).ctxWeight; got != tc.want {
			t.Errorf("context weight %v, want %v", got, tc.want)
		}
	}
}

// A note beyond MaxIndexedBytes (a 16 MB list without blank lines, which
// once took minutes to index) is indexed in part, searchable, and reported.
func TestHugeNoteIndexedInPartAndReported(t *testing.T) {
	list := strings.Repeat("- an item of a very long list\n", 16<<20/30)
	e, _ := openMem(t, map[string]string{"huge.md": "# Huge\n" + list, "small.md": "# Small\n\nneedle\n"}, WithCache(""))
	st := e.Status()
	assert.Equal(t, []string{"huge.md"}, st.Truncated)
	rs, err := e.Search(context.Background(), Query{Text: "needle", TopK: 5})
	require.NoError(t, err)
	require.NotEmpty(t, rs)
	assert.Equal(t, "small.md", rs[0].Doc)
	rs, err = e.Search(context.Background(), Query{Text: "item list", TopK: 5})
	require.NoError(t, err)
	assert.NotEmpty(t, rs)
}

// slowEmbedder takes a while per batch and records how many batches were
// embedded at once.
type slowEmbedder struct {
	Embedder
	active, most atomic.Int32
}

func (s *slowEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	n := s.active.Add(1)
	defer s.active.Add(-1)
	for m := s.most.Load(); n > m && !s.most.CompareAndSwap(m, n); m = s.most.Load() {
	}
	time.Sleep(3 * time.Millisecond)
	return s.Embedder.Embed(ctx, texts)
}

// A build with WithPause pauses every pauseSlice of work, its workers take
// turns (so that during a pause every one of them waits: in WebAssembly
// that is when a command runs), and what it builds is the same as
// without pauses.
func TestBuildPauses(t *testing.T) {
	files := map[string]string{}
	for i := range 400 {
		files[fmt.Sprintf("notes/n%03d.md", i)] = fmt.Sprintf("# Note %d\n\nreindex lock number %d\n\n## More\n\ntext %d\n", i, i, i)
	}
	var pauses []time.Time
	slow := &slowEmbedder{Embedder: NewHashEmbedder(0)}
	paused, _ := openMem(t, files, WithShards(2), WithEmbedder(slow), WithPause(func() { pauses = append(pauses, time.Now()) }))
	plain, _ := openMem(t, files, WithShards(2), WithEmbedder(&slowEmbedder{Embedder: NewHashEmbedder(0)}))
	assert.Equal(t, int32(1), slow.most.Load(), "the workers take turns")
	require.NotEmpty(t, pauses, "a build of %d documents pauses", 400)
	for k := 1; k < len(pauses); k++ {
		assert.GreaterOrEqual(t, pauses[k].Sub(pauses[k-1]), pauseSlice, "no pause before a slice is spent")
	}
	q := Query{Text: "reindex lock 7", TopK: 5}
	a, err := paused.Search(context.Background(), q)
	require.NoError(t, err)
	b, err := plain.Search(context.Background(), q)
	require.NoError(t, err)
	assert.Equal(t, docsOf(b), docsOf(a))
}

func docsOf(rs []Result) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Doc+" > "+r.HeadingPath)
	}
	return out
}

// A section that holds more of the query's words, its rarest among them,
// is not demoted below a longer document's section that holds fewer (the
// smoothing by document once did that: Deployment Runbook > Backups and
// restore ranked above a short note's Backups section for this query).
func TestSectionWithMoreOfTheQueryWins(t *testing.T) {
	files := exampleFiles(t)
	files["notes/ops.md"] = "# Ops\n\n## Deploys\n\nWe deploy with Compose on Tuesdays.\n\n## Backups\n\nNightly snapshots go to cold storage with zstd compression.\n"
	e, _ := openMem(t, files, WithCache(""))
	for _, q := range []string{"how are nightly backups compressed", "nightly backup compression", "zstd compression of snapshots"} {
		rs, err := e.Search(context.Background(), Query{Text: q, TopK: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) == 0 || rs[0].Doc != "notes/ops.md" || rs[0].HeadingPath != "Ops > Backups" {
			t.Errorf("%q: first is %+v, want notes/ops.md > Ops > Backups", q, rs[:min(len(rs), 1)])
		}
	}
}

// An update during a build is recorded, not waited for (a command's answer
// and the editor's events go ahead of the build), and the build applies it
// before it ends: a search after the build finds the new text.
func TestUpdateDuringABuildDoesNotWait(t *testing.T) {
	files := map[string]string{}
	for i := range 2000 {
		files[fmt.Sprintf("notes/n%04d.md", i)] = fmt.Sprintf("# Note %d\n\nplain words %d\n", i, i)
	}
	fsys := memfsNew(files)
	slow := &slowEmbedder{Embedder: NewHashEmbedder(0)}
	e := New(fsys, WithShards(2), WithEmbedder(slow), WithCache(""), WithPause(func() { time.Sleep(time.Millisecond) }))
	built := make(chan error, 1)
	go func() { built <- e.Rebuild(context.Background()) }()
	require.Eventually(t, func() bool {
		e.pendMu.Lock()
		defer e.pendMu.Unlock()
		return e.building
	}, 5*time.Second, time.Millisecond)
	require.NoError(t, fsys.Put("notes/n0007.md", []byte("# Note 7\n\nzucchini casserole\n")))
	require.NoError(t, e.Update(context.Background(), "notes/n0007.md"))
	require.NoError(t, fsys.Delete("notes/n0008.md"))
	e.Remove("notes/n0008.md")
	select {
	case <-built:
		t.Fatal("the update waited for the build to end")
	default:
	}
	require.NoError(t, <-built)
	rs, err := e.Search(context.Background(), Query{Text: "zucchini casserole", TopK: 3})
	require.NoError(t, err)
	require.NotEmpty(t, rs)
	assert.Equal(t, "notes/n0007.md", rs[0].Doc)
	assert.Equal(t, 1999, e.Status().Docs, "the deleted note left the index")
}

// A section that holds every word of the query, its rarest included, wins
// over its parent section, which the vectors prefer because it repeats
// the common words (the coordination factor, see coverWeight): a query
// naming a release finds that release's section.
func TestSectionHoldingTheRarestWordWins(t *testing.T) {
	files := exampleFiles(t)
	files["notes/godebug.md"] = "# Releases\n\n## Godebug history\n\nGo godebug history: each go godebug setting keeps its history.\n\n### Go 1.21\n\n" +
		"The 1.21 release added panicnil, zipinsecurepath and x509sha1, changed how the runtime, the linker and the network stack behave, " +
		"and made the toolchain line of a module file decide which settings apply to a program built from it.\n"
	e, _ := openMem(t, files, WithCache(""))
	rs, err := e.Search(context.Background(), Query{Text: "godebug history go 1.21", TopK: 3})
	require.NoError(t, err)
	require.NotEmpty(t, rs)
	require.Equal(t, "Releases > Godebug history > Go 1.21", rs[0].HeadingPath, "first: %s > %s", rs[0].Doc, rs[0].HeadingPath)
}

// TestIsDoc: markdown files in any letter case, outside hidden folders.
func TestIsDoc(t *testing.T) {
	for name, want := range map[string]bool{
		"a.md": true, "Notes/Plan.MD": true, "x/y.Md": true, "é/ü.md": true,
		"md": false, ".md": false, "a.mdx": false, "a.md.txt": false, "a.canvas": false,
		".obsidian/a.md": false, "x/.trash/a.md": false, "node_modules/a.md": false, "": false,
	} {
		if got := IsDoc(name); got != want {
			t.Errorf("IsDoc(%q) = %v, want %v", name, got, want)
		}
	}
}

// A section that holds every query word in some English form (compressed,
// compression) ranks above one that lacks a query word: the stemmer joins
// a verb and its -ion noun.
func TestWordFormsJoin(t *testing.T) {
	files := map[string]string{
		"runbook.md": "# Runbook\n\n## Backups and restore\n\nNightly backups run at two; restore them from the console. Backups are kept for a month.\n",
		"notes.md":   "# Notes\n\n## Backups\n\nNightly backups use zstd compression.\n",
	}
	e, _ := openMem(t, files, WithCache(""))
	for _, q := range []string{"how are nightly backups compressed", "nightly backup compression", "compressing nightly backups"} {
		rs, err := e.Search(context.Background(), Query{Text: q, TopK: 2})
		require.NoError(t, err)
		require.NotEmpty(t, rs)
		assert.Equal(t, "notes.md", rs[0].Doc, q)
	}
}
