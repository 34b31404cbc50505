package tools_test

import (
	"context"
	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

func exampleVault(t *testing.T) map[string]string {
	return examplevault.Files(t)
}

func TestSearchDocs(t *testing.T) {
	files := exampleVault(t)
	h := docsHarness(t, files)
	for _, withEngine := range []bool{false, true} {
		if withEngine {
			eng, err := docsearch.Open(context.Background(), h.fs)
			require.NoError(t, err)
			h.env.Docs = eng
		}
		out := h.ok("search_docs", `{"query":"rollback a failed deploy"}`)
		results := out["results"].([]any)
		require.NotEmpty(t, results)
		assert.LessOrEqual(t, len(results), 8)
		assert.Equal(t, float64(len(results)), out["count"])
		assert.Contains(t, out, "took_ms")
		first := results[0].(map[string]any)
		assert.Equal(t, "Engineering Notes/Deployment Runbook.md", first["doc_uri"])
		assert.NotContains(t, first, "hybrid_score")
		assert.NotContains(t, out, "corrected_query", "no word was corrected")

		// A word no section holds is searched for as the known word one
		// edit away, and the answer says so.
		out = h.ok("search_docs", `{"query":"rollback a failed deplyo"}`)
		assert.Equal(t, "rollback a failed deploy", out["corrected_query"])
		assert.Equal(t, "Engineering Notes/Deployment Runbook.md", out["results"].([]any)[0].(map[string]any)["doc_uri"])
		for _, r := range results {
			r := r.(map[string]any)
			runes := []rune(files[r["doc_uri"].(string)])
			assert.Equal(t, string(runes[int(r["start_char"].(float64)):int(r["end_char"].(float64))]), r["excerpt"])
		}

		out = h.ok("search_docs", `{"query":"pricing","top_k":3,"max_excerpt_chars":40,"include_scores":true,"filters":{"doc_uri_prefix":"Research/"}}`)
		results = out["results"].([]any)
		require.Len(t, results, 3)
		for _, r := range results {
			r := r.(map[string]any)
			assert.True(t, strings.HasPrefix(r["doc_uri"].(string), "Research/"))
			assert.LessOrEqual(t, len([]rune(r["excerpt"].(string))), 40)
			for _, k := range []string{"vector_score", "bm25_score", "hybrid_score"} {
				assert.Contains(t, r, k)
			}
			hy := r["hybrid_score"].(float64)
			assert.InDelta(t, 0.75*r["vector_score"].(float64)+0.25*r["bm25_score"].(float64), hy, 1e-9)
		}
		out = h.ok("search_docs", `{"query":"deploy","filters":{"doc_uris":["Engineering Notes/Deployment Runbook.md"],"heading_path_contains":"rollback"}}`)
		for _, r := range out["results"].([]any) {
			assert.Contains(t, strings.ToLower(r.(map[string]any)["heading_path"].(string)), "rollback")
		}
	}
	h.fails(pc.CodeMissingField, "search_docs", `{}`)
	for _, bad := range []string{`{"query":""}`, `{"query":"x","top_k":0}`,
		`{"query":"x","max_excerpt_chars":0}`, `{"query":"x","filters":{"doc_prefix":"a"}}`} {
		h.fails(pc.CodeInvalidArgument, "search_docs", bad)
	}
}

func TestMsrlStatusAndUpdates(t *testing.T) {
	h := docsHarness(t, map[string]string{"W/a.md": "# Alpha\napples and pears\n"})
	out := h.ok("msrl_status", `{}`)
	assert.Equal(t, "ready", out["state"])
	assert.Equal(t, map[string]any{"doc_count": 1.0, "node_count": 1.0, "leaf_count": 1.0, "shard_count": out["stats"].(map[string]any)["shard_count"]}, out["stats"])
	assert.Equal(t, map[string]any{"active": false, "last_event": nil}, out["watcher"])

	eng, err := docsearch.Open(context.Background(), h.fs, docsearch.WithCache(""))
	require.NoError(t, err)
	h.env.Docs = eng
	snap := h.ok("msrl_status", `{}`)["snapshot_id"]
	h.ok("manage_workspaces", `{"action":"create","workspace":"w","config":{"path":"W"}}`)
	h.ok("update_doc", `{"workspace":"w","name":"b","operation":"create","content":"# Bananas\nyellow fruit\n"}`)
	out = h.ok("msrl_status", `{}`)
	assert.NotEqual(t, snap, out["snapshot_id"])
	assert.Equal(t, 2.0, out["stats"].(map[string]any)["doc_count"])
	res := h.ok("search_docs", `{"query":"yellow bananas"}`)["results"].([]any)
	require.NotEmpty(t, res)
	assert.Equal(t, "W/b.md", res[0].(map[string]any)["doc_uri"])

	eng.SetWatching(true)
	require.NoError(t, eng.Apply(context.Background(), docsearch.Event{Op: docsearch.OpDelete, Path: "W/a.md"}))
	out = h.ok("msrl_status", `{}`)
	assert.Equal(t, true, out["watcher"].(map[string]any)["active"])
	assert.NotNil(t, out["watcher"].(map[string]any)["last_event"])
}

func TestSemanticEntities(t *testing.T) {
	h := docsHarness(t, exampleVault(t))
	hits, err := tools.SemanticEntities(context.Background(), h.env, "editor typing latency", 5, nil)
	require.NoError(t, err)
	require.NotEmpty(t, hits)
	seen := map[string]bool{}
	for _, hit := range hits {
		require.NotNil(t, hit.Entity)
		assert.False(t, seen[string(hit.Entity.ID)], "entity twice")
		seen[string(hit.Entity.ID)] = true
	}
	onlyTasks, err := tools.SemanticEntities(context.Background(), h.env, "editor", 50, func(e *pc.Entity) bool { return e.Type == pc.Task })
	require.NoError(t, err)
	require.NotEmpty(t, onlyTasks)
	for _, hit := range onlyTasks {
		assert.Equal(t, pc.Task, hit.Entity.Type)
	}
}
