package docsearch

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// The second relevance corpus (testdata/relevance-godoc.tsv): the
// documentation of the Go distribution the tests run with, text that no
// one on this project wrote. Each package below becomes one markdown
// document, "<import path>.md", rendered the way pkg.go.dev shows it: the
// package comment (its headings at level 2), then every exported function
// and type (a level-2 heading each, methods and constructors at level 3
// under their type) with its declaration and its doc comment. doc/godebug.md
// is added as it is. Nothing is copied into the repository: the corpus is
// rebuilt from GOROOT at test time, for linux/amd64 whatever the host.

// godocPackages are the packages of the corpus: the commands and packages
// a Go programmer reads most, with long package comments among them.
var godocPackages = strings.Fields(`
	archive/tar archive/zip bufio bytes cmp compress/gzip container/heap container/list
	context crypto/rand crypto/sha256 crypto/tls crypto/x509 database/sql embed
	encoding/base64 encoding/binary encoding/csv encoding/gob encoding/json encoding/xml
	errors expvar flag fmt go/ast go/build go/build/constraint go/doc go/doc/comment
	go/format go/parser go/token hash/maphash html html/template image image/png io io/fs
	iter log log/slog maps math math/big math/bits math/rand/v2 mime mime/multipart net
	net/http net/http/cookiejar net/http/httptest net/http/httptrace net/http/httputil
	net/http/pprof net/mail net/netip net/smtp net/url os os/exec os/signal os/user path
	path/filepath plugin reflect regexp regexp/syntax runtime runtime/cgo runtime/debug
	runtime/pprof runtime/trace slices sort strconv strings sync sync/atomic testing
	testing/fstest testing/quick testing/synctest text/scanner text/tabwriter
	text/template text/template/parse time unicode unicode/utf8 unique unsafe weak
	cmd/go cmd/cgo cmd/compile cmd/vet cmd/link cmd/gofmt cmd/cover cmd/pprof cmd/fix
	cmd/objdump cmd/asm cmd/trace cmd/test2json cmd/doc`)

// godocExtra are markdown files of GOROOT added as they are.
var godocExtra = []string{"doc/godebug.md"}

var godocDump = flag.String("godoc.dump", "", "write the Go documentation corpus to this folder")

var godocCorpus struct {
	once  sync.Once
	files map[string]string
	err   error
}

// godocFiles returns the corpus, built once per test binary.
func godocFiles() (map[string]string, error) {
	godocCorpus.once.Do(func() {
		godocCorpus.files, godocCorpus.err = buildGodoc(build.Default.GOROOT)
	})
	return godocCorpus.files, godocCorpus.err
}

// buildGodoc renders the corpus from the GOROOT at root. Packages are
// parsed in parallel; a package missing from this Go version is left out.
func buildGodoc(root string) (map[string]string, error) {
	if root == "" {
		return nil, os.ErrNotExist
	}
	files := make(map[string]string)
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make([]error, len(godocPackages))
	sem := make(chan struct{}, 4)
	for i, path := range godocPackages {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			md, err := packageMarkdown(root, path)
			if err != nil {
				errs[i] = err
				return
			}
			mu.Lock()
			files[path+".md"] = md
			mu.Unlock()
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil && !os.IsNotExist(err) {
			return nil, err
		}
	}
	for _, name := range godocExtra {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			continue
		}
		files[name] = hugoAttr.ReplaceAllString(string(data), "")
	}
	if len(files) == 0 {
		return nil, os.ErrNotExist
	}
	return files, nil
}

// hugoAttr is the " {#id}" that the Go website's markdown puts after a
// heading: not part of its title.
var hugoAttr = regexp.MustCompile(`(?m) *\{#[\w-]+\}$`)

// godocContext selects the files of one platform, so that the corpus is
// the same on every host.
var godocContext = func() build.Context {
	c := build.Default
	c.GOOS, c.GOARCH, c.CgoEnabled = "linux", "amd64", true
	return c
}()

