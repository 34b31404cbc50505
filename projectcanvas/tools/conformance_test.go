package tools_test

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// The tools' contract, tool by tool, as the specification the project was
// created from gives it (clients are written against these names; the
// table below is its copy in the repository, docs/TOOLS.md its reference):
// every parameter it names is accepted (with the default it states, where
// it states one) and every return field it lists is present with the JSON
// type it states.
//
// The five tools the project adds have rows too, for the names it gives
// (validate_project, reconcile_relationships with dry_run, populate_canvas,
// layout_canvas, suggest_feature_links).

type specParam struct {
	name   string // dotted for nested parameters: options.atomic
	value  string // a JSON value the call accepts
	dflt   string // the default the contract states, "" when none
	others string // more arguments the value needs, merged into base
}

type specTool struct {
	name    string
	base    string            // the smallest valid arguments
	params  []specParam       // the contract's parameters
	returns map[string]string // return field (dotted into the first element of a list) -> JSON type
	// vault makes the harness; nil is the example vault in memory.
	vault func(t *testing.T) *harness
}

// workspaceVault is the example vault on disk (so files have modification
// times) with a workspace "eng" over its "Engineering Notes" folder.
func workspaceVault(t *testing.T) *harness {
	dir := t.TempDir()
	for name, data := range exampleVault(t) {
		full := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(data), 0o644))
	}
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	h := &harness{t: t, reg: testRegistry, env: &tools.Env{Project: p}}
	h.ok("manage_workspaces", `{"action":"create","workspace":"eng","config":{"path":"Engineering Notes","description":"Engineering"}}`)
	return h
}

// watchedVault is the example vault with a search engine that a watcher
// feeds and that has seen one event.
func watchedVault(t *testing.T) *harness {
	h := exampleHarness(t)
	eng, err := docsearch.Open(context.Background(), h.fs, docsearch.WithCache(""))
	require.NoError(t, err)
	eng.SetWatching(true)
	require.NoError(t, eng.Apply(context.Background(), docsearch.Event{Op: docsearch.OpModify, Path: "Research/Pricing Research.md"}))
	h.env.Docs = eng
	return h
}

