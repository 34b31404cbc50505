package tools_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"maps"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

var (
	exampleOnce  sync.Once
	exampleFiles map[string]string
	exampleErr   error
)

// exampleHarness loads the bundled example vault into memory.
func exampleHarness(t *testing.T) *harness {
	exampleOnce.Do(func() {
		exampleFiles = map[string]string{}
		root := os.DirFS("../../examples/vault")
		exampleErr = fs.WalkDir(root, ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(root, path)
			exampleFiles[path] = string(data)
			return err
		})
	})
	require.NoError(t, exampleErr)
	fsys := memfs.New(maps.Clone(exampleFiles))
	now := func() time.Time { return time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC) }
	p, err := pc.Open(fsys, pc.WithClock(now))
	require.NoError(t, err)
	require.Empty(t, p.Problems())
	return &harness{t: t, reg: testRegistry, env: &tools.Env{Project: p}, fs: fsys}
}

func resultIDs(out map[string]any) []string {
	var ids []string
	for _, r := range out["results"].([]any) {
		ids = append(ids, r.(map[string]any)["id"].(string))
	}
	return ids
}

func TestSearchListMode(t *testing.T) {
	h := exampleHarness(t)
	out := h.ok("search_entities", `{"filters":{"type":"task","status":["Blocked"]}}`)
	assert.Equal(t, []string{"T-019", "T-021", "T-024"}, resultIDs(out))
	assert.Equal(t, 3.0, out["count"])
	assert.Equal(t, 3.0, out["total_count"])
	assert.Equal(t, false, out["has_more"])

	// Archived tasks are left out unless asked for.
	all := h.ok("search_entities", `{"filters":{"type":["task"]},"max_items":200}`)
	withArchived := h.ok("search_entities", `{"filters":{"type":["task"],"archived":true},"max_items":200}`)
	assert.Equal(t, all["total_count"].(float64)+2, withArchived["total_count"])

	// Pages follow each other without gaps or repeats.
	var paged []string
	token := ""
	for {
		args := `{"filters":{"type":"task"},"max_items":7`
		if token != "" {
			args += `,"continuation_token":"` + token + `"`
		}
		page := h.ok("search_entities", args+"}")
		paged = append(paged, resultIDs(page)...)
		if page["has_more"] != true {
			break
		}
		token = page["continuation_token"].(string)
	}
	assert.Equal(t, resultIDs(all), paged)

	out = h.ok("search_entities", `{"filters":{"workstream":"Eng","status":"done"},"fields":["id","status","workstream"],"max_items":200}`)
	for _, r := range out["results"].([]any) {
		m := r.(map[string]any)
		assert.Equal(t, "engineering", m["workstream"])
		assert.Contains(t, []any{"Completed", "Complete", "Decided", "Approved"}, m["status"])
	}
	out = h.ok("search_entities", `{"since":"2026-11-15","max_items":200,"fields":["updated_at"]}`)
	for _, r := range out["results"].([]any) {
		assert.Greater(t, r.(map[string]any)["updated_at"], "2026-11-15")
	}
}

func TestSearchFullText(t *testing.T) {
	h := exampleHarness(t)
	out := h.ok("search_entities", `{"query":"oidc sign-in","fields":["id","title"]}`)
	ids := resultIDs(out)
	require.NotEmpty(t, ids)
	assert.Equal(t, "T-004", ids[0], "the title match ranks first: %v", out["results"])
	first := out["results"].([]any)[0].(map[string]any)
	assert.Greater(t, first["score"], 0.0)
	assert.IsType(t, "", first["snippet"])
	out = h.ok("search_entities", `{"query":"zzzunknownword"}`)
	assert.Equal(t, 0.0, out["total_count"])
	out = h.ok("search_entities", `{"query":"billing","filters":{"type":"feature"}}`)
	for _, r := range out["results"].([]any) {
		assert.Equal(t, "feature", r.(map[string]any)["type"])
	}
}

