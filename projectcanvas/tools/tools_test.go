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
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// testRegistry is shared by the tests: a registry does not change once built.
var testRegistry = tools.New()

type harness struct {
	t   *testing.T
	reg *tools.Registry
	env *tools.Env
	fs  *memfs.FS
}

func newHarness(t *testing.T) *harness {
	fsys := memfs.New(nil)
	p, err := pc.Open(fsys, pc.WithClock(func() time.Time { return time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC) }))
	require.NoError(t, err)
	return &harness{t: t, reg: testRegistry, env: &tools.Env{Project: p}, fs: fsys}
}

// call runs a tool and returns its result as generic JSON.
func (h *harness) call(name, args string) (map[string]any, error) {
	h.t.Helper()
	res, err := h.reg.Call(context.Background(), h.env, name, json.RawMessage(args))
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(res)
	require.NoError(h.t, err)
	var out map[string]any
	require.NoError(h.t, json.Unmarshal(data, &out))
	return out, nil
}

func (h *harness) ok(name, args string) map[string]any {
	h.t.Helper()
	out, err := h.call(name, args)
	require.NoError(h.t, err, "%s %s", name, args)
	return out
}

func (h *harness) seed() {
	h.ok("create_entity", `{"type":"milestone","data":{"title":"Beta"}}`)
	h.ok("create_entity", `{"type":"story","data":{"title":"Login","parent":"M-001"}}`)
	h.ok("create_entity", `{"type":"task","data":{"title":"Form","parent":"S-001"}}`)
}

func TestCreateEntity(t *testing.T) {
	h := newHarness(t)
	h.seed()
	out := h.ok("create_entity", `{"type":"task","data":{"title":"API","parent":"S-001","depends_on":["T-001"],"content":"Body text."}}`)
	assert.Equal(t, "T-002", out["id"])
	assert.Equal(t, float64(1), out["dependencies_created"])
	assert.Equal(t, true, out["canvas_node_added"])
	entity := out["entity"].(map[string]any)
	assert.Equal(t, "Not Started", entity["status"])
	assert.Equal(t, []any{"T-001"}, entity["depends_on"])
	assert.Equal(t, "S-001", entity["parent"])
}

func TestUpdateEntity(t *testing.T) {
	h := newHarness(t)
	h.seed()
	out := h.ok("update_entity", `{"id":"T-001","status":"wip","data":{"priority":"High","owner":"Ana"}}`)
	assert.Equal(t, "T-001", out["id"])
	assert.ElementsMatch(t, []any{"status", "priority", "owner"}, out["updated_fields"])
	assert.Equal(t, "In Progress", out["entity"].(map[string]any)["status"])

	out = h.ok("update_entity", `{"id":"T-001","data":{"priority":"P0"},"return_fields":["priority","parent"]}`)
	assert.Equal(t, map[string]any{"id": "T-001", "type": "task", "priority": "P0", "parent": "S-001"}, out["entity"])

	out = h.ok("update_entity", `{"id":"T-001","archived":true,"return_full":true}`)
	assert.Equal(t, true, out["entity"].(map[string]any)["archived"])
}

func TestGetEntity(t *testing.T) {
	h := newHarness(t)
	h.seed()
	out := h.ok("get_entity", `{"id":"S-001"}`)
	assert.Equal(t, map[string]any{
		"id": "S-001", "type": "story", "title": "Login", "status": "Not Started", "parent": "M-001",
		"created_at": "2026-11-21T09:00:00Z", "updated_at": "2026-11-21T09:00:00Z", "path": "Projects/stories/S-001 Login.md",
		"children": []any{"T-001"}, "children_count": 1.0,
		"depends_on": []any{}, "blocks": []any{}, "implements": []any{}, "documented_by": []any{}, "decided_by": []any{},
	}, out, "all fields by default, empty relation lists as []")
	out = h.ok("get_entity", `{"id":"s-001","fields":["children","children_count","task_progress","content","parent"]}`)
	assert.Equal(t, []any{"T-001"}, out["children"])
	assert.Equal(t, float64(1), out["children_count"])
	assert.Equal(t, map[string]any{"total": float64(1), "completed": float64(0)}, out["task_progress"])
	assert.Equal(t, "", out["content"])
	assert.Equal(t, "M-001", out["parent"])

	out = h.ok("get_entities", `{"ids":["T-001","T-404","M-001"],"fields":["title"]}`)
	assert.Equal(t, []any{"T-404"}, out["not_found"])
	assert.Equal(t, 2.0, out["count"])
	assert.Equal(t, []any{
		map[string]any{"id": "T-001", "type": "task", "title": "Form"},
		map[string]any{"id": "M-001", "type": "milestone", "title": "Beta"},
	}, out["entities"], "in the order asked")
}

