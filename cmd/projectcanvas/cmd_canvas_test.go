package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCanvasCommand(t *testing.T) {
	dir := t.TempDir()
	r := runCLI(t, nil, "", "--vault", dir, "tool", "create_entity", `{"type":"milestone","data":{"title":"Beta"}}`)
	require.Equal(t, exitOK, r.code, r.stdout)
	r = runCLI(t, nil, "", "--vault", dir, "canvas", "populate", "--canvas", "boards/Plan.canvas")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	var out struct {
		Data   map[string]any `json:"data"`
		Select []string       `json:"select"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
	assert.Equal(t, float64(1), out.Data["nodes_added"])
	assert.Equal(t, []string{"entity-M-001"}, out.Select)
	data, err := os.ReadFile(filepath.Join(dir, "boards", "Plan.canvas"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `"id":"entity-M-001"`)

	r = runCLI(t, nil, "", "--vault", dir, "canvas", "layout", "--canvas", "boards/Plan.canvas")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)

	r = runCLI(t, nil, "", "--vault", dir, "tool", "create_entity", `{"type":"feature","data":{"title":"SSO","tier":"OSS","phase":"MVP"}}`)
	require.Equal(t, exitOK, r.code, r.stdout)
	r = runCLI(t, nil, "", "--vault", dir, "canvas", "features")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, `"cells": 14`)
	assert.Contains(t, r.stdout, `Features.canvas: 1 feature added`)
	data, err = os.ReadFile(filepath.Join(dir, "Features.canvas"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `"label":"OSS · MVP"`)

	r = runCLI(t, nil, "", "--vault", dir, "canvas", "layout", "--canvas", "../escape.canvas")
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stdout, "invalid_argument")
	for _, args := range [][]string{{"canvas"}, {"canvas", "draw"}, {"canvas", "layout", "extra"}} {
		r = runCLI(t, nil, "", append([]string{"--vault", dir}, args...)...)
		assert.Equal(t, exitUsage, r.code, args)
	}
}

func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	r := runCLI(t, nil, "", "--vault", dir, "tool", "create_entity", `{"type":"milestone","data":{"title":"Beta <1>"}}`)
	require.Equal(t, exitOK, r.code, r.stdout)
	require.Equal(t, exitOK, runCLI(t, nil, "", "--vault", dir, "canvas", "populate").code)
	r = runCLI(t, nil, "", "--vault", dir, "render")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "<svg")
	assert.Contains(t, r.stdout, "M-001 · Not Started")
	assert.Contains(t, r.stdout, "Beta &lt;1&gt;")
	out := filepath.Join(dir, "pic.svg")
	require.Equal(t, exitOK, runCLI(t, nil, "", "--vault", dir, "render", "-o", out).code)
	assert.FileExists(t, out)
	assert.Equal(t, exitToolError, runCLI(t, nil, "", "--vault", dir, "render", "--canvas", "x.md").code)
	assert.Equal(t, exitUsage, runCLI(t, nil, "", "--vault", dir, "render", "more").code)
}
