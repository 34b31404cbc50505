package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// `projectcanvas mcp` as a child process: tools over stdio, and a hand edit
// to the vault is seen without rebuild_index (the watcher is on).
func TestMCPCommandSeesHandEdits(t *testing.T) {
	vault := t.TempDir()
	cmd := exec.Command(os.Args[0], "--vault", vault, "mcp")
	cmd.Env = append(os.Environ(), "PROJECTCANVAS_TEST_MAIN=1")
	ctx := context.Background()
	session, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	defer session.Close()

	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "create_entity", Arguments: map[string]any{"type": "feature", "data": map[string]any{"title": "Export"}}})
	require.NoError(t, err)
	require.False(t, res.IsError, "%v", res.Content)

	path := filepath.Join(vault, "Projects", "features", "F-001 Export.md")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, []byte(strings.Replace(string(data), "title: Export", "title: Export to PDF", 1)+"\nRenders zucchini diagrams.\n"), 0o644))

	title := func() string {
		res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "get_entity", Arguments: map[string]any{"id": "F-001"}})
		if err != nil || res.IsError {
			return ""
		}
		var e struct{ Title string }
		_ = json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &e)
		return e.Title
	}
	assert.Eventually(t, func() bool { return title() == "Export to PDF" }, 5*time.Second, 10*time.Millisecond)

	// The document search index follows the same watcher.
	call := func(name string, args map[string]any) map[string]any {
		res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		require.NoError(t, err)
		require.False(t, res.IsError, "%v", res.Content)
		var out map[string]any
		require.NoError(t, json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &out))
		return out
	}
	assert.Eventually(t, func() bool {
		res := call("search_docs", map[string]any{"query": "zucchini diagrams"})["results"].([]any)
		return len(res) > 0 && strings.Contains(res[0].(map[string]any)["excerpt"].(string), "zucchini")
	}, 5*time.Second, 10*time.Millisecond)
	assert.Equal(t, true, call("msrl_status", map[string]any{})["watcher"].(map[string]any)["active"])
}