func TestHandleEntity(t *testing.T) {
	h := newHarness(t)
	h.seed()
	out := h.ok("handle_entity", `{"action":"create","type":"task","title":"Flat","parent":"S-001","status":"wip","priority":"low"}`)
	assert.Equal(t, "T-002", out["id"])
	out = h.ok("handle_entity", `{"action":"get","id":"T-002","fields":["status","priority"]}`)
	assert.Equal(t, "In Progress", out["status"])
	assert.Equal(t, "P3", out["priority"])
	out = h.ok("handle_entity", `{"action":"update","id":"T-002","status":"done","owner":"Bo"}`)
	assert.ElementsMatch(t, []any{"status", "owner"}, out["updated_fields"])

	_, err := h.call("handle_entity", `{"action":"delete","id":"T-002"}`)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
	_, err = h.call("handle_entity", `{"id":"T-002"}`)
	assert.Equal(t, pc.CodeMissingField, pc.ErrorCode(err))
}

func TestBadArguments(t *testing.T) {
	h := newHarness(t)
	h.seed()
	before := h.fs.Files()
	for _, tt := range []struct {
		tool, args string
		code       pc.Code
	}{
		{"create_entity", `{"type":"task","data":`, pc.CodeInvalidArgument},
		{"create_entity", `[1,2]`, pc.CodeInvalidArgument},
		{"create_entity", `{"type":"task","data":{"title":"x","parent":"S-001"},"colour":1}`, pc.CodeInvalidArgument},
		{"create_entity", `{"type":7,"data":{}}`, pc.CodeInvalidArgument},
		{"create_entity", `{"data":{"title":"x"}}`, pc.CodeMissingField},
		{"create_entity", `{"type":"task"}`, pc.CodeMissingField},
		{"create_entity", `{"type":"story","data":{"title":"x"}}`, pc.CodeOrphan},
		{"update_entity", `{"id":"T-001","status":"Completed"}`, pc.CodeInvalidTransition},
		{"update_entity", `{"id":"T-001","add_dependencies":["T-001"]}`, pc.CodeCycle},
		{"update_entity", `{"id":"T-009","status":"wip"}`, pc.CodeNotFound},
		{"update_entity", `{"id":"T-001","archived":"yes"}`, pc.CodeInvalidArgument},
		{"get_entity", `{}`, pc.CodeMissingField},
		{"get_entity", `{"ID":"T-001"}`, pc.CodeInvalidArgument},
		{"get_entity", `{"id":"T-001","id":"T-002"}`, pc.CodeInvalidArgument},
		{"get_entity", `{"id":"T-001","content_mode":"semantic"}`, pc.CodeInvalidArgument},
		{"get_schema", `{"entity_type":"epic"}`, pc.CodeInvalidArgument},
		{"no_such_tool", `{}`, pc.CodeNotFound},
	} {
		_, err := h.call(tt.tool, tt.args)
		require.Error(t, err, "%s %s", tt.tool, tt.args)
		assert.Equal(t, tt.code, pc.ErrorCode(err), "%s %s: %v", tt.tool, tt.args, err)
		var envelope map[string]map[string]any
		require.NoError(t, json.Unmarshal(tools.ErrorJSON(err), &envelope))
		assert.Equal(t, string(tt.code), envelope["error"]["code"])
		assert.NotEmpty(t, envelope["error"]["message"])
	}
	assert.Equal(t, before, h.fs.Files(), "bad arguments changed files")
}

func TestGetSchema(t *testing.T) {
	h := newHarness(t)
	out := h.ok("get_schema", `{}`)
	assert.Len(t, out["schemas"], 6)
	out = h.ok("get_schema", `{"entity_type":"task","relationships_only":true}`)
	schema := out["schemas"].([]any)[0].(map[string]any)
	assert.Equal(t, `^T-\d{3,}$`, schema["id_pattern"])
	assert.Equal(t, []any{"parent", "depends_on", "implements", "blocks", "documented_by", "decided_by"}, schema["field_order"])
	assert.Equal(t, map[string]any{"type": "id_list", "required": false, "description": "Features this work implements.",
		"target_types": []any{"feature"}, "inverse": "implemented_by"}, schema["fields"].(map[string]any)["implements"])
	assert.Equal(t, []any{"In Progress", "Blocked", "Deferred"}, schema["status_transitions"].(map[string]any)["Not Started"])
}

func TestRebuildIndexReportsProblems(t *testing.T) {
	h := newHarness(t)
	h.seed()
	require.NoError(t, h.fs.WriteFile("Projects/tasks/T-050 Broken.md", []byte("---\nid: T-050\ntitle: [x\n---\n"), ""))
	out := h.ok("rebuild_index", `{}`)
	assert.Equal(t, true, out["success"])
	assert.Equal(t, float64(3), out["entities_indexed"])
	problems := out["problems"].([]any)
	require.Len(t, problems, 1)
	assert.Equal(t, "invalid_yaml", problems[0].(map[string]any)["kind"])
}

func TestRegistrySchemasAreValidJSON(t *testing.T) {
	names := map[string]bool{}
	for _, tool := range tools.New().Tools() {
		assert.False(t, names[tool.Name], "duplicate %s", tool.Name)
		names[tool.Name] = true
		var schema map[string]any
		require.NoError(t, json.Unmarshal(tool.InputSchema, &schema), tool.Name)
		assert.Equal(t, "object", schema["type"], tool.Name)
		assert.LessOrEqual(t, len(tool.Description), 300, "%s: keep descriptions short", tool.Name)
	}
}