// packageMarkdown renders one package's documentation as markdown.
func packageMarkdown(root, path string) (string, error) {
	dir := filepath.Join(root, "src", filepath.FromSlash(path))
	if _, err := os.Stat(dir); err != nil {
		return "", err
	}
	bp, err := godocContext.ImportDir(dir, 0)
	if err != nil {
		return "", err
	}
	fset := token.NewFileSet()
	var asts []*ast.File
	for _, name := range append(bp.GoFiles, bp.CgoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return "", err
		}
		asts = append(asts, f)
	}
	pkg, err := doc.NewFromFiles(fset, asts, path)
	if err != nil {
		return "", err
	}
	w := &mdWriter{pkg: pkg, fset: fset}
	w.printf("# %s\n\n", path)
	w.comment(pkg.Doc, 2)
	if pkg.Name == "main" {
		return w.b.String(), w.err // a command: its documentation is the package comment
	}
	w.values("Constants", pkg.Consts)
	w.values("Variables", pkg.Vars)
	for _, f := range pkg.Funcs {
		w.fn(f, 2)
	}
	for _, t := range pkg.Types {
		w.printf("## type %s\n\n", t.Name)
		w.decl(t.Decl)
		w.comment(t.Doc, 3)
		for _, v := range append(t.Consts, t.Vars...) {
			w.decl(v.Decl)
			w.comment(v.Doc, 3)
		}
		for _, f := range append(t.Funcs, t.Methods...) {
			w.fn(f, 3)
		}
	}
	return w.b.String(), w.err
}

// mdWriter writes one package's markdown.
type mdWriter struct {
	pkg  *doc.Package
	fset *token.FileSet
	b    strings.Builder
	err  error
}

func (w *mdWriter) printf(format string, args ...any) {
	w.b.WriteString(strings.TrimSpace(fmt.Sprintf(format, args...)) + "\n\n")
}

// comment writes a doc comment, its headings at level.
func (w *mdWriter) comment(text string, level int) {
	if strings.TrimSpace(text) == "" {
		return
	}
	p := w.pkg.Printer()
	p.HeadingLevel = level
	p.HeadingID = func(*comment.Heading) string { return "" }
	// Links as their text: what a reader of the page sees.
	p.DocLinkURL = func(*comment.DocLink) string { return "" }
	w.b.Write(p.Markdown(w.pkg.Parser().Parse(text)))
	w.b.WriteString("\n")
}

// decl writes a declaration as a Go code block.
func (w *mdWriter) decl(d ast.Decl) {
	var buf bytes.Buffer
	if err := (&printer.Config{Mode: printer.UseSpaces, Tabwidth: 4}).Fprint(&buf, w.fset, d); err != nil {
		w.err = err
		return
	}
	w.b.WriteString("```go\n" + buf.String() + "\n```\n\n")
}

func (w *mdWriter) values(title string, vs []*doc.Value) {
	if len(vs) == 0 {
		return
	}
	w.printf("## %s", title)
	for _, v := range vs {
		w.decl(v.Decl)
		w.comment(v.Doc, 3)
	}
}

// fn writes a function or method under a heading of level.
func (w *mdWriter) fn(f *doc.Func, level int) {
	name := f.Name
	if f.Recv != "" {
		name = "(" + f.Recv + ") " + name
	}
	w.printf("%s func %s", strings.Repeat("#", level), name)
	f.Decl.Body = nil
	w.decl(f.Decl)
	w.comment(f.Doc, level+1)
}

