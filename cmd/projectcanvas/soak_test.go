package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

var (
	soakDuration = flag.Duration("soak.duration", 30*time.Second, "how long TestSoak loads the server (make soak DURATION=10m)")
	soakEntities = flag.Int("soak.entities", 1000, "entity files of TestSoak's generated vault")
	soakDocs     = flag.Int("soak.docs", 500, "other notes of TestSoak's generated vault")
	soakReport   = flag.String("soak.report", "", "file TestSoak writes its report to (markdown)")
	soakHeap     = flag.String("soak.heapprofile", "", "file TestSoak writes a heap profile to when the load stops")
)

const (
	soakClients = 16
	soakOwned   = 8 // tasks each client alone updates, to check that its last write stands
	soakCreates = 5 // tasks each client creates while warming up
)

// soakOps are the clients' operations and their weights.
var soakOps = []struct {
	name   string
	weight int
}{
	{"get_entity", 30}, {"list_entities", 15}, {"search_entities", 10}, {"search_docs", 10},
	{"update_entity", 20}, {"update_shared", 5}, {"batch_update", 10},
}

// TestSoak runs the server with its watcher and document index for
// -soak.duration while 16 clients mix reads, writes, searches and batches
// and a person saves entity files and notes by hand, then checks that
// every file is valid, no id is duplicated, neither the clients' last
// writes nor the person's saves were lost (outside the window osfs
// documents and counts), and the server's indexes equal a fresh build. It
// reports throughput, p50/p99 per operation and memory over time, which
// must not grow after warm-up. make test runs 30 seconds on a small vault;
// make soak DURATION=10m the figures of docs/RELIABILITY.md.
func TestSoak(t *testing.T) {
	if testing.Short() {
		t.Skip("soak")
	}
	vault := t.TempDir()
	files := vaultgen.Files(*soakEntities)
	maps.Copy(files, vaultgen.Notes(*soakDocs, *soakEntities))
	require.NoError(t, vaultgen.WriteFiles(vault, files))
	files = nil
	began := time.Now()
	ts := startTestServer(t, vault)
	ctx := context.Background()
	status, out, err := ts.do(ctx, "POST", "/tools/search_docs", map[string]any{"query": "cache"}) // waits for the document index
	require.NoError(t, err)
	require.Equal(t, 200, status, out)
	r := &soakRun{ts: ts, lat: map[string]*latencies{}, started: time.Now()}
	r.logf("vault: %d entities, %d notes; serving after %v", *soakEntities, *soakDocs, time.Since(began).Round(time.Millisecond))

	tasks := r.taskIDs(t)
	require.Greater(t, len(tasks), 3+soakClients*soakOwned, "a vault big enough for every client's tasks")
	shared := tasks[:3] // saved by hand and updated by the clients
	var notes []string
	for _, n := range r.noteNames(t, vault) {
		notes = append(notes, n)
		if len(notes) == 3 {
			break
		}
	}
	var handFiles []string
	for _, id := range shared {
		e, err := ts.env.Project.Get(id)
		require.NoError(t, err)
		handFiles = append(handFiles, e.Path)
	}
	handFiles = append(handFiles, notes...)

	stop := make(chan struct{})
	var wg sync.WaitGroup
	mem := &memSamples{}
	wg.Go(func() { mem.run(stop, max(time.Second, *soakDuration/30)) })
	editor := &handEditor{vault: vault, files: handFiles}
	wg.Go(func() { editor.run(t, stop) })
	clients := make([]*soakClient, soakClients)
	for c := range clients {
		cl := &soakClient{r: r, n: c, owned: tasks[3+c*soakOwned : 3+(c+1)*soakOwned], shared: shared, titles: map[string]string{}}
		clients[c] = cl
		wg.Go(func() { cl.run(ctx, stop) })
	}
	time.Sleep(*soakDuration)
	close(stop)
	wg.Wait()
	elapsed := time.Since(r.started)
	if *soakHeap != "" {
		f, err := os.Create(*soakHeap)
		require.NoError(t, err)
		runtime.GC()
		require.NoError(t, pprof.WriteHeapProfile(f))
		require.NoError(t, f.Close())
	}
	time.Sleep(time.Second) // the watcher's last flush (at most 200 ms after the last event)

	// The clients' last writes stand; ids handed out are unique.
	var created []string
	for _, cl := range clients {
		assert.Empty(t, cl.errs, "client %d", cl.n)
		created = append(created, cl.created...)
		for id, title := range cl.titles {
			e, err := ts.env.Project.Get(id)
			require.NoError(t, err)
			assert.Equal(t, title, e.Title, "the last write of client %d on %s", cl.n, id)
		}
	}
	sorted := slices.Sorted(slices.Values(created))
	assert.Equal(t, len(sorted), len(slices.Compact(sorted)), "an id was handed out twice")

	// The person's saves: every one is in its file, except those the
	// documented window lost, which osfs counts.
	gaveWay, doubleSaves := ts.fsys.Races()
	lost := editor.finish(t)
	assert.LessOrEqual(t, int64(len(lost)), gaveWay, "hand saves lost outside the documented window: %v", lost)

	// Every file is valid and the server's indexes equal fresh ones.
	fsys, err := osfs.New(vault)
	require.NoError(t, err)
	fresh, err := pc.Open(fsys)
	require.NoError(t, err)
	assert.Empty(t, fresh.Problems(), "every file valid, no id on two files")
	assert.Equal(t, fresh.Len(), *soakEntities+len(created))
	assert.Equal(t, entityList(fresh), entityList(ts.env.Project), "the server's index equals a fresh one")
	freshDocs, err := docsearch.Open(ctx, fresh.Files(), docsearch.WithCache(""))
	require.NoError(t, err)
	assert.Equal(t, chunkList(freshDocs), chunkList(ts.env.Docs), "the document index equals a fresh one")

	r.report(t, elapsed, mem, editor, gaveWay, doubleSaves, len(lost))
	mem.checkFlat(t)
}

