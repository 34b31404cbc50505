package tools_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func TestCleanupCompleted(t *testing.T) {
	h := newHarness(t)
	h.seed() // M-001 > S-001 > T-001
	h.ok("create_entity", `{"type":"task","data":{"title":"Later","parent":"S-001"}}`)
	h.ok("update_entity", `{"id":"T-001","status":"wip"}`)
	h.ok("update_entity", `{"id":"T-001","status":"done"}`)
	h.ok("update_entity", `{"id":"T-002","status":"Deferred"}`)
	h.ok("update_entity", `{"id":"S-001","status":"done"}`) // T-002 is Deferred: allowed

	// S-001 would leave the Deferred T-002 without its parent.
	before := h.fs.Files()
	out := h.ok("cleanup_completed", `{}`)
	assert.Equal(t, true, out["requires_confirmation"])
	assert.Equal(t, 0.0, out["archived_count"])
	assert.Equal(t, []any{"T-002"}, out["would_orphan"])
	assert.Equal(t, []any{map[string]any{"id": "S-001", "title": "Login", "children": []any{"T-002"}}}, out["orphan_details"])
	assert.Equal(t, before, h.fs.Files())
	assert.Equal(t, []any{}, out["archived_ids"])

	out = h.ok("cleanup_completed", `{"dry_run":true}`)
	assert.Equal(t, true, out["requires_confirmation"])
	assert.Equal(t, true, out["dry_run"])
	assert.Equal(t, []any{"S-001", "T-001"}, out["archived_ids"], "a dry run lists what would be archived")
	assert.Nil(t, out["would_archive_ids"])

	out = h.ok("cleanup_completed", `{"include_orphaned":true,"dry_run":true}`)
	assert.Equal(t, []any{"S-001", "T-001"}, out["archived_ids"])
	assert.Equal(t, before, h.fs.Files(), "dry run wrote")

	out = h.ok("cleanup_completed", `{"include_orphaned":true}`)
	assert.Equal(t, 2.0, out["archived_count"])
	for _, id := range []string{"S-001", "T-001"} {
		e, _ := h.env.Project.Get(id)
		assert.True(t, e.Archived, id)
	}
	t2, _ := h.env.Project.Get("T-002")
	assert.False(t, t2.Archived)

	out = h.ok("cleanup_completed", `{}`)
	assert.Equal(t, 0.0, out["archived_count"], "nothing left to archive")
	_, err := h.call("cleanup_completed", `{"milestone_id":"S-001"}`)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
	_, err = h.call("cleanup_completed", `{"milestone_id":"M-404"}`)
	assert.Equal(t, pc.CodeNotFound, pc.ErrorCode(err))
}

func TestManageDocuments(t *testing.T) {
	h := newHarness(t)
	h.seed()
	out := h.ok("manage_documents", `{"action":"create","type":"decision","data":{"title":"Use Postgres","affects":["S-001"]},"content":"## Context\n\nWe need a database."}`)
	assert.Equal(t, "DEC-001", out["id"])
	s, _ := h.env.Project.Get("S-001")
	assert.Equal(t, []pc.ID{"DEC-001"}, s.Linked(pc.DecidedBy))

	out = h.ok("manage_documents", `{"action":"update","id":"DEC-001","status":"decided","data":{"decided_on":"2026-11-20"},"content":"## Decision\n\nPostgres."}`)
	assert.ElementsMatch(t, []any{"status", "decided_on", "content"}, out["updated_fields"])
	out = h.ok("manage_documents", `{"action":"get","id":"DEC-001"}`)
	assert.Equal(t, "## Decision\n\nPostgres.", out["content"])
	assert.Equal(t, "Decided", out["status"])

	out = h.ok("manage_documents", `{"action":"create","data":{"title":"API guide","documents":["S-001"]}}`)
	assert.Equal(t, "DOC-001", out["id"])
	s, _ = h.env.Project.Get("S-001")
	assert.Equal(t, []pc.ID{"DOC-001"}, s.Linked(pc.DocumentedBy))
	for _, bad := range []struct{ args, code string }{
		{`{"action":"create","type":"task","data":{"title":"x"}}`, "invalid_argument"},
		{`{"action":"update","id":"T-001","data":{"title":"x"}}`, "invalid_argument"},
		{`{"action":"get"}`, "missing_field"},
		{`{"action":"publish","id":"DEC-001"}`, "invalid_argument"},
		{`{"action":"create","data":{"title":"x","documents":["F-404"]}}`, "not_found"},
	} {
		_, err := h.call("manage_documents", bad.args)
		assert.Equal(t, pc.Code(bad.code), pc.ErrorCode(err), bad.args)
	}
}
