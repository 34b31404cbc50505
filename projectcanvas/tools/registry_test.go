package tools_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// The whole tools list goes into an assistant's context: docs/ARCHITECTURE.md ("The tools list")
// keeps it small. 24 KB for all 27 tools, so this registry's share.
func TestToolListFitsItsBudget(t *testing.T) {
	list := tools.New().Tools()
	data, err := json.Marshal(list)
	require.NoError(t, err)
	budget := 24 * 1024 * len(list) / 27
	assert.LessOrEqual(t, len(data), budget, "tools list is %d bytes for %d tools; shorten descriptions", len(data), len(list))
}

func TestAnnotations(t *testing.T) {
	readOnly := map[string]bool{
		"get_entity": true, "get_entities": true, "search_entities": true, "get_project_overview": true,
		"analyze_project_state": true, "get_feature_coverage": true, "get_schema": true,
		"validate_project": true, "suggest_feature_links": true,
		"search_docs": true, "msrl_status": true, "list_workspaces": true, "list_files": true, "read_docs": true,
	}
	for _, tool := range tools.New().Tools() {
		assert.Equal(t, readOnly[tool.Name], tool.Annotations.ReadOnly, tool.Name)
		if tool.Annotations.ReadOnly {
			assert.False(t, tool.Annotations.Destructive, tool.Name)
		}
	}
}

// Every list a tool takes has a bound (issue 7: no unbounded input or output).
func TestEveryListParameterIsBounded(t *testing.T) {
	for _, tool := range tools.New().Tools() {
		var schema map[string]any
		require.NoError(t, json.Unmarshal(tool.InputSchema, &schema))
		checkBounded(t, tool.Name, "", schema)
	}
}

func checkBounded(t *testing.T, tool, path string, s map[string]any) {
	isArray := s["type"] == "array"
	if types, ok := s["type"].([]any); ok {
		for _, ty := range types {
			isArray = isArray || ty == "array"
		}
	}
	if isArray {
		assert.NotNil(t, s["maxItems"], "%s: %s has no maxItems", tool, path)
	}
	for name, p := range asMap(s["properties"]) {
		checkBounded(t, tool, strings.TrimPrefix(path+"."+name, "."), asMap(p))
	}
	if items := asMap(s["items"]); items != nil {
		checkBounded(t, tool, path+"[]", items)
	}
}

// Every property schema is a JSON object: a boolean schema (`true`) is valid
// JSON Schema but the MCP TypeScript SDK refuses the whole tools list for it.
func TestEveryPropertySchemaIsAnObject(t *testing.T) {
	var walk func(tool, path string, s any)
	walk = func(tool, path string, s any) {
		m, ok := s.(map[string]any)
		require.True(t, ok, "%s: %s is %v, not a schema object", tool, path, s)
		for name, p := range asMap(m["properties"]) {
			walk(tool, path+"."+name, p)
		}
		if items, ok := m["items"]; ok {
			walk(tool, path+"[]", items)
		}
	}
	for _, tool := range tools.New().Tools() {
		var schema any
		require.NoError(t, json.Unmarshal(tool.InputSchema, &schema))
		walk(tool.Name, "", schema)
	}
}

func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }

// Every tool refuses a wrong-case name ("ID" for "id"), a duplicate key and
// an unknown name, before it reads or writes anything.
func TestEveryToolRefusesWrongCaseAndDuplicateKeys(t *testing.T) {
	seen := map[string]bool{}
	for _, tool := range specTools {
		if seen[tool.name] {
			continue
		}
		seen[tool.name] = true
		var base map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(tool.base), &base))
		inner := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(tool.base), "{"), "}")
		var cases []string
		for k, v := range base {
			rest := map[string]json.RawMessage{}
			for k2, v2 := range base {
				if k2 != k {
					rest[k2] = v2
				}
			}
			rest[strings.ToUpper(k)] = v
			wrongCase, _ := json.Marshal(rest)
			cases = append(cases, string(wrongCase), `{`+inner+`,"`+k+`":`+string(v)+`}`)
			break
		}
		sep := ","
		if inner == "" {
			sep = ""
		}
		cases = append(cases, `{`+inner+sep+`"no_such_parameter":1}`, `{`+inner+sep+`"x":1,"x":2}`)
		h := exampleHarness(t)
		before := h.fs.Files()
		for _, args := range cases {
			_, err := h.call(tool.name, args)
			assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "%s %s: %v", tool.name, args, err)
			assert.Equal(t, before, h.fs.Files(), "%s %s changed files", tool.name, args)
		}
	}
}

// cancelAfter is a context that reports cancellation after n checks, to
// stop a call in the middle.
type cancelAfter struct {
	context.Context
	n int
}

