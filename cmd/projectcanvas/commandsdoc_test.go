package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/projectcanvas/commands"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// TestCommandsDocIsCurrent fails when docs/COMMANDS.md no longer describes
// the command registry. Run go test ./cmd/projectcanvas -run CommandsDoc
// -update after adding or changing a command.
func TestCommandsDocIsCurrent(t *testing.T) {
	var buf bytes.Buffer
	reg := commands.New(tools.New())
	require.NoError(t, writeCommandsDoc(&buf, reg))
	path := filepath.Join("..", "..", "docs", "COMMANDS.md")
	if *update {
		require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run: go test ./cmd/projectcanvas -run CommandsDoc -update")
	if !bytes.Equal(want, buf.Bytes()) {
		t.Fatal("docs/COMMANDS.md is stale; run: go test ./cmd/projectcanvas -run CommandsDoc -update")
	}
	for _, c := range reg.Commands() {
		require.Contains(t, buf.String(), "\n## "+c.ID+"\n")
	}
}