// soakRun is one soak's shared state.
type soakRun struct {
	ts      *testServer
	started time.Time
	mu      sync.Mutex
	lat     map[string]*latencies
	lines   []string
}

func (r *soakRun) logf(format string, args ...any) {
	r.lines = append(r.lines, fmt.Sprintf(format, args...))
}

// time records one call of op.
func (r *soakRun) time(op string, began time.Time) {
	r.mu.Lock()
	l := r.lat[op]
	if l == nil {
		l = &latencies{}
		r.lat[op] = l
	}
	r.mu.Unlock()
	l.add(time.Since(began))
}

func (r *soakRun) taskIDs(t *testing.T) []string {
	var ids []string
	for _, e := range r.ts.env.Project.All() {
		if e.Type == pc.Task && !e.Archived {
			ids = append(ids, string(e.ID))
		}
	}
	require.NotEmpty(t, ids)
	return ids
}

// noteNames lists the vault's markdown files that are not entities.
func (r *soakRun) noteNames(t *testing.T, vault string) []string {
	var out []string
	err := filepath.WalkDir(vault, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		rel, _ := filepath.Rel(vault, p)
		if name := filepath.ToSlash(rel); !strings.HasPrefix(name, "Projects/") {
			out = append(out, name)
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, out, "notes to edit by hand")
	return out
}

// soakClient is one of the 16 clients.
type soakClient struct {
	r       *soakRun
	n       int
	owned   []string
	shared  []string
	titles  map[string]string // owned id -> last title written
	created []string
	errs    []string
}

func (cl *soakClient) run(ctx context.Context, stop <-chan struct{}) {
	rng := rand.New(rand.NewPCG(uint64(cl.n), 17))
	total := 0
	for _, op := range soakOps {
		total += op.weight
	}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		default:
		}
		if len(cl.created) < soakCreates {
			cl.call(ctx, "create_entity", "POST", "/entities", map[string]any{"type": "task", "data": map[string]any{
				"title": fmt.Sprintf("soak c%d task %d", cl.n, i), "parent": "S-001"}})
			continue
		}
		pick := rng.IntN(total)
		op := soakOps[0].name
		for _, o := range soakOps {
			if pick < o.weight {
				op = o.name
				break
			}
			pick -= o.weight
		}
		cl.do(ctx, rng, op, i)
	}
}