func (c *cancelAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

func TestBatchStopsWhenCancelled(t *testing.T) {
	for _, atomic := range []bool{true, false} {
		h := newHarness(t)
		h.seed()
		ops := make([]string, tools.MaxBatch)
		for i := range ops {
			ops[i] = `{"op":"create","type":"task","data":{"title":"T","parent":"S-001"}}`
		}
		args := `{"options":{"atomic":` + map[bool]string{true: "true", false: "false"}[atomic] + `},"ops":[` + strings.Join(ops, ",") + `]}`
		before := h.fs.Files()
		_, err := h.reg.Call(&cancelAfter{Context: context.Background(), n: 500}, h.env, "batch_update", json.RawMessage(args))
		require.Error(t, err, "atomic=%v", atomic)
		assert.Contains(t, err.Error(), "cancel")
		assert.Equal(t, before, h.fs.Files(), "a cancelled batch writes nothing (atomic=%v)", atomic)
		assert.Equal(t, 3, h.env.Project.Len())
	}
	h := newHarness(t)
	_, err := h.reg.Call(context.Background(), h.env, "batch_update",
		json.RawMessage(`{"ops":[`+strings.Repeat(`{"op":"archive","id":"T-001"},`, tools.MaxBatch)+`{"op":"archive","id":"T-001"}]}`))
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "more than MaxBatch ops")
}

func TestGetEntitiesBounds(t *testing.T) {
	h := newHarness(t)
	h.seed()
	ids := make([]string, tools.MaxIDs+1)
	for i := range ids {
		ids[i] = `"T-001"`
	}
	for _, tc := range []struct{ tool, args string }{
		{"get_entities", `{"ids":[` + strings.Join(ids, ",") + `]}`},
		{"handle_entities", `{"action":"get","ids":[` + strings.Join(ids, ",") + `]}`},
	} {
		_, err := h.call(tc.tool, tc.args)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), tc.tool)
		assert.Equal(t, "ids", pc.AsError(err).Details["field"], tc.tool)
	}
	a := h.ok("get_entities", `{"ids":[`+strings.Join(ids[:tools.MaxIDs-1], ",")+`,"M-001"],"fields":["title"]}`)
	b := h.ok("handle_entities", `{"action":"get","ids":[`+strings.Join(ids[:tools.MaxIDs-1], ",")+`,"M-001"],"fields":["title"]}`)
	assert.Equal(t, a, b, "handle_entities get answers exactly as get_entities")
}

// New names the tools and builds each group on first use: a tool looked
// up (or called) before Tools is the same as the one Tools lists, in the
// same place, and concurrent first uses build it once without a race.
func TestToolsAreCompletedOnFirstUse(t *testing.T) {
	want := tools.New().Tools()
	r := tools.New()
	var wg sync.WaitGroup
	for _, name := range []string{"get_entity", "search_docs", "get_entity", "layout_canvas"} {
		wg.Go(func() {
			tool, ok := r.Lookup(name)
			assert.True(t, ok, name)
			assert.NotNil(t, tool.Handler, name)
			assert.NotEmpty(t, tool.InputSchema, name)
		})
	}
	wg.Go(func() {
		_, err := r.Dispatch(context.Background(), &tools.Env{}, "get_schema", nil)
		assert.NoError(t, err)
	})
	wg.Wait()
	got := r.Tools()
	require.Len(t, got, len(want))
	for i := range want {
		assert.Equal(t, want[i].Name, got[i].Name)
		assert.JSONEq(t, string(want[i].InputSchema), string(got[i].InputSchema), want[i].Name)
	}
	_, ok := r.Lookup("no_such_tool")
	assert.False(t, ok)
}

// Behind a host's read gate, a read waits for a place while a write goes
// through at once.
func TestReadGateHoldsReadsNotWrites(t *testing.T) {
	h := newHarness(t)
	h.seed()
	h.env.Reads = pc.NewReadGate(1)
	_, leave, err := h.env.Reads.Enter(context.Background())
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	_, err = h.reg.Dispatch(ctx, h.env, "get_entity", []byte(`{"id":"T-001"}`))
	require.Error(t, err, "the read waits for the place taken")
	assert.Contains(t, err.Error(), "waiting to run")
	_, err = h.reg.Dispatch(context.Background(), h.env, "update_entity", []byte(`{"id":"T-001","data":{"priority":"P1"}}`))
	require.NoError(t, err, "a write does not wait")
	leave()
	_, err = h.reg.Dispatch(context.Background(), h.env, "get_entity", []byte(`{"id":"T-001"}`))
	require.NoError(t, err)
}

// An error's JSON keeps "<", ">" and "&" as they are: "A -> B" reads so in a
// terminal, and JSON reads it the same.
func TestErrorJSONIsNotHTMLEscaped(t *testing.T) {
	got := string(tools.ErrorJSON(pc.Errorf(pc.CodeCycle, "T-001 -> T-002 -> T-001 & <more>")))
	assert.Equal(t, `{"error":{"code":"cycle","message":"T-001 -> T-002 -> T-001 & <more>"}}`, got)
}
