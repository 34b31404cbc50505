package main

import (
	"context"
	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	"os"
	"os/exec"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// exampleVault copies the bundled example vault to a temporary folder.
func exampleVault(tb testing.TB) string {
	return examplevault.Copy(tb)
}

// latencies collects durations from many goroutines and reports p50/p99.
type latencies struct {
	mu  sync.Mutex
	all []time.Duration
}

func (l *latencies) add(d time.Duration) { l.mu.Lock(); l.all = append(l.all, d); l.mu.Unlock() }

func (l *latencies) report(b *testing.B) {
	slices.Sort(l.all)
	if len(l.all) == 0 {
		return
	}
	b.ReportMetric(float64(l.all[len(l.all)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(l.all[len(l.all)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkHTTPGetEntity: GET /entities/{id} from 16 concurrent clients over
// real sockets while another client keeps updating entities. Targets: p50
// at most 1ms, p99 at most 20ms.
func BenchmarkHTTPGetEntity(b *testing.B) {
	ts := startTestServer(b, exampleVault(b))
	ctx := context.Background()
	stop := make(chan struct{})
	writer := make(chan struct{})
	go func() {
		defer close(writer)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			ts.do(ctx, "PUT", "/entities/T-005", map[string]any{"data": map[string]any{"priority": []string{"P1", "P2"}[i%2]}})
		}
	}()
	var lat latencies
	b.SetParallelism(8) // 16 clients on 2 cores
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			began := time.Now()
			status, _, err := ts.do(ctx, "GET", "/entities/T-002", nil)
			lat.add(time.Since(began))
			if err != nil || status != 200 {
				b.Errorf("status %d: %v", status, err)
			}
		}
	})
	b.StopTimer()
	close(stop)
	<-writer
	lat.report(b)
}

// BenchmarkMCPStdioRoundTrip: one tools/call (get_entity) from the Go SDK
// client to `projectcanvas mcp` in a child process, over its stdin/stdout.
// Target: p50 at most 2ms.
func BenchmarkMCPStdioRoundTrip(b *testing.B) {
	cmd := exec.Command(os.Args[0], "--vault", exampleVault(b), "mcp")
	cmd.Env = append(os.Environ(), "PROJECTCANVAS_TEST_MAIN=1")
	client := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil)
	ctx := context.Background()
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer session.Close()
	var lat latencies
	params := &mcp.CallToolParams{Name: "get_entity", Arguments: map[string]any{"id": "T-002"}}
	for b.Loop() {
		began := time.Now()
		res, err := session.CallTool(ctx, params)
		lat.add(time.Since(began))
		if err != nil || res.IsError {
			b.Fatalf("%v %v", err, res)
		}
	}
	lat.report(b)
}