var specTools = []specTool{
	{name: "validate_project", base: `{}`,
		returns: map[string]string{"valid": "boolean", "issues": "array", "summary": "object", "entities_checked": "number"}},
	{name: "reconcile_relationships", base: `{"dry_run":true}`,
		params:  []specParam{{name: "dry_run", value: `true`, dflt: `false`}},
		returns: map[string]string{"dry_run": "boolean", "files": "array", "summary": "object", "summary.changes": "number"}},
	{name: "populate_canvas", base: `{}`,
		params:  []specParam{{name: "canvas", value: `"Projects.canvas"`}, {name: "types", value: `["task"]`}, {name: "layout", value: `true`}},
		returns: map[string]string{"canvas": "string", "nodes_added": "number"}},
	{name: "layout_canvas", base: `{}`,
		params:  []specParam{{name: "canvas", value: `"Projects.canvas"`}},
		returns: map[string]string{"canvas": "string"}},
	{name: "suggest_feature_links", base: `{}`,
		params:  []specParam{{name: "feature_ids", value: `["F-001"]`}},
		returns: map[string]string{"suggestions": "array", "total_candidates": "number"}},
	{name: "create_entity", base: `{"type":"task","data":{"title":"New","parent":"S-001"}}`,
		params: []specParam{
			{name: "type", value: `"task"`}, {name: "data", value: `{"title":"New","parent":"S-001"}`},
			{name: "options.add_to_canvas", value: `true`, dflt: `true`}, {name: "options.canvas_source", value: `"Projects.canvas"`},
		},
		returns: map[string]string{"id": "string", "entity": "object", "entity.id": "string", "entity.type": "string", "entity.title": "string",
			"entity.status": "string", "dependencies_created": "number", "canvas_node_added": "boolean"}},
	{name: "create_entity", base: `{"type":"milestone","data":{"title":"Launch","objective":"Ship it","workstream":"Engineering","priority":"P7"}}`,
		returns: map[string]string{"entity.objective": "string", "entity.workstream": "string", "entity.priority": "string"}},
	{name: "update_entity", base: `{"id":"T-010"}`,
		params: []specParam{
			{name: "id", value: `"T-010"`}, {name: "data", value: `{"priority":"P1"}`}, {name: "status", value: `"In Progress"`},
			{name: "add_dependencies", value: `["T-025"]`}, {name: "remove_dependencies", value: `["T-011"]`},
			{name: "archived", value: `false`}, {name: "return_full", value: `false`, dflt: `false`},
			{name: "return_fields", value: `["title"]`}, {name: "cascade", value: `true`},
		},
		returns: map[string]string{"id": "string", "updated_fields": "array", "entity": "object"}},
	{name: "handle_entity", base: `{"action":"get","id":"T-010"}`,
		params:  []specParam{{name: "action", value: `"get"`}, {name: "id", value: `"T-010"`}, {name: "fields", value: `["title"]`}},
		returns: map[string]string{"id": "string", "title": "string", "updated_at": "string"}},
	{name: "handle_entity", base: `{"action":"update","id":"T-010"}`,
		params: []specParam{{name: "status", value: `"wip"`}, {name: "return_full", value: `true`}, {name: "priority", value: `"P1"`},
			{name: "add_dependencies", value: `["T-025"]`}, {name: "archived", value: `false`}, {name: "cascade", value: `false`},
			{name: "return_fields", value: `["title"]`}},
		returns: map[string]string{"id": "string", "updated_fields": "array", "entity": "object"}},
	{name: "handle_entity", base: `{"action":"create","type":"task","title":"Flat","parent":"S-001"}`,
		params: []specParam{{name: "type", value: `"task"`}, {name: "title", value: `"Flat"`}, {name: "workstream", value: `"design"`},
			{name: "parent", value: `"S-001"`}, {name: "status", value: `"wip"`}},
		returns: map[string]string{"id": "string", "entity": "object", "dependencies_created": "number", "canvas_node_added": "boolean"}},
	{name: "search_entities", base: `{}`,
		params: []specParam{
			{name: "query", value: `"search"`}, {name: "semantic", value: `false`, dflt: `false`},
			{name: "from_id", value: `"T-013"`, others: `{"direction":"parent"}`}, {name: "direction", value: `"children"`, others: `{"from_id":"S-004"}`},
			{name: "filters.type", value: `["task"]`}, {name: "filters.status", value: `["Completed"]`},
			{name: "filters.workstream", value: `["engineering"]`}, {name: "filters.archived", value: `false`},
			{name: "fields", value: `["id","title"]`}, {name: "max_items", value: `20`, dflt: `20`}, {name: "since", value: `"2026-01-01"`},
		},
		returns: map[string]string{"results": "array", "results.score": "number", "results.id": "string", "results.type": "string",
			"results.title": "string", "results.status": "string", "count": "number", "total_count": "number", "has_more": "boolean"}},
	{name: "search_entities", base: `{"query":"search"}`, returns: map[string]string{"results.score": "number"}},
	{name: "search_entities", base: `{"query":"search","semantic":true}`, returns: map[string]string{"results.score": "number", "results.id": "string"}},
	{name: "search_entities", base: `{"from_id":"S-004","direction":"children"}`, returns: map[string]string{"results.score": "number"}},
	{name: "get_entity", base: `{"id":"S-004"}`,
		params: []specParam{{name: "id", value: `"S-004"`}, {name: "fields", value: `["title","children","children_count"]`}},
		returns: map[string]string{"id": "string", "type": "string", "title": "string", "status": "string", "parent": "string",
			"children": "array", "children_count": "number", "depends_on": "array", "blocks": "array", "implements": "array",
			"documented_by": "array", "decided_by": "array", "updated_at": "string"}},
	{name: "get_entities", base: `{"ids":["S-004","T-404"]}`,
		params:  []specParam{{name: "ids", value: `["S-004"]`}, {name: "fields", value: `["title"]`}},
		returns: map[string]string{"entities": "array", "entities.id": "string", "entities.updated_at": "string", "count": "number", "not_found": "array"}},
	{name: "get_project_overview", base: `{}`,
		params: []specParam{{name: "include_workstreams", value: `true`, dflt: `true`}, {name: "include_recent", value: `true`, dflt: `true`}},
		returns: map[string]string{"summary": "object", "summary.total_entities": "number", "summary.by_type": "object", "summary.by_status": "object",
			"workstreams": "array", "workstreams.name": "string", "workstreams.entity_count": "number", "workstreams.in_progress": "number",
			"workstreams.blocked": "number", "recent_updates": "array", "recent_updates.id": "string", "recent_updates.title": "string",
			"recent_updates.status": "string", "recent_updates.updated_at": "string"}},
	{name: "analyze_project_state", base: `{"include_dependency_graph":true}`,
		params: []specParam{{name: "include_dependency_graph", value: `false`, dflt: `false`}, {name: "include_blockers", value: `true`, dflt: `true`}},
		returns: map[string]string{"health_score": "number", "blockers": "array", "blockers.id": "string", "blockers.title": "string",
			"blockers.blocked_by": "array", "blockers.blocking": "array", "risks": "array", "risks.type": "string", "risks.entities": "array",
			"risks.severity": "string", "dependency_graph": "object", "dependency_graph.nodes": "array", "dependency_graph.edges": "array",
			"dependency_graph.edges.from": "string", "dependency_graph.edges.to": "string"}},
	{name: "get_feature_coverage", base: `{}`,
		params: []specParam{{name: "tier", value: `"Premium"`}, {name: "phase", value: `"MVP"`}, {name: "show_gaps_only", value: `false`, dflt: `false`}},
		returns: map[string]string{"summary": "object", "summary.total_features": "number", "summary.implemented": "number",
			"summary.documented": "number", "summary.tested": "number", "summary.complete": "number", "gaps": "object",
			"gaps.missing_implementation": "array", "gaps.missing_documentation": "array", "gaps.missing_tests": "array",
			"features": "array", "features.id": "string", "features.title": "string", "features.tier": "string", "features.phase": "string",
			"features.status": "string", "features.implemented_by": "array", "features.documented_by": "array", "features.test_refs": "array",
			"features.coverage": "object", "features.coverage.implementation": "boolean", "features.coverage.documentation": "boolean",
			"features.coverage.tests": "boolean"}},
	{name: "get_schema", base: `{}`,
		params: []specParam{{name: "entity_type", value: `"all"`, dflt: `"all"`}, {name: "relationships_only", value: `false`, dflt: `false`}},
		returns: map[string]string{"schemas": "array", "schemas.type": "string", "schemas.id_pattern": "string", "schemas.fields": "object",
			"schemas.fields.title": "object", "schemas.fields.title.type": "string", "schemas.fields.title.required": "boolean",
			"schemas.fields.title.description": "string", "schemas.fields.status.values": "array"}},
	{name: "batch_update", base: `{"ops":[{"op":"create","client_id":"a","type":"task","data":{"title":"A","parent":"S-001"}},` +
		`{"op":"update","id":"{{a}}","data":{"status":"wip"}},{"op":"archive","id":"T-010"}]}`,
		params: []specParam{
			{name: "ops", value: `[{"op":"update","id":"T-010","data":{"priority":"P2"}}]`},
			{name: "options.atomic", value: `false`, dflt: `false`}, {name: "options.dry_run", value: `false`, dflt: `false`},
			{name: "options.include_entities", value: `false`, dflt: `false`}, {name: "options.fields", value: `["title"]`},
		},
		returns: map[string]string{"results": "array", "results.op": "string", "results.client_id": "string", "results.success": "boolean",
			"results.id": "string", "results.message": "string", "summary": "object", "summary.total": "number",
			"summary.succeeded": "number", "summary.failed": "number"}},
	{name: "handle_entities", base: `{"action":"get","ids":["S-004","T-404"]}`,
		params: []specParam{{name: "action", value: `"get"`}, {name: "ids", value: `["S-004"]`},
			{name: "ops", value: `[{"op":"create","type":"milestone","data":{"title":"M"}}]`, others: `{"action":"batch"}`}},
		returns: map[string]string{"entities": "array", "count": "number", "not_found": "array"}},
	{name: "cleanup_completed", base: `{"dry_run":true}`,
		params: []specParam{{name: "dry_run", value: `false`, dflt: `false`}, {name: "include_orphaned", value: `false`, dflt: `false`}},
		returns: map[string]string{"archived_count": "number", "archived_ids": "array", "would_orphan": "array",
			"requires_confirmation": "boolean", "dry_run": "boolean"}},
	{name: "rebuild_index", base: `{}`,
		returns: map[string]string{"success": "boolean", "entities_indexed": "number", "took_ms": "number"}},
	{name: "manage_documents", base: `{"action":"create","type":"decision","data":{"title":"Pick a queue"},"content":"We chose."}`,
		params: []specParam{
			{name: "action", value: `"create"`}, {name: "type", value: `"document"`},
			{name: "id", value: `"DOC-001"`, others: `{"action":"update"}`},
			{name: "data", value: `{"title":"Pick a queue","affects":["T-010"]}`}, {name: "content", value: `"Body."`},
		},
		returns: map[string]string{"id": "string", "entity": "object"}},
	{name: "manage_workspaces", base: `{"action":"get","workspace":"eng"}`, vault: workspaceVault,
		params: []specParam{
			{name: "action", value: `"get"`}, {name: "workspace", value: `"eng"`},
			{name: "config.path", value: `"Research"`, others: `{"action":"update"}`},
			{name: "config.description", value: `"User research"`, others: `{"action":"update"}`},
		},
		returns: map[string]string{"success": "boolean", "action": "string", "workspace": "object", "workspace.name": "string",
			"workspace.path": "string", "workspace.description": "string", "workspace.file_count": "number"}},
	{name: "list_workspaces", base: `{}`, vault: workspaceVault,
		returns: map[string]string{"workspaces": "array", "workspaces.name": "string", "workspaces.path": "string",
			"workspaces.description": "string", "workspaces.file_count": "number", "count": "number", "config_last_changed": "string"}},
	{name: "list_files", base: `{"workspace":"eng"}`, vault: workspaceVault,
		params: []specParam{{name: "workspace", value: `"eng"`}, {name: "max_items", value: `20`, dflt: `20`}},
		returns: map[string]string{"workspace": "string", "workspace_description": "string", "files": "array", "files.name": "string",
			"files.path": "string", "files.size": "number", "files.last_changed": "string", "count": "number"}},
	{name: "search_docs", base: `{"query":"rollback a failed deploy"}`,
		params: []specParam{
			{name: "query", value: `"rollback"`}, {name: "top_k", value: `8`, dflt: `8`},
			{name: "max_excerpt_chars", value: `4000`, dflt: `4000`},
			{name: "filters.doc_uri_prefix", value: `"Engineering Notes/"`}, {name: "filters.doc_uris", value: `["Engineering Notes/Deployment Runbook.md"]`},
			{name: "filters.heading_path_contains", value: `"Rollback"`}, {name: "include_scores", value: `false`, dflt: `false`},
		},
		returns: map[string]string{"results": "array", "results.doc_uri": "string", "results.heading_path": "string",
			"results.excerpt": "string", "results.start_char": "number", "results.end_char": "number", "count": "number", "took_ms": "number"}},
	{name: "search_docs", base: `{"query":"rollback a failed deploy","include_scores":true}`,
		returns: map[string]string{"results.vector_score": "number", "results.bm25_score": "number", "results.hybrid_score": "number"}},
	{name: "msrl_status", base: `{}`, vault: watchedVault,
		returns: map[string]string{"state": "string", "snapshot_id": "string", "stats": "object", "stats.doc_count": "number",
			"stats.node_count": "number", "stats.leaf_count": "number", "stats.shard_count": "number",
			"watcher": "object", "watcher.active": "boolean", "watcher.last_event": "string"}},
	{name: "read_docs", base: `{"workspace":"eng","doc_name":"Deployment Runbook"}`, vault: workspaceVault,
		params: []specParam{{name: "workspace", value: `"eng"`}, {name: "doc_name", value: `"Deployment Runbook.md"`},
			{name: "line_range", value: `[1,3]`}},
		returns: map[string]string{"workspace": "string", "workspace_description": "string", "doc_name": "string", "content": "string",
			"line_count": "number", "last_changed": "string"}},
	{name: "update_doc", base: `{"workspace":"eng","name":"New Note","operation":"create","content":"# New\n"}`, vault: workspaceVault,
		params: []specParam{
			{name: "workspace", value: `"eng"`}, {name: "name", value: `"Other Note"`}, {name: "operation", value: `"create"`},
			{name: "content", value: `"Text.\n"`},
			{name: "operation", value: `"append"`, others: `{"name":"Deployment Runbook"}`},
			{name: "line_number", value: `2`, others: `{"name":"Deployment Runbook","operation":"insert"}`},
			{name: "line_number", value: `2`, others: `{"name":"Deployment Runbook","operation":"delete","content":null}`},
			{name: "line_range", value: `[1,2]`, others: `{"name":"Deployment Runbook","operation":"delete","content":null}`},
		},
		returns: map[string]string{"success": "boolean", "operation": "string", "doc_name": "string", "line_count": "number",
			"last_changed": "string"}},
}