func TestSearchNavigation(t *testing.T) {
	h := exampleHarness(t)
	out := h.ok("search_entities", `{"from_id":"T-024","direction":"parent","depth":0}`)
	assert.Equal(t, []string{"S-006", "M-002"}, resultIDs(out))
	assert.Equal(t, "T-024", out["origin"].(map[string]any)["id"])
	out = h.ok("search_entities", `{"from_id":"T-024","direction":"dependencies","depth":0}`)
	assert.Equal(t, []string{"T-021", "T-022"}, resultIDs(out))
	out = h.ok("search_entities", `{"from_id":"T-021","direction":"dependents"}`)
	assert.Equal(t, []string{"T-023", "T-024"}, resultIDs(out))
	out = h.ok("search_entities", `{"from_id":"M-001","direction":"children","filters":{"type":"story"}}`)
	for _, r := range out["results"].([]any) {
		assert.Equal(t, "story", r.(map[string]any)["type"])
	}
	for _, dir := range []string{"documents", "decisions", "features", "siblings"} {
		h.ok("search_entities", `{"from_id":"S-002","direction":"`+dir+`"}`)
	}
}

// Semantic mode finds misspelt words in bodies, where full-text search
// forgives them in titles only, through
// the document search engine, with the filters applied and the result
// shape of the other modes.
func TestSearchSemantic(t *testing.T) {
	h := exampleHarness(t)
	for _, withEngine := range []bool{false, true} {
		if withEngine {
			eng, err := docsearch.Open(context.Background(), h.fs, docsearch.WithCache(""))
			require.NoError(t, err)
			h.env.Docs = eng
		}
		const query = `"bakground reindx"`
		plain := h.ok("search_entities", `{"query":`+query+`}`)
		assert.Equal(t, []string{"T-015"}, resultIDs(plain), "full-text finds the title through its typos (assist.Ranker's rule), and nothing else")
		out := h.ok("search_entities", `{"query":`+query+`,"semantic":true,"max_items":3}`)
		assert.Equal(t, "T-015", resultIDs(out)[0])
		assert.Equal(t, 3.0, out["count"])
		assert.Equal(t, true, out["has_more"])
		var last float64 = 2
		for _, r := range out["results"].([]any) {
			r := r.(map[string]any)
			assert.ElementsMatch(t, []string{"id", "type", "title", "status", "workstream", "score", "snippet"}, slices.Collect(maps.Keys(r)))
			score := r["score"].(float64)
			assert.True(t, score > 0 && score <= 1 && score <= last, "scores in (0, 1], best first: %v", score)
			last = score
		}
		for _, args := range []string{
			`{"query":` + query + `,"semantic":true,"filters":{"type":"story"},"max_items":200}`,
			`{"query":` + query + `,"semantic":true,"filters":{"workstream":"design","status":["Not Started","In Progress"]},"max_items":200}`,
			`{"query":` + query + `,"semantic":true,"since":"2026-11-10","max_items":200}`,
		} {
			var f struct {
				Filters struct {
					Type       string   `json:"type"`
					Workstream string   `json:"workstream"`
					Status     []string `json:"status"`
				} `json:"filters"`
			}
			require.NoError(t, json.Unmarshal([]byte(args), &f))
			out := h.ok("search_entities", args)
			require.NotEmpty(t, out["results"], args)
			for _, r := range out["results"].([]any) {
				id := r.(map[string]any)["id"].(string)
				e, err := h.env.Project.Get(id)
				require.NoError(t, err)
				if f.Filters.Type != "" {
					assert.Equal(t, f.Filters.Type, string(e.Type), args)
				}
				if f.Filters.Workstream != "" {
					assert.Equal(t, f.Filters.Workstream, e.Workstream, args)
					assert.Contains(t, f.Filters.Status, string(e.Status), args)
				}
				assert.False(t, e.Archived, args)
			}
		}
		ids := resultIDs(h.ok("search_entities", `{"query":`+query+`,"semantic":true,"since":"2026-11-10","max_items":200}`))
		all := resultIDs(h.ok("search_entities", `{"query":`+query+`,"semantic":true,"max_items":200}`))
		assert.Less(t, len(ids), len(all), "since leaves entities out")
	}
}

