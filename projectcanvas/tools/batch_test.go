package tools_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func results(out map[string]any) []map[string]any {
	var rs []map[string]any
	for _, r := range out["results"].([]any) {
		rs = append(rs, r.(map[string]any))
	}
	return rs
}

const refBatch = `{"ops":[
 {"op":"create","client_id":"m","type":"milestone","data":{"title":"Launch"}},
 {"op":"create","client_id":"s","type":"story","data":{"title":"Signup","parent":"{{m}}"}},
 {"op":"create","client_id":"a","type":"task","data":{"title":"Form","parent":"{{s}}"}},
 {"op":"create","client_id":"b","type":"task","data":{"title":"API","parent":"{{s}}","depends_on":["{{a}}"]}},
 {"op":"create","client_id":"f","type":"feature","data":{"title":"Signup flow"}},
 {"op":"update","id":"{{a}}","data":{"status":"wip","implements":["{{f}}"]}}
]}`

func TestBatchRefs(t *testing.T) {
	h := newHarness(t)
	out := h.ok("batch_update", refBatch)
	assert.Equal(t, map[string]any{"total": 6.0, "succeeded": 6.0, "failed": 0.0}, out["summary"])
	var ids []any
	for _, r := range results(out) {
		ids = append(ids, r["id"])
	}
	assert.Equal(t, []any{"M-001", "S-001", "T-001", "T-002", "F-001", "T-001"}, ids)
	b, _ := h.env.Project.Get("T-002")
	assert.Equal(t, []pc.ID{"T-001"}, b.Linked(pc.DependsOn))
	a, _ := h.env.Project.Get("T-001")
	assert.Equal(t, []pc.ID{"T-002"}, a.Linked(pc.Blocks))
	assert.Equal(t, pc.InProgress, a.Status)
	f, _ := h.env.Project.Get("F-001")
	assert.Equal(t, []pc.ID{"T-001"}, f.Linked(pc.ImplementedBy))
	m, _ := h.env.Project.Get("M-001")
	assert.Equal(t, pc.InProgress, m.Status, "starting a task started its milestone")
}

func TestBatchRetryIsIdempotent(t *testing.T) {
	h := newHarness(t)
	first := h.ok("batch_update", refBatch)
	files := h.fs.Files()
	again := h.ok("batch_update", refBatch)
	for i, r := range results(again) {
		assert.Equal(t, results(first)[i]["id"], r["id"], "op %d", i)
		assert.Equal(t, true, r["success"])
	}
	assert.Equal(t, true, results(again)[0]["idempotent"])
	assert.Len(t, h.fs.Files(), len(files), "a retry created no file")
	// A different op reusing a client_id is not a retry: it creates.
	out := h.ok("batch_update", `{"ops":[{"op":"create","client_id":"m","type":"milestone","data":{"title":"Other"}}]}`)
	assert.Equal(t, "M-002", results(out)[0]["id"])
	// Within one batch a client_id creates once.
	out = h.ok("batch_update", `{"ops":[
	 {"op":"create","client_id":"x","type":"milestone","data":{"title":"X"}},
	 {"op":"create","client_id":"x","type":"milestone","data":{"title":"X"}}]}`)
	assert.Equal(t, "M-003", results(out)[0]["id"])
	assert.Equal(t, "M-003", results(out)[1]["id"])
	assert.Equal(t, true, results(out)[1]["idempotent"])
}

func TestBatchNonAtomicReportsFailuresAndAppliesTheRest(t *testing.T) {
	h := newHarness(t)
	out := h.ok("batch_update", `{"ops":[
	 {"op":"create","client_id":"m","type":"milestone","data":{"title":"Kept"}},
	 {"op":"create","client_id":"s","type":"story","data":{"title":"Bad ref","parent":"{{nope}}"}},
	 {"op":"update","id":"T-404","data":{"title":"gone"}},
	 {"op":"create","client_id":"s2","type":"story","data":{"title":"Orphan"}},
	 {"op":"update","id":"{{m}}","data":{"status":"Completed"}},
	 {"op":"create","client_id":"s3","type":"story","data":{"title":"Good","parent":"{{m}}"}}
	]}`)
	rs := results(out)
	assert.Equal(t, []bool{true, false, false, false, false, true}, successes(rs))
	assert.Contains(t, rs[1]["message"], `client_id "nope"`)
	assert.Equal(t, "not_found", rs[2]["error"].(map[string]any)["code"])
	assert.Equal(t, "orphan", rs[3]["error"].(map[string]any)["code"])
	assert.Equal(t, "invalid_transition", rs[4]["error"].(map[string]any)["code"])
	assert.Equal(t, "S-001", rs[5]["id"], "failed ops did not use up ids")
	assert.Equal(t, 2, h.env.Project.Len())
}