func TestSpecConformance(t *testing.T) {
	reg := testRegistry
	for _, tool := range specTools {
		t.Run(tool.name, func(t *testing.T) {
			schema := toolSchema(t, reg, tool.name)
			vault := tool.vault
			if vault == nil {
				vault = exampleHarness
			}
			h := vault(t)
			out := h.ok(tool.name, tool.base)
			for field, typ := range tool.returns {
				v, ok := dig(out, field)
				if assert.True(t, ok, "%s: return field %s missing in %v", tool.base, field, out) {
					assert.Equal(t, typ, jsonType(v), "%s: %s", tool.base, field)
				}
			}
			for _, p := range tool.params {
				prop, ok := dig(schema, "properties."+strings.ReplaceAll(p.name, ".", ".properties."))
				require.True(t, ok, "parameter %s not in the schema", p.name)
				if p.dflt != "" {
					var want any
					require.NoError(t, json.Unmarshal([]byte(p.dflt), &want))
					assert.Equal(t, want, prop.(map[string]any)["default"], "default of %s", p.name)
				}
				args := withParam(t, tool.base, p)
				if tl, _ := reg.Lookup(tool.name); !tl.Annotations.ReadOnly {
					h = vault(t) // a write tool starts afresh
				}
				_, err := h.call(tool.name, args)
				assert.NoError(t, err, "%s %s", tool.name, args)
			}
		})
	}
}