func (cl *soakClient) do(ctx context.Context, rng *rand.Rand, op string, i int) {
	own := cl.owned[rng.IntN(len(cl.owned))]
	switch op {
	case "get_entity":
		cl.call(ctx, op, "GET", "/entities/"+cl.owned[rng.IntN(len(cl.owned))], nil)
	case "list_entities":
		cl.call(ctx, op, "GET", []string{"/entities?type=task&max_items=50", "/entities?status=in_progress&max_items=100", "/entities?workstream=design&max_items=20"}[i%3], nil)
	case "search_entities":
		cl.call(ctx, op, "POST", "/tools/search_entities", map[string]any{"query": []string{"login cache", "billing export", "soak"}[i%3]})
	case "search_docs":
		cl.call(ctx, op, "POST", "/tools/search_docs", map[string]any{"query": []string{"lock held during reindexing", "offline access exports", "hand edit"}[i%3]})
	case "update_entity":
		title := fmt.Sprintf("c%d update %d", cl.n, i)
		if cl.call(ctx, op, "PUT", "/entities/"+own, map[string]any{"data": map[string]any{"title": title}}) {
			cl.titles[own] = title
		}
	case "update_shared":
		cl.call(ctx, op, "PUT", "/entities/"+cl.shared[rng.IntN(len(cl.shared))], map[string]any{"data": map[string]any{"priority": fmt.Sprintf("P%d", i%4)}})
	case "batch_update":
		var ops []map[string]any
		titles := map[string]string{}
		for k := range 3 {
			id := cl.owned[(i+k)%len(cl.owned)]
			titles[id] = fmt.Sprintf("c%d batch %d.%d", cl.n, i, k)
			ops = append(ops, map[string]any{"op": "update", "id": id, "data": map[string]any{"title": titles[id]}})
		}
		if cl.call(ctx, op, "POST", "/tools/batch_update", map[string]any{"ops": ops, "options": map[string]any{"atomic": true}}) {
			maps.Copy(cl.titles, titles)
		}
	}
}

// call sends one request, times it and notes unexpected failures. A
// conflict on a file saved by hand meanwhile is expected.
func (cl *soakClient) call(ctx context.Context, op, method, path string, body any) bool {
	began := time.Now()
	status, out, err := cl.r.ts.do(ctx, method, path, body)
	cl.r.time(op, began)
	switch {
	case err == nil && status < 300:
		if op == "create_entity" {
			cl.created = append(cl.created, out["id"].(string))
		}
		if op == "batch_update" && !batchSucceeded(out, 3) {
			cl.errs = append(cl.errs, fmt.Sprintf("%s %s: %v", method, path, out))
			return false
		}
		return true
	case err == nil && status == 409 && op == "update_shared":
		cl.r.time("conflict (hand save)", began)
		return false
	}
	cl.errs = append(cl.errs, fmt.Sprintf("%s %s: status %d: %v %v", method, path, status, err, out))
	return false
}

// handEditor saves files as an editor does (a temporary file renamed over
// the file), each save adding a numbered line (and to an entity, a new
// title) and dropping the lines of its saves before the last handKeep of
// that file, so that files stay the same size however long the soak. It
// checks, when it reads a file again, that the lines of its recent saves
// are all there: a missing one was lost.
type handEditor struct {
	vault  string
	files  []string
	recent map[string][]int // per file, its saves whose lines it keeps
	saves  int
	lost   []string
}

const handKeep = 20

func (h *handEditor) run(t *testing.T, stop <-chan struct{}) {
	h.recent = map[string][]int{}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		case <-time.After(5 * time.Millisecond):
		}
		name := h.files[i%len(h.files)]
		p := filepath.Join(h.vault, filepath.FromSlash(name))
		data, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("hand editor: %v", err)
			return
		}
		h.check(name, data)
		if strings.HasPrefix(name, "Projects/") {
			data = retitle(data, fmt.Sprintf("Hand edit %d", i))
		}
		h.recent[name] = append(h.recent[name], i)
		if n := len(h.recent[name]); n > handKeep {
			old := h.recent[name][0]
			h.recent[name] = h.recent[name][1:]
			data = bytes.Replace(data, fmt.Appendf(nil, "\nhand %d\n", old), []byte("\n"), 1)
		}
		data = append(bytes.TrimRight(data, "\n"), fmt.Sprintf("\n\nhand %d\n", i)...)
		tmp := p + ".editor~"
		if err := os.WriteFile(tmp, data, 0o644); err != nil {
			t.Errorf("hand editor: %v", err)
			return
		}
		if err := os.Rename(tmp, p); err != nil {
			t.Errorf("hand editor: %v", err)
			return
		}
		h.saves++
	}
}

// check notes the recent saves of name whose line data lacks.
func (h *handEditor) check(name string, data []byte) {
	present := map[int]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if n, ok := strings.CutPrefix(sc.Text(), "hand "); ok {
			if i, err := strconv.Atoi(n); err == nil {
				present[i] = true
			}
		}
	}
	kept := h.recent[name][:0]
	for _, i := range h.recent[name] {
		if present[i] {
			kept = append(kept, i)
		} else {
			h.lost = append(h.lost, fmt.Sprintf("save %d of %s", i, name))
		}
	}
	h.recent[name] = kept
}

// retitle replaces the title line of an entity file's front matter.
func retitle(data []byte, title string) []byte {
	lines := strings.SplitAfter(string(data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "title: ") {
			lines[i] = "title: " + title + "\n"
			break
		}
	}
	return []byte(strings.Join(lines, ""))
}

