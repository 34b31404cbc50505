package mcpserver_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/mcpserver"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func connect(t *testing.T) (*mcp.ClientSession, *memfs.FS) {
	t.Helper()
	fsys := memfs.New(nil)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	server := mcpserver.New(tools.New(), &tools.Env{Project: p}, mcpserver.WithVersion("test"))
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := server.Connect(ctx, st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs, fsys
}

func TestListsEveryToolWithItsSchemaAndAnnotations(t *testing.T) {
	cs, _ := connect(t)
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	reg := tools.New()
	require.Len(t, res.Tools, len(reg.Tools()))
	for _, got := range res.Tools {
		want, ok := reg.Lookup(got.Name)
		require.True(t, ok, got.Name)
		schema, err := json.Marshal(got.InputSchema)
		require.NoError(t, err)
		assert.JSONEq(t, string(want.InputSchema), string(schema), got.Name)
		assert.Equal(t, want.Annotations.ReadOnly, got.Annotations.ReadOnlyHint, got.Name)
		assert.Equal(t, want.Annotations.Idempotent, got.Annotations.IdempotentHint, got.Name)
		assert.Equal(t, want.Annotations.Destructive, *got.Annotations.DestructiveHint, got.Name)
	}
	assert.NotEmpty(t, cs.InitializeResult().Instructions)
}

func TestResultsAndToolErrors(t *testing.T) {
	cs, fsys := connect(t)
	ctx := context.Background()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "create_entity", Arguments: map[string]any{"type": "milestone", "data": map[string]any{"title": "Beta"}}})
	require.NoError(t, err)
	require.False(t, res.IsError, "%v", res.Content)
	structured, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	text := res.Content[0].(*mcp.TextContent).Text
	assert.JSONEq(t, text, string(structured), "the text is the structured content")
	assert.Contains(t, text, `"M-001"`)

	before := fsys.Files()
	for name, args := range map[string]any{
		"orphan":         map[string]any{"type": "story", "data": map[string]any{"title": "Stray"}},
		"schema failure": map[string]any{"type": 7},
		"unknown param":  map[string]any{"type": "task", "bogus": true},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "create_entity", Arguments: args})
		require.NoError(t, err, name)
		require.True(t, res.IsError, name)
		var failure struct {
			Error pc.Error `json:"error"`
		}
		require.NoError(t, json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &failure), name)
		assert.NotEmpty(t, failure.Error.Code, name)
	}
	assert.Equal(t, before, fsys.Files(), "refused calls changed the vault")

	_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "no_such_tool", Arguments: map[string]any{}})
	assert.Error(t, err, "an unknown tool is a protocol error")
}

func TestResources(t *testing.T) {
	cs, _ := connect(t)
	ctx := context.Background()
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "create_entity", Arguments: map[string]any{"type": "feature", "data": map[string]any{"title": "Export"}}})
	require.NoError(t, err)

	templates, err := cs.ListResourceTemplates(ctx, nil)
	require.NoError(t, err)
	require.Len(t, templates.ResourceTemplates, 1)
	assert.Equal(t, mcpserver.EntityTemplate, templates.ResourceTemplates[0].URITemplate)

	got, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "projectcanvas://entity/F-001"})
	require.NoError(t, err)
	assert.Contains(t, got.Contents[0].Text, `"Export"`)

	got, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: mcpserver.OverviewURI})
	require.NoError(t, err)
	assert.Contains(t, got.Contents[0].Text, `"total_entities"`)

	for _, uri := range []string{"projectcanvas://entity/F-999", "projectcanvas://entity/..%2F..%2Fetc", "projectcanvas://nope"} {
		_, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		assert.Error(t, err, uri)
	}
}

// tools/list stays small: an assistant reads it into its context on every
// session. 24 KB (24,000 bytes) for the tools array as the client gets it.
func TestToolsListSize(t *testing.T) {
	cs, _ := connect(t)
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	data, err := json.Marshal(res.Tools)
	require.NoError(t, err)
	t.Logf("tools/list: %d tools, %d bytes", len(res.Tools), len(data))
	assert.LessOrEqual(t, len(data), 24_000)
}
