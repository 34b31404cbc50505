package tools

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func TestAddToCanvas(t *testing.T) {
	fsys := memfs.New(nil)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	env := &Env{Project: p}
	m, err := p.Create(pc.Milestone, map[string]any{"title": "Beta"})
	require.NoError(t, err)
	s, err := p.Create(pc.Story, map[string]any{"title": "Login", "parent": "M-001"})
	require.NoError(t, err)
	no := false

	assert.Equal(t, canvasHookResult{Added: true}, addToCanvas(env, m, "", nil), "default on, default canvas")
	assert.Equal(t, canvasHookResult{Added: true}, addToCanvas(env, s, "", nil))
	assert.Equal(t, canvasHookResult{}, addToCanvas(env, s, "", nil), "already there")
	assert.Equal(t, canvasHookResult{}, addToCanvas(env, s, "Other.canvas", &no), "switched off")
	assert.NotContains(t, fsys.Files(), "Other.canvas")
	assert.Equal(t, canvasHookResult{Added: true}, addToCanvas(env, s, "Other.canvas", nil))
	bad := addToCanvas(env, s, "../x.canvas", nil)
	assert.False(t, bad.Added)
	assert.Contains(t, bad.Error, "outside the vault")
	assert.Contains(t, fsys.Files()["Projects.canvas"], `"id":"entity-S-001"`)
}
