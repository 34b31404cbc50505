package insight_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// benchEntities is a generated vault of 10,000 entities with 3,000
// depends_on links between tasks (vaultgen's, topped up with more on
// earlier tasks, so without cycles).
func benchEntities(b *testing.B) []*pc.Entity {
	p, err := pc.Open(memfs.New(vaultgen.Files(10_000)))
	require.NoError(b, err)
	all := p.All()
	var tasks []*pc.Entity
	deps := 0
	for _, e := range all {
		if e.Type == pc.Task {
			tasks = append(tasks, e)
			deps += len(e.Links[pc.DependsOn])
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for deps < 3000 {
		k := 1 + r.IntN(len(tasks)-1)
		e := tasks[k]
		to := tasks[r.IntN(k)].ID
		if !slices.Contains(e.Links[pc.DependsOn], to) {
			e.Links[pc.DependsOn] = append(slices.Clone(e.Links[pc.DependsOn]), to)
			deps++
		}
	}
	return all
}

func benchAnalyze(b *testing.B, opt insight.AnalysisOptions) {
	all := benchEntities(b)
	opt.Now, opt.StaleDays = goldenNow, 14
	for b.Loop() {
		insight.Analyze(all, opt)
	}
}

// BenchmarkAnalyze10k is the analysis without ready or the critical path:
// the base the two benchmarks below add to.
func BenchmarkAnalyze10k(b *testing.B) { benchAnalyze(b, insight.AnalysisOptions{}) }

// BenchmarkReady10k target: 20 ms/op, the analysis included.
func BenchmarkReady10k(b *testing.B) { benchAnalyze(b, insight.AnalysisOptions{Ready: true}) }

// BenchmarkCriticalPath10k target: 20 ms/op, the analysis included.
func BenchmarkCriticalPath10k(b *testing.B) {
	benchAnalyze(b, insight.AnalysisOptions{Critical: true})
}

// BenchmarkReadyAlone10k is search_entities' ready filter: the index and
// ready only.
func BenchmarkReadyAlone10k(b *testing.B) {
	all := benchEntities(b)
	for b.Loop() {
		insight.Ready(all, "")
	}
}
