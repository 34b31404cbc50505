package bridge_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/projectcanvas/projectcanvas/internal/benchcorpus"
	"github.com/projectcanvas/projectcanvas/internal/layoutsample"
	"github.com/projectcanvas/projectcanvas/internal/vaultgen"

	"github.com/projectcanvas/projectcanvas/wasm/bridge"
)

// BenchmarkBridgeCall is a get_entity call through the bridge on the example
// vault. `make bench-wasm` runs it natively and in WebAssembly under Node;
// the ratio is the WASM cost (target: at most 5x).
func BenchmarkBridgeCall(b *testing.B) {
	root := filepath.Join("..", "..", "examples", "vault")
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	br := loadBench(b, files)
	in := []byte(`{"name":"get_entity","arguments":{"id":"T-004"}}`)
	for b.Loop() {
		if _, err := br.Call(context.Background(), "call", in); err != nil {
			b.Fatal(err)
		}
	}
}

// loadBench loads files into a new bridge and waits for the document
// index, built in the background after load: in WebAssembly it would share
// the one thread with the calls measured. A search waits for it.
func loadBench(b *testing.B, files map[string]string) *bridge.Bridge {
	b.Helper()
	list := make([]map[string]string, 0, len(files))
	for p, c := range files {
		list = append(list, map[string]string{"path": p, "content": c})
	}
	br := bridge.New()
	load, _ := json.Marshal(map[string]any{"files": list})
	out, err := br.Call(context.Background(), "load", load)
	if err != nil {
		b.Fatal(err)
	}
	var loaded struct {
		Problems []any `json:"problems"`
	}
	if err := json.Unmarshal(out, &loaded); err != nil || len(loaded.Problems) > 0 {
		b.Fatalf("load: %v %s", err, out[:min(len(out), 500)])
	}
	if _, err := br.Call(context.Background(), "call", []byte(`{"name":"search_docs","arguments":{"query":"x"}}`)); err != nil {
		b.Fatal(err)
	}
	return br
}

// layoutVault is the layout benchmark's graph (layoutsample: 10 milestones x
// 10 stories x 10 tasks, 300 dependencies, 1,110 nodes) as vault files.
func layoutVault() map[string]string {
	in := layoutsample.Nested(10, 10, 10, 300, 1)
	files := map[string]string{".projectcanvas/config.json": `{"projects_folder": "Projects", "canvas": "Projects.canvas"}`}
	// The vault's ids have no leading zeros beyond three digits (T-1000).
	id := func(s string) string {
		prefix, num, _ := strings.Cut(s, "-")
		n, _ := strconv.Atoi(num)
		return fmt.Sprintf("%s-%03d", prefix, n)
	}
	for _, n := range in.Nodes {
		var fm strings.Builder
		fmt.Fprintf(&fm, "---\nid: %s\ntype: %s\ntitle: %s %s\n", id(n.ID), n.Type, n.Type, id(n.ID))
		if n.Parent != "" {
			fmt.Fprintf(&fm, "parent: %s\n", id(n.Parent))
		}
		if n.Workstream != "" {
			fmt.Fprintf(&fm, "workstream: %s\n", n.Workstream)
		}
		if len(n.DependsOn) > 0 {
			deps := make([]string, len(n.DependsOn))
			for i, d := range n.DependsOn {
				deps[i] = id(d)
			}
			fmt.Fprintf(&fm, "depends_on: [%s]\n", strings.Join(deps, ", "))
		}
		fm.WriteString("---\n")
		files["Projects/"+n.Type+"s/"+id(n.ID)+".md"] = fm.String()
	}
	return files
}

// BenchmarkBridgeLayout is layout_canvas through the bridge on the layout
// benchmark's graph, its canvas populated first (target in WebAssembly
// under Node: 30 ms).
func BenchmarkBridgeLayout(b *testing.B) {
	br := loadBench(b, layoutVault())
	if _, err := br.Call(context.Background(), "call", []byte(`{"name":"populate_canvas","arguments":{}}`)); err != nil {
		b.Fatal(err)
	}
	in := []byte(`{"name":"layout_canvas","arguments":{}}`)
	for b.Loop() {
		if _, err := br.Call(context.Background(), "call", in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBridgeSearchDocs is search_docs (hybrid, top_k 8) through the
// bridge over the search benchmark's generated 10,000-document corpus
// (benchcorpus, the one bench/search's peers read); it reports the median
// call (target in WebAssembly under Node: 15 ms).
func BenchmarkBridgeSearchDocs(b *testing.B) {
	br := loadBench(b, benchcorpus.Files(benchcorpus.Docs))
	var calls [][]byte
	for _, q := range benchcorpus.Queries(256) {
		in, _ := json.Marshal(map[string]any{"name": "search_docs", "arguments": map[string]any{"query": q}})
		calls = append(calls, in)
	}
	var times []time.Duration
	i := 0
	for b.Loop() {
		start := time.Now()
		if _, err := br.Call(context.Background(), "call", calls[i%len(calls)]); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		i++
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
}

// BenchmarkBridgeLoad is the editor's load of 1,200 entity files: the JSON
// of the files decoded, the vault checked and indexed (the document index
// builds afterwards, in the background). Target: WebAssembly at most 10x
// native.
func BenchmarkBridgeLoad(b *testing.B) {
	files := vaultgen.Files(1200)
	list := make([]map[string]string, 0, len(files))
	for p, c := range files {
		list = append(list, map[string]string{"path": p, "content": c})
	}
	in, _ := json.Marshal(map[string]any{"files": list})
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		br := bridge.New()
		b.StartTimer()
		if _, err := br.Call(ctx, "load", in); err != nil {
			b.Fatal(err)
		}
		// The document index's build is not load's: let it finish untimed
		// rather than slow the next round down (a search waits for it).
		b.StopTimer()
		if _, err := br.Call(ctx, "call", []byte(`{"name":"search_docs","arguments":{"query":"x"}}`)); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}