func TestBatchUnknownOpRefusesTheWholeBatch(t *testing.T) {
	h := newHarness(t)
	_, err := h.call("batch_update", `{"ops":[{"op":"create","type":"milestone","data":{"title":"A"}},{"op":"explode"}]}`)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
	assert.Equal(t, "ops.op", pc.AsError(err).Details["field"])
	assert.Equal(t, 0, h.env.Project.Len())
}

func successes(rs []map[string]any) []bool {
	var out []bool
	for _, r := range rs {
		out = append(out, r["success"].(bool))
	}
	return out
}

func TestBatchAtomicWritesNothingOnFailure(t *testing.T) {
	h := newHarness(t)
	h.seed()
	before := h.fs.Files()
	out := h.ok("batch_update", `{"options":{"atomic":true},"ops":[
	 {"op":"create","client_id":"a","type":"task","data":{"title":"A","parent":"S-001"}},
	 {"op":"update","id":"T-001","data":{"status":"wip"}},
	 {"op":"update","id":"T-001","data":{"depends_on":["{{a}}"]}},
	 {"op":"update","id":"{{a}}","data":{"depends_on":["T-001"]}}
	]}`)
	assert.Equal(t, true, out["rolled_back"])
	assert.Equal(t, []bool{false, false, false, false}, successes(results(out)))
	assert.Equal(t, "cycle", results(out)[3]["error"].(map[string]any)["code"])
	assert.Contains(t, results(out)[0]["message"], "op 4 failed")
	assert.Equal(t, before, h.fs.Files())
	_, err := h.env.Project.Get("T-002")
	assert.Error(t, err, "the index did not keep the rolled-back entity")
}

func TestBatchDryRun(t *testing.T) {
	h := newHarness(t)
	h.seed()
	before := h.fs.Files()
	out := h.ok("batch_update", `{"options":{"dry_run":true,"include_entities":true,"fields":["title","parent"]},"ops":[
	 {"op":"create","client_id":"a","type":"task","data":{"title":"A","parent":"S-001"}},
	 {"op":"create","client_id":"b","type":"task","data":{"title":"B","parent":"S-001","depends_on":["{{a}}"]}},
	 {"op":"update","id":"T-009","data":{"title":"missing"}}
	]}`)
	rs := results(out)
	assert.Equal(t, "T-002", rs[0]["id"])
	assert.Equal(t, "T-003", rs[1]["id"])
	assert.Equal(t, map[string]any{"id": "T-003", "type": "task", "title": "B", "parent": "S-001"}, rs[1]["entity"])
	assert.Equal(t, "not_found", rs[2]["error"].(map[string]any)["code"])
	assert.Equal(t, true, out["dry_run"])
	assert.Equal(t, before, h.fs.Files())
}

func TestBatchLimits(t *testing.T) {
	h := newHarness(t)
	ops := make([]string, 1001)
	for i := range ops {
		ops[i] = `{"op":"create","type":"milestone","data":{"title":"m"}}`
	}
	_, err := h.call("batch_update", `{"ops":[`+strings.Join(ops, ",")+`]}`)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
	_, err = h.call("batch_update", `{}`)
	assert.Equal(t, pc.CodeMissingField, pc.ErrorCode(err))
	_, err = h.call("batch_update", `{"ops":[{"op":"create","bogus":1}]}`)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
	assert.Empty(t, h.fs.Files())
}

func TestBatchArchive(t *testing.T) {
	h := newHarness(t)
	h.seed()
	out := h.ok("batch_update", `{"ops":[{"op":"archive","id":"S-001"}]}`)
	assert.Equal(t, "orphan", results(out)[0]["error"].(map[string]any)["code"])
	out = h.ok("batch_update", `{"ops":[{"op":"archive","id":"S-001","data":{"cascade":true}}]}`)
	assert.Equal(t, "archived 2 entities", results(out)[0]["message"])
	for _, id := range []string{"S-001", "T-001"} {
		e, _ := h.env.Project.Get(id)
		assert.True(t, e.Archived, id)
		assert.True(t, strings.HasPrefix(e.Path, "Projects/archive/"), e.Path)
	}
}