// TestGodocDump writes the corpus to a folder for reading and labelling:
// go test -run TestGodocDump ./projectcanvas/docsearch -args -godoc.dump=DIR
func TestGodocDump(t *testing.T) {
	if *godocDump == "" {
		t.Skip("run with -godoc.dump=DIR")
	}
	files, err := godocFiles()
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		p := filepath.Join(*godocDump, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// godocLabelledWith is the Go version whose documentation
// testdata/relevance-godoc.tsv was labelled against: with it, every
// labelled section must exist (a label that no longer matches is a test
// failure, not a silent zero).
const godocLabelledWith = "go1.26"

// godocEngine returns the engine over the corpus and the labelled set
// without the queries whose sections this Go version lacks (each one
// logged; with godocLabelledWith, an error).
func godocEngine(t *testing.T, opts ...Option) (*Engine, []labelled) {
	t.Helper()
	files, err := godocFiles()
	if err != nil {
		t.Skipf("no Go documentation to build the corpus from (GOROOT %q): %v", build.Default.GOROOT, err)
	}
	set := loadRelevance(t, "relevance-godoc.tsv")
	e, _ := openMem(t, files, append([]Option{WithCache("")}, opts...)...)
	sections := map[string]bool{}
	e.Chunks(func(c Chunk, _ string, _ []float32) { sections[c.Doc+" :: "+c.HeadingPath] = true })
	strict := runtime.Version() == godocLabelledWith || strings.HasPrefix(runtime.Version(), godocLabelledWith+".")
	var kept []labelled
	for _, l := range set {
		ok := true
		for s := range l.grades {
			if !sections[s] {
				ok = false
				if strict {
					t.Errorf("%q: labelled section %q does not exist in %s's documentation", l.query, s, runtime.Version())
				} else {
					t.Logf("skipping %q: section %q does not exist in %s's documentation", l.query, s, runtime.Version())
				}
			}
		}
		if ok {
			kept = append(kept, l)
		}
	}
	return e, kept
}

// TestRelevanceGodoc (make eval-search-godoc) scores the labelled set
// over the Go documentation, on the tuning half and on the held-out half
// (see the file's header): hybrid must beat BM25 on the half no parameter
// was chosen on, and BM25 on the corrected query over the whole set.
func TestRelevanceGodoc(t *testing.T) {
	if raceEnabled {
		// Parsing 109 packages under the race detector takes 10 s or
		// more on two cores, and ranking has no concurrency to check:
		// make test runs this test without -race (test-go).
		t.Skip("skipped under -race; make test-go runs it without")
	}
	e, set := godocEngine(t)
	if len(set) < 100 {
		t.Fatalf("the Go documentation set has %d usable queries, want at least 100", len(set))
	}
	st := e.Status()
	h := halves(set)
	var res [2]map[Mode]map[string]score2
	for i, name := range []string{"tuning", "held-out"} {
		res[i] = evaluate(t, e, h[i])
		printTable(t, fmt.Sprintf("Go documentation (%s: %d files, %d sections), %s half: %d queries (nDCG@10 / MRR)",
			runtime.Version(), st.Docs, st.Nodes, name, len(h[i])), res[i])
	}
	if hy, bm := res[1][Hybrid]["all"].ndcg, res[1][BM25Only]["all"].ndcg; hy <= bm {
		t.Errorf("held-out half: hybrid nDCG@10 %.3f is not above BM25's %.3f", hy, bm)
	}
	// Nor is the gain all the spelling correction's: over the whole set,
	// hybrid beats BM25 on the corrected query too.
	whole := func(m Mode) float64 {
		n0, n1 := float64(len(h[0])), float64(len(h[1]))
		return (res[0][m]["all"].ndcg*n0 + res[1][m]["all"].ndcg*n1) / (n0 + n1)
	}
	if hy, bm := whole(Hybrid), whole(bm25Fixed); hy <= bm {
		t.Errorf("whole set: hybrid nDCG@10 %.3f is not above corrected BM25's %.3f", hy, bm)
	}
}

// BenchmarkSearchGodoc runs the queries of the Go documentation set in
// turn (hybrid, top_k 8) and reports the median; heap-MB is what the
// index of the corpus holds, cache-MB the size of its cache file.
func BenchmarkSearchGodoc(b *testing.B) {
	files, err := godocFiles()
	if err != nil {
		b.Skip(err)
	}
	set := loadRelevance(b, "relevance-godoc.tsv")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fsys := memfs.New(files)
	e, err := Open(context.Background(), fsys, WithCache(CachePath))
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	cache, _ := fsys.ReadFile(CachePath)
	var times []time.Duration
	b.ResetTimer()
	i := 0
	for b.Loop() {
		start := time.Now()
		if _, err := e.Search(context.Background(), Query{Text: set[i%len(set)].query, TopK: 8, MaxExcerptChars: 4000}); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		i++
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "heap-MB")
	b.ReportMetric(float64(len(cache))/(1<<20), "cache-MB")
}

// A query naming a section finds it before a section that only speaks of
// its subject (the title's share of the query, see titleWeight): on the
// Go documentation, "GODEBUG history Go 1.21" found the page's table of
// defaults, which holds every word of it too.
func TestSectionNamedByTheQueryWins(t *testing.T) {
	if raceEnabled {
		t.Skip("skipped under -race (see TestRelevanceGodoc)")
	}
	e, _ := godocEngine(t)
	found := false
	e.Chunks(func(c Chunk, _ string, _ []float32) {
		found = found || c.Doc == "doc/godebug.md" && c.HeadingPath == "GODEBUG History > Go 1.21"
	})
	if !found {
		t.Skipf("%s's documentation has no section GODEBUG History > Go 1.21", runtime.Version())
	}
	rs, err := e.Search(context.Background(), Query{Text: "GODEBUG history Go 1.21", TopK: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) == 0 || rs[0].Doc != "doc/godebug.md" || rs[0].HeadingPath != "GODEBUG History > Go 1.21" {
		t.Fatalf("first is %+v, want doc/godebug.md > GODEBUG History > Go 1.21", rs[:min(len(rs), 1)])
	}
}
