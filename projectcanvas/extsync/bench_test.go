package extsync_test

import (
	"testing"
	"time"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
)

// BenchmarkFirstSync1k is a first sync of 1,000 generated entities against
// the fake, paced in virtual time: "rate-x" is the run's virtual duration
// over what Notion's rate requires for its requests (the target:
// at most 1.10). One worker: with no network latency more add nothing, and
// on a shared virtual clock their sleeps would add up.
func BenchmarkFirstSync1k(b *testing.B) {
	files := vaultgen.Files(1000)
	var reqs int64
	var ratio float64
	for b.Loop() {
		h := newHarness(b, files)
		h.workers = 1
		t0 := h.clock.Now()
		sum, err := h.syncer().Run(b.Context())
		if err != nil || len(sum.Failed) > 0 {
			b.Fatal(err, sum.Failed)
		}
		elapsed := h.clock.Now().Sub(t0)
		need := time.Duration(float64(sum.Requests-notion.Burst) / notion.Rate * float64(time.Second))
		reqs, ratio = sum.Requests, elapsed.Seconds()/need.Seconds()
	}
	b.ReportMetric(float64(reqs), "requests")
	b.ReportMetric(ratio, "rate-x")
}

// BenchmarkNoChangeSync1k is a run with nothing changed on 1,000 entities:
// "requests/100" is its cost per 100 entities (target: at most 2).
func BenchmarkNoChangeSync1k(b *testing.B) {
	h := newHarness(b, vaultgen.Files(1000))
	h.sync()
	var reqs int64
	n := h.p.Len()
	for b.Loop() {
		sum := h.sync()
		if sum.Created+sum.UpdatedRemote+sum.UpdatedLocal > 0 {
			b.Fatalf("changes in a run with nothing changed: %+v", sum)
		}
		reqs = sum.Requests
	}
	b.ReportMetric(float64(reqs)*100/float64(n), "requests/100")
}
