package tools_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Every capped parameter, at its cap + 1 and at ten times it, is reduced
// to the cap and the result says so; at the cap it is as asked, unsaid.
func TestLimitsAnswerInsteadOfFailing(t *testing.T) {
	h := docsHarness(t, map[string]string{"notes/a.md": "# A\n\nalpha\n"})
	h.seed()
	h.ok("manage_workspaces", `{"action":"create","workspace":"notes","config":{"path":"notes"}}`)
	h.ok("create_entity", `{"type":"feature","data":{"title":"Login"}}`)
	for _, c := range []struct {
		tool, param, args string // args: the others, with a trailing comma
		cap               int
	}{
		{"search_entities", "max_items", ``, 200},
		{"search_entities", "depth", `"from_id":"M-001","direction":"children",`, 1000},
		{"list_files", "max_items", `"workspace":"notes",`, 200},
		{"search_docs", "top_k", `"query":"alpha",`, 50},
		{"search_docs", "max_excerpt_chars", `"query":"alpha",`, 20000},
		{"get_project_overview", "recent_limit", ``, 200},
		{"suggest_feature_links", "max_per_feature", ``, 50},
	} {
		for _, asked := range []int{c.cap + 1, 10 * c.cap} {
			out := h.ok(c.tool, fmt.Sprintf(`{%s"%s":%d}`, c.args, c.param, asked))
			assert.Equal(t, map[string]any{c.param: float64(c.cap)}, out["capped"], "%s %s=%d", c.tool, c.param, asked)
		}
		out := h.ok(c.tool, fmt.Sprintf(`{%s"%s":%d}`, c.args, c.param, c.cap))
		assert.NotContains(t, out, "capped", "%s at its cap", c.tool)
	}
}

// Refusals that remain read like a person wrote them.
func TestRefusalsReadWell(t *testing.T) {
	h := newHarness(t)
	ids := make([]string, 201)
	for i := range ids {
		ids[i] = fmt.Sprintf(`"T-%03d"`, i+1)
	}
	for _, c := range []struct{ tool, args, want string }{
		{"get_entities", `{"ids":[` + strings.Join(ids, ",") + `]}`, "ids must hold at most 200 items (got 201)"},
		{"search_docs", `{"query":"x","top_k":0}`, "top_k must be at least 1 (got 0)"},
		{"search_entities", `{"max_items":"ten"}`, "max_items must be of type integer"},
		{"get_feature_coverage", `{"tier":"Gold"}`, `tier must be one of OSS, Premium (got "Gold")`},
		{"get_entity", `{"ID":"T-001"}`, `unknown parameter "ID" (names are case-sensitive)`},
		{"batch_update", `{"ops":[{"op":"create","type":"task","type":"story"}]}`, `parameter "type" is given twice`},
	} {
		_, err := h.call(c.tool, c.args)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "%s %s", c.tool, c.args)
		msg := pc.AsError(err).Message
		t.Logf("%s: %s", c.tool, msg)
		assert.Contains(t, msg, c.want)
		assert.NotContains(t, msg, "validating", "no validator words in %q", msg)
	}
}