// finish checks every file a last time and returns the lost saves.
func (h *handEditor) finish(t *testing.T) []string {
	for _, name := range h.files {
		data, err := os.ReadFile(filepath.Join(h.vault, filepath.FromSlash(name)))
		require.NoError(t, err)
		h.check(name, data)
	}
	return h.lost
}

// entityList renders every entity of p, all fields, for comparison.
func entityList(p *pc.Project) []string {
	var out []string
	for _, e := range p.All() {
		out = append(out, fmt.Sprintf("%+v", *e))
	}
	return out
}

// chunkList renders every chunk of a document index, for comparison.
func chunkList(e *docsearch.Engine) []string {
	var out []string
	e.Chunks(func(c docsearch.Chunk, text string, _ []float32) {
		out = append(out, fmt.Sprintf("%+v %q", c, text))
	})
	slices.Sort(out)
	return out
}

// memSamples records the process's memory while the soak runs.
type memSamples struct {
	at        []time.Duration
	rss, live []uint64
}

func (m *memSamples) run(stop <-chan struct{}, every time.Duration) {
	start := time.Now()
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	for {
		select {
		case <-stop:
			return
		case <-time.After(every):
		}
		metrics.Read(sample)
		m.at = append(m.at, time.Since(start))
		m.rss = append(m.rss, residentBytes())
		m.live = append(m.live, sample[0].Value.Uint64())
	}
}

// checkFlat fails when the live heap grew after warm-up (the first third):
// the last third's peak may exceed the middle third's by a quarter and
// 16 MiB at most.
func (m *memSamples) checkFlat(t *testing.T) {
	n := len(m.live)
	if n < 6 {
		return
	}
	middle, last := slices.Max(m.live[n/3:2*n/3]), slices.Max(m.live[2*n/3:])
	assert.LessOrEqual(t, last, middle+middle/4+16<<20, "the live heap grew after warm-up: %d then %d bytes", middle, last)
}

// residentBytes is the process's resident set size (Linux), or 0.
func residentBytes() uint64 { return procStatus("VmRSS:") }

// procStatus is a size in /proc/self/status (Linux: VmRSS, VmHWM), or 0.
func procStatus(key string) uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for l := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(l, key); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// report logs the soak's figures and writes them to -soak.report.
func (r *soakRun) report(t *testing.T, elapsed time.Duration, mem *memSamples, h *handEditor, gaveWay, doubleSaves int64, lost int) {
	var b strings.Builder
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(&b, "Soak: %v, %d clients, %d CPUs (GOMAXPROCS %d), load average at the end %s\n", elapsed.Round(time.Second), soakClients,
		runtime.NumCPU(), runtime.GOMAXPROCS(0), strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "))
	for _, l := range r.lines {
		fmt.Fprintln(&b, l)
	}
	fmt.Fprintf(&b, "\n| operation | calls | per second | p50 ms | p99 ms |\n|---|---|---|---|---|\n")
	total := 0
	for _, op := range slices.Sorted(maps.Keys(r.lat)) {
		l := r.lat[op]
		slices.Sort(l.all)
		n := len(l.all)
		total += n
		fmt.Fprintf(&b, "| %s | %d | %.1f | %.2f | %.2f |\n", op, n, float64(n)/elapsed.Seconds(),
			ms(l.all[n/2]), ms(l.all[n*99/100]))
	}
	fmt.Fprintf(&b, "| all | %d | %.1f | | |\n", total, float64(total)/elapsed.Seconds())
	fmt.Fprintf(&b, "\nHand saves: %d (%d files); put back after landing in the window: %d; second saves in the window: %d; lost: %d\n",
		h.saves, len(h.files), gaveWay, doubleSaves, lost)
	fmt.Fprintf(&b, "\n| at | resident MB | live heap MB |\n|---|---|---|\n")
	for i := range mem.at {
		fmt.Fprintf(&b, "| %v | %.0f | %.0f |\n", mem.at[i].Round(time.Second), mb(mem.rss[i]), mb(mem.live[i]))
	}
	fmt.Fprintf(&b, "\nPeak resident (VmHWM, start-up included): %.0f MB\n", mb(procStatus("VmHWM:")))
	t.Log("\n" + b.String())
	if *soakReport != "" {
		require.NoError(t, os.WriteFile(*soakReport, []byte(b.String()), 0o644))
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
func mb(n uint64) float64        { return float64(n) / (1 << 20) }

// batchSucceeded reports whether a batch_update answer says n operations
// succeeded.
func batchSucceeded(out map[string]any, n int) bool {
	summary, _ := out["summary"].(map[string]any)
	return summary["succeeded"] == float64(n)
}
