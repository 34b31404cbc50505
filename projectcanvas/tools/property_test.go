package tools_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// Every successful create reads back the same after the vault is opened
// again and after rebuild_index: nothing a create reports lives only in
// memory.
func TestCreateSurvivesReloadAndRebuild(t *testing.T) {
	for _, args := range []string{
		`{"type":"milestone","data":{"title":"Launch","objective":"Ship v1","priority":"P7","target_date":"2026-12-01","tags":["a","b"]}}`,
		`{"type":"milestone","data":{"title":"Old plan","archived":true}}`,
		`{"type":"story","data":{"title":"Signup","parent":"M-001","workstream":"Infrastructure","acceptance_criteria":["works"],"implements":["F-001"]}}`,
		`{"type":"task","data":{"title":"Form: v2 / \"quoted\"","parent":"S-001","depends_on":["T-001"],"estimate_hours":2.5,"status":"wip","content":"Body\n\nmore"}}`,
		`{"type":"decision","data":{"title":"Pick","affects":["T-001","S-001"],"decided_on":"2026-11-01","status":"Decided"}}`,
		`{"type":"document","data":{"title":"Guide","documents":["F-001"],"version":"1.2","content":"# Own heading\n\ntext"}}`,
		`{"type":"feature","data":{"title":"Export","tier":"Premium","phase":"2","user_story":"As a user\nI want","test_refs":["t/x.go"]}}`,
	} {
		h := newHarness(t)
		h.seed()
		h.ok("create_entity", `{"type":"feature","data":{"title":"Feat"}}`)
		out := h.ok("create_entity", args)
		id := out["id"].(string)
		get := `{"id":"` + id + `","content_mode":"full"}`
		created := h.ok("get_entity", get)
		for k, v := range out["entity"].(map[string]any) {
			assert.Equal(t, v, created[k], "%s: %s as create returned it", args, k)
		}

		p, err := pc.Open(h.fs, pc.WithClock(func() time.Time { return time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC) }))
		require.NoError(t, err)
		require.Empty(t, p.Problems())
		reopened := &harness{t: t, reg: h.reg, env: &tools.Env{Project: p}, fs: h.fs}
		assert.Equal(t, created, reopened.ok("get_entity", get), "%s: after reopening", args)

		h.ok("rebuild_index", `{}`)
		assert.Equal(t, created, h.ok("get_entity", get), "%s: after rebuild_index", args)
	}
}

// indexState is everything a reader can see of the index.
func indexState(t *testing.T, h *harness) string {
	var all []map[string]any
	for _, e := range h.env.Project.All() {
		all = append(all, e.Map())
	}
	data, err := json.Marshal(map[string]any{"all": all, "problems": h.env.Project.Problems(), "files": h.fs.Files()})
	require.NoError(t, err)
	return string(data)
}

// Every read-only tool (by its annotation), with every parameter of the
// spec table, leaves the index and the files exactly as it found them.
func TestReadOnlyToolsChangeNothing(t *testing.T) {
	reg := testRegistry
	calls := 0
	for _, tool := range specTools {
		tl, _ := reg.Lookup(tool.name)
		if !tl.Annotations.ReadOnly {
			continue
		}
		variants := []string{tool.base}
		for _, p := range tool.params {
			variants = append(variants, withParam(t, tool.base, p))
		}
		for _, args := range variants {
			h := exampleHarness(t)
			before := indexState(t, h)
			shared := h.env.Project.All()
			if _, err := h.reg.Call(context.Background(), h.env, tool.name, json.RawMessage(args)); err != nil {
				continue // refusing is fine; changing is not
			}
			calls++
			assert.Equal(t, before, indexState(t, h), "%s %s", tool.name, args)
			assert.Equal(t, shared, h.env.Project.All(), "%s %s changed the shared entity list", tool.name, args)
		}
	}
	assert.Greater(t, calls, 30)
}