// TestAtomicBatchSurvivesAFailingWrite makes the file system fail at every
// possible write of a 20-op atomic batch in turn and checks that the vault
// is, by content hash, exactly as before, and that the index agrees.
func TestAtomicBatchSurvivesAFailingWrite(t *testing.T) {
	var ops []string
	ops = append(ops, `{"op":"create","client_id":"m","type":"milestone","data":{"title":"Big"}}`)
	for i := range 8 {
		ops = append(ops, fmt.Sprintf(`{"op":"create","client_id":"s%d","type":"story","data":{"title":"S%d","parent":"{{m}}","implements":["F-001"]}}`, i, i))
	}
	for i := range 8 {
		ops = append(ops, fmt.Sprintf(`{"op":"create","client_id":"t%d","type":"task","data":{"title":"T%d","parent":"{{s%d}}","depends_on":["T-001"]}}`, i, i, i))
	}
	ops = append(ops,
		`{"op":"update","id":"T-001","data":{"status":"wip","priority":"P1"}}`,
		`{"op":"archive","id":"T-002","data":{}}`,
		`{"op":"update","id":"F-001","data":{"test_refs":["tests/a.go"]}}`)
	require.Len(t, ops, 20)
	// The canvas is written after the batch, outside its transaction
	// (TestBatchAddsCreatedEntitiesToCanvas); here only the batch's writes
	// count.
	args := `{"options":{"atomic":true,"add_to_canvas":false},"ops":[` + strings.Join(ops, ",") + `]}`

	fresh := func() *harness {
		h := newHarness(t)
		h.seed()
		h.ok("create_entity", `{"type":"task","data":{"title":"Other","parent":"S-001"}}`)
		h.ok("create_entity", `{"type":"feature","data":{"title":"Feat"}}`)
		return h
	}
	// Count the writes a successful run makes.
	h := fresh()
	writes := 0
	h.fs.FailWrite = func(op, name string) error { writes++; return nil }
	out := h.ok("batch_update", args)
	require.Equal(t, 20.0, out["summary"].(map[string]any)["succeeded"], "%v", out)
	require.Greater(t, writes, 20)

	for n := 1; n <= writes; n++ {
		h := fresh()
		before := hashes(h.fs.Files())
		count := 0
		h.fs.FailWrite = func(op, name string) error {
			count++
			if count == n {
				return errors.New("disk full")
			}
			return nil
		}
		out := h.ok("batch_update", args)
		assert.Equal(t, true, out["rolled_back"], "write %d", n)
		assert.Equal(t, before, hashes(h.fs.Files()), "write %d of %d failed and the vault changed", n, writes)
		_, err := h.env.Project.Get("M-002")
		assert.Equal(t, pc.CodeNotFound, pc.ErrorCode(err), "write %d: the index kept a rolled-back entity", n)
		t1, _ := h.env.Project.Get("T-001")
		assert.Equal(t, pc.NotStarted, t1.Status)
	}
}

func hashes(files map[string]string) map[string]pc.Hash {
	out := map[string]pc.Hash{}
	for name, data := range files {
		out[name] = pc.HashOf([]byte(data))
	}
	return out
}

func TestHandleEntities(t *testing.T) {
	h := newHarness(t)
	h.seed()
	out := h.ok("handle_entities", `{"action":"get","ids":["T-001","M-001","X-1"],"fields":["title"]}`)
	assert.Equal(t, 2.0, out["count"])
	assert.Equal(t, []any{"X-1"}, out["not_found"])
	data, _ := json.Marshal(out["entities"])
	assert.JSONEq(t, `[{"id":"T-001","type":"task","title":"Form"},{"id":"M-001","type":"milestone","title":"Beta"}]`, string(data))
	out = h.ok("handle_entities", `{"action":"batch","ops":[{"op":"create","type":"task","data":{"title":"B","parent":"S-001"}}]}`)
	assert.Equal(t, "T-002", results(out)[0]["id"])
	_, err := h.call("handle_entities", `{"action":"nuke"}`)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
}