func TestSearchBadInput(t *testing.T) {
	h := exampleHarness(t)
	for _, tt := range []struct{ args, code string }{
		{`{"from_id":"T-001","direction":"sideways"}`, "invalid_argument"},
		{`{"from_id":"T-999","direction":"parent"}`, "not_found"},
		{`{"direction":"parent"}`, "missing_field"},
		{`{"from_id":"T-001"}`, "missing_field"},
		{`{"filters":{"type":"epic"}}`, "invalid_argument"},
		{`{"filters":{"status":"Sideways"}}`, "invalid_argument"},
		{`{"filters":{"type":"decision","status":"Blocked"}}`, "invalid_argument"},
		{`{"filters":{"colour":"red"}}`, "invalid_argument"},
		{`{"since":"last tuesday"}`, "invalid_argument"},
		{`{"semantic":true}`, "missing_field"},
		{`{"query":"x","semantic":true,"filters":{"type":"epic"}}`, "invalid_argument"},
		{`{"max_items":-1}`, "invalid_argument"},
		{`{"continuation_token":"%%%"}`, "invalid_argument"},
		{`{"from_id":"T-004","direction":"parent","depth":-2}`, "invalid_argument"},
	} {
		_, err := h.call("search_entities", tt.args)
		assert.Equal(t, pc.Code(tt.code), pc.ErrorCode(err), "%s: %v", tt.args, err)
	}
	capped := h.ok("search_entities", `{"max_items":5000}`)
	assert.Equal(t, map[string]any{"max_items": 200.0}, capped["capped"], "max_items above 200 is reduced to it, and said")
	out := h.ok("search_entities", `{"max_items":200}`)
	assert.NotContains(t, out, "capped")
	assert.Equal(t, 61.0-2, out["total_count"], "archived left out")
	assert.Equal(t, 59.0, out["count"])
}

// searchReadyIDs pages through search_entities with filters.ready, args adding
// other parameters.
func searchReadyIDs(h *harness, args string) []string {
	var ids []string
	token := ""
	for {
		call := `{"filters":{"ready":true` + args + `},"max_items":3`
		if token != "" {
			call += `,"continuation_token":"` + token + `"`
		}
		page := h.ok("search_entities", call+"}")
		ids = append(ids, resultIDs(page)...)
		if page["has_more"] != true {
			return ids
		}
		token = page["continuation_token"].(string)
	}
}

func analyzedReadyIDs(h *harness, args string) []string {
	out := h.ok("analyze_project_state", `{"fields":["ready"]`+args+`}`)
	ids := []string{}
	for _, r := range out["ready"].([]any) {
		ids = append(ids, r.(map[string]any)["id"].(string))
	}
	return ids
}

// filters.ready pages the list analyze_project_state answers, in its order,
// and narrows the other modes like any filter.
func TestSearchReady(t *testing.T) {
	generated := &harness{t: t, reg: testRegistry, env: insightEnv(t, vaultgen.Files(600))}
	for name, h := range map[string]*harness{"example": exampleHarness(t), "generated": generated} {
		want := analyzedReadyIDs(h, "")
		require.NotEmpty(t, want, name)
		assert.Equal(t, want, searchReadyIDs(h, ""), name)
		assert.Equal(t, analyzedReadyIDs(h, `,"workstream":"Eng"`), searchReadyIDs(h, `,"workstream":"Eng"`), name)
		stories := searchReadyIDs(h, `,"type":"story"`)
		for _, id := range stories {
			assert.Contains(t, want, id)
		}
		out := h.ok("search_entities", `{"query":"task","filters":{"ready":true},"max_items":200}`)
		for _, id := range resultIDs(out) {
			assert.Contains(t, want, id, "%s: full text with ready", name)
		}
	}
	h := exampleHarness(t)
	assert.Equal(t, []string{"T-028", "T-030"}, searchReadyIDs(h, ""), "work that can start: the In Progress tasks are not listed")
	assert.Equal(t, []string{"T-014"}, resultIDs(h.ok("search_entities", `{"from_id":"T-013","direction":"dependents","filters":{"ready":false}}`)))
	assert.Empty(t, resultIDs(h.ok("search_entities", `{"from_id":"T-013","direction":"dependents","filters":{"ready":true}}`)))
	_, err := h.call("search_entities", `{"filters":{"ready":"yes"}}`)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
}
