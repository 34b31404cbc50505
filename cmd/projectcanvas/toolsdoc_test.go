package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// TestToolsDocIsCurrent fails when docs/TOOLS.md no longer describes the
// registry. Run go test ./cmd/projectcanvas -run ToolsDoc -update after
// adding or changing a tool.
func TestToolsDocIsCurrent(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, writeToolsDoc(&buf, tools.New()))
	path := filepath.Join("..", "..", "docs", "TOOLS.md")
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run: go test ./cmd/projectcanvas -run ToolsDoc -update")
	if !bytes.Equal(want, buf.Bytes()) {
		t.Fatal("docs/TOOLS.md is stale; run: go test ./cmd/projectcanvas -run ToolsDoc -update")
	}
	for _, tool := range tools.New().Tools() {
		require.Contains(t, buf.String(), "\n## "+tool.Name+"\n")
	}
}
