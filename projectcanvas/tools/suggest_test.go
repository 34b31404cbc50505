package tools_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func TestSuggestFeatureLinks(t *testing.T) {
	h := newHarness(t)
	h.ok("create_entity", `{"type":"milestone","data":{"title":"Checkout payments"}}`)
	h.ok("create_entity", `{"type":"story","data":{"title":"Pay by card at checkout","parent":"M-001"}}`)
	h.ok("create_entity", `{"type":"story","data":{"title":"Unrelated","parent":"M-001"}}`)
	h.ok("create_entity", `{"type":"feature","data":{"title":"Card payments"}}`)
	out := h.ok("suggest_feature_links", `{}`)
	sugg := out["suggestions"].([]any)
	assert.Len(t, sugg, 1)
	cands := sugg[0].(map[string]any)["candidates"].([]any)
	assert.Len(t, cands, 2)
	assert.Equal(t, "M-001", cands[0].(map[string]any)["id"])
	assert.Equal(t, float64(2), out["total_candidates"])
	assert.Equal(t, float64(1), h.ok("suggest_feature_links", `{"feature_ids":["F-001"],"max_per_feature":1}`)["total_candidates"])
	for _, args := range []string{`{"feature_ids":["M-001"]}`, `{"min_score":2}`, `{"max_per_feature":0}`, `{"feature_ids":["nope"]}`} {
		_, err := h.call("suggest_feature_links", args)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), args)
	}
	_, err := h.call("suggest_feature_links", `{"feature_ids":["F-009"]}`)
	assert.Equal(t, pc.CodeNotFound, pc.ErrorCode(err))
}
