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
	var out map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
	assert.Equal(t, float64(1), out["nodes_added"])
	data, err := os.ReadFile(filepath.Join(dir, "boards", "Plan.canvas"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `"id":"entity-M-001"`)

	r = runCLI(t, nil, "", "--vault", dir, "canvas", "layout", "--canvas", "boards/Plan.canvas")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)

	r = runCLI(t, nil, "", "--vault", dir, "canvas", "layout", "--canvas", "../escape.canvas")
	assert.Equal(t, exitToolError, r.code)
	assert.Contains(t, r.stdout, "invalid_argument")
	for _, args := range [][]string{{"canvas"}, {"canvas", "draw"}, {"canvas", "layout", "extra"}} {
		r = runCLI(t, nil, "", append([]string{"--vault", dir}, args...)...)
		assert.Equal(t, exitUsage, r.code, args)
	}
}
