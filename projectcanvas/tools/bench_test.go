package tools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// Benchmarks go through the registry, so argument decoding and result
// shaping count, as they do for a real client.

func benchEnv(b *testing.B) *tools.Env {
	b.Helper()
	p, err := pc.Open(memfs.New(vaultgen.Files(10_000)))
	if err != nil {
		b.Fatal(err)
	}
	return &tools.Env{Project: p}
}

// benchCall calls a tool in a loop and reports, besides the mean, the
// median call time (p50-ns), which is what the targets are stated in.
func benchCall(b *testing.B, env *tools.Env, reg *tools.Registry, name string, args func(i int) string) {
	b.Helper()
	ctx := context.Background()
	var took []time.Duration
	for i := 0; b.Loop(); i++ {
		a := json.RawMessage(args(i))
		start := time.Now()
		if _, err := reg.Call(ctx, env, name, a); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "p50-ns")
}

func fixed(s string) func(int) string { return func(int) string { return s } }

// Target: 5 us.
func BenchmarkGetEntity10k(b *testing.B) {
	benchCall(b, benchEnv(b), tools.New(), "get_entity", func(i int) string {
		return fmt.Sprintf(`{"id":"T-%03d"}`, 1+i%7000)
	})
}

// Target: 50 us.
func BenchmarkCreateEntity10kMem(b *testing.B) {
	benchCall(b, benchEnv(b), tools.New(), "create_entity", func(i int) string {
		return fmt.Sprintf(`{"type":"task","data":{"title":"Bench task %d","parent":"S-%03d","priority":"P2"}}`, i, 1+i%900)
	})
}

// Target: 1 ms p50.
func BenchmarkSearchList10k(b *testing.B) {
	benchCall(b, benchEnv(b), tools.New(), "search_entities",
		fixed(`{"filters":{"type":"task","status":["Blocked","In Progress"],"workstream":"engineering"},"max_items":50}`))
}

// Target: 2 ms p50.
func BenchmarkSearchFullText10k(b *testing.B) {
	queries := []string{"login form", "cache index", "billing export", "webhook queue", "mobile offline sync"}
	benchCall(b, benchEnv(b), tools.New(), "search_entities", func(i int) string {
		return `{"query":"` + queries[i%len(queries)] + `"}`
	})
}

// An atomic batch of 1,000 creates on the real file system. Target: 1.5 s.
func BenchmarkAtomicBatch1000OS(b *testing.B) {
	ops := make([]string, 1000)
	for i := range ops {
		ops[i] = fmt.Sprintf(`{"op":"create","client_id":"c%d","type":"task","data":{"title":"Batch task %d","parent":"S-%03d","depends_on":["T-%03d"]}}`, i, i, 1+i%900, 1+i%5000)
	}
	reg := tools.New()
	for b.Loop() {
		b.StopTimer()
		dir := b.TempDir()
		if err := vaultgen.Write(dir, 10_000); err != nil {
			b.Fatal(err)
		}
		fsys, _ := osfs.New(dir)
		p, err := pc.Open(fsys)
		if err != nil {
			b.Fatal(err)
		}
		env := &tools.Env{Project: p}
		args := json.RawMessage(`{"options":{"atomic":true},"ops":[` + strings.Join(ops, ",") + `]}`)
		b.StartTimer()
		out, err := reg.Call(context.Background(), env, "batch_update", args)
		if err != nil || out.(map[string]any)["summary"].(map[string]int)["succeeded"] != 1000 {
			b.Fatalf("batch: %v %v", err, out.(map[string]any)["summary"])
		}
	}
}
