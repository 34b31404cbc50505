package canvas_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// Other plugins' keys are read, set and removed one by one, in place; the
// package's own keys are refused.
func TestExtras(t *testing.T) {
	c, err := canvas.Parse([]byte(`{"nodes":[{"id":"a","type":"text","text":"x","x":0,"y":0,"width":1,"height":1,"pin":true,"style":{"b":1}}],` +
		`"edges":[{"id":"e","fromNode":"a","toNode":"a","bend":2}],"meta":{"v":1}}`))
	require.NoError(t, err)
	n, e := c.Nodes[0], c.Edges[0]
	assert.Equal(t, []string{"pin", "style"}, n.ExtraKeys())
	assert.Equal(t, []string{"bend"}, e.ExtraKeys())
	assert.Equal(t, []string{"meta"}, c.ExtraKeys())
	assert.Equal(t, `2`, string(e.Extra("bend")))
	assert.Nil(t, e.Extra("fromNode"))
	assert.Equal(t, `{"v":1}`, string(c.Extra("meta")))

	require.NoError(t, n.SetExtra("pin", json.RawMessage(`false`)))
	require.NoError(t, n.SetExtra("style", nil))
	require.NoError(t, n.SetExtra("tag", json.RawMessage(`[ "a" ]`)))
	require.NoError(t, e.SetExtra("bend", nil))
	require.NoError(t, c.SetExtra("meta", json.RawMessage(`{"v":2}`)))
	assert.Error(t, n.SetExtra("x", json.RawMessage(`1`)))
	assert.Error(t, c.SetExtra("nodes", json.RawMessage(`[]`)))
	assert.Error(t, n.SetExtra("bad", json.RawMessage(`{`)))
	assert.Equal(t, `{"id":"a","type":"text","text":"x","x":0,"y":0,"width":1,"height":1,"pin":false,"tag":["a"]}`, string(n.JSON()))
	assert.Equal(t, `{"id":"e","fromNode":"a","toNode":"a"}`, string(e.JSON()))
	_, err = canvas.Parse(c.Bytes())
	require.NoError(t, err)
	assert.Contains(t, string(c.Bytes()), `"meta":{"v":2}`)
}