// withParam merges p (and what it needs) into the base arguments.
func withParam(t *testing.T, base string, p specParam) string {
	var args map[string]any
	require.NoError(t, json.Unmarshal([]byte(base), &args))
	if p.others != "" {
		var more map[string]any
		require.NoError(t, json.Unmarshal([]byte(p.others), &more))
		maps.Copy(args, more)
	}
	var v any
	require.NoError(t, json.Unmarshal([]byte(p.value), &v))
	m := args
	parts := strings.Split(p.name, ".")
	for _, k := range parts[:len(parts)-1] {
		next, _ := m[k].(map[string]any)
		if next == nil {
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	m[parts[len(parts)-1]] = v
	data, err := json.Marshal(args)
	require.NoError(t, err)
	return string(data)
}

func toolSchema(t *testing.T, reg *tools.Registry, name string) map[string]any {
	tool, ok := reg.Lookup(name)
	require.True(t, ok, name)
	var s map[string]any
	require.NoError(t, json.Unmarshal(tool.InputSchema, &s))
	return s
}

// dig follows a dotted path through objects, stepping into the first
// element of a list.
func dig(v any, path string) (any, bool) {
	for k := range strings.SplitSeq(path, ".") {
		if list, ok := v.([]any); ok {
			if len(list) == 0 {
				return nil, false
			}
			v = list[0]
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[k]; !ok {
			return nil, false
		}
	}
	return v, true
}

func jsonType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case nil:
		return "null"
	}
	return "?"
}

// Every spec tool the registry has is in the table, and the table names no
// tool the registry lacks.
func TestSpecConformanceCoversTheRegistry(t *testing.T) {
	var inTable []string
	for _, tool := range specTools {
		inTable = append(inTable, tool.name)
	}
	reg := testRegistry
	for _, tool := range reg.Tools() {
		assert.Contains(t, inTable, tool.Name, "add %s to specTools", tool.Name)
	}
	slices.Sort(inTable)
	for _, name := range slices.Compact(inTable) {
		_, ok := reg.Lookup(name)
		assert.True(t, ok, name)
	}
}
