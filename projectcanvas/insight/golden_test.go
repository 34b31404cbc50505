package insight_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

var update = flag.Bool("update", false, "rewrite golden files")

// goldenNow is the clock of every golden file: two days after the example
// vault's last edits.
var goldenNow = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)

// exampleVault loads examples/vault into memory, so tests never touch the
// bundled copy.
func exampleVault(t testing.TB) *memfs.FS {
	return memfs.New(examplevault.Files(t))
}

func openVault(t testing.TB, fsys pc.FS) *tools.Env {
	t.Helper()
	p, err := pc.Open(fsys, pc.WithClock(func() time.Time { return goldenNow }))
	require.NoError(t, err)
	return &tools.Env{Project: p}
}

func TestGolden(t *testing.T) {
	env := openVault(t, exampleVault(t))
	reg := tools.New()
	for _, tt := range []struct{ name, tool, args string }{
		{"overview_default", "get_project_overview", `{}`},
		{"overview_engineering", "get_project_overview", `{"workstream":"Eng"}`},
		{"overview_open_with_archived", "get_project_overview", `{"include_completed":false,"include_archived":true,"include_workstreams":false,"recent_limit":3}`},
		{"analyze_default", "analyze_project_state", `{}`},
		{"analyze_engineering", "analyze_project_state", `{"workstream":"engineering"}`},
		{"analyze_graph", "analyze_project_state", `{"include_dependency_graph":true}`},
		{"analyze_critical_path", "analyze_project_state", `{"include_critical_path":true,"fields":["ready","critical_path"]}`},
		{"analyze_stale_3_days", "analyze_project_state", `{"stale_days":3,"fields":["health_score","health_factors","risks"]}`},
		{"coverage_default", "get_feature_coverage", `{}`},
		{"coverage_gaps_only", "get_feature_coverage", `{"show_gaps_only":true}`},
		{"coverage_premium", "get_feature_coverage", `{"tier":"Premium"}`},
		{"coverage_phase_ids", "get_feature_coverage", `{"phase":1,"feature_ids":["F-002","f-004","F-005"]}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := reg.Call(context.Background(), env, tt.tool, json.RawMessage(tt.args))
			require.NoError(t, err)
			got, err := json.MarshalIndent(res, "", "  ")
			require.NoError(t, err)
			got = append(got, '\n')
			path := filepath.Join("testdata", tt.name+".golden.json")
			if *update {
				require.NoError(t, os.WriteFile(path, got, 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test -update to create it")
			if !bytes.Equal(want, got) {
				t.Errorf("%s differs from %s; rerun with -update and review the diff:\n%s", tt.name, path, got)
			}
		})
	}
}
