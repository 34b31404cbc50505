package tools_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

func TestPopulateAndLayoutCanvas(t *testing.T) {
	h := newHarness(t)
	h.seed()
	h.ok("create_entity", `{"type":"feature","data":{"title":"SSO"}}`)
	h.ok("create_entity", `{"type":"task","data":{"title":"API","parent":"S-001","depends_on":["T-001"]}}`)
	h.dropCanvas("Projects.canvas") // create_entity put the nodes there; start bare

	out := h.ok("populate_canvas", `{"types":["milestone","story","task"]}`)
	assert.Equal(t, "Projects.canvas", out["canvas"])
	assert.Equal(t, float64(4), out["nodes_added"])
	assert.Equal(t, float64(1), out["edges_added"])
	assert.Equal(t, float64(0), h.ok("populate_canvas", `{"types":["milestone","story","task"]}`)["nodes_added"], "twice is once")
	assert.Equal(t, float64(1), h.ok("populate_canvas", `{}`)["nodes_added"], "the feature, visible now")

	lay := h.ok("layout_canvas", `{}`)
	assert.Equal(t, float64(5), lay["nodes_placed"])
	c, _, err := canvas.Read(h.fs, "Projects.canvas")
	require.NoError(t, err)
	m, s := c.Node("entity-M-001"), c.Node("entity-S-001")
	assert.GreaterOrEqual(t, s.Y, m.Y+m.Height, "the story below its milestone")
	assert.Equal(t, float64(0), h.ok("layout_canvas", `{}`)["nodes_moved"])

	other := h.ok("populate_canvas", `{"canvas":"boards/Q4.canvas","layout":true}`)
	assert.Equal(t, "boards/Q4.canvas", other["canvas"])
	assert.NotNil(t, other["layout"])
	assert.Contains(t, h.fs.Files(), "boards/Q4.canvas")
}

func TestCanvasToolsRefuseBadInput(t *testing.T) {
	h := newHarness(t)
	h.seed()
	for _, args := range []string{
		`{"canvas":"../outside.canvas"}`, `{"canvas":"/etc/x.canvas"}`, `{"canvas":"notes.md"}`,
		`{"types":["epic"]}`, `{"canvas":7}`,
	} {
		_, err := h.call("populate_canvas", args)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), args)
	}
	_, err := h.call("layout_canvas", `{"canvas":"a/../../b.canvas"}`)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))

	h.dropCanvas("Projects.canvas")
	require.NoError(t, h.fs.WriteFile("Projects.canvas", []byte(`{"nodes":[{"id":"x"}]}`), ""))
	before := h.fs.Files()
	for _, tool := range []string{"populate_canvas", "layout_canvas"} {
		_, err := h.call(tool, `{}`)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), tool)
	}
	assert.Equal(t, before, h.fs.Files(), "a broken canvas is left as it was")
}

// dropCanvas removes a canvas of the harness's vault.
func (h *harness) dropCanvas(name string) {
	h.t.Helper()
	data, err := h.fs.ReadFile(name)
	require.NoError(h.t, err)
	require.NoError(h.t, h.fs.Remove(name, pc.HashOf(data)))
}
