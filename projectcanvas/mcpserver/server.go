package mcpserver

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// Instructions tell an assistant, in a few lines, how the tools fit together.
const Instructions = `Project Canvas tracks a project as markdown files in a vault: milestones (M-001) contain stories (S-001), stories contain tasks (T-001); decisions, documents and features link to them.
Start with get_project_overview or search_entities; read one entity with get_entity; get_schema lists every field, status and transition.
Change things with create_entity and update_entity (statuses accept aliases such as wip and done), many at once with batch_update.
A refused call returns {"error":{"code","message","details"}}: fix the arguments as the message says and retry.`

type config struct {
	version string
}

// Option configures New.
type Option func(*config)

// WithVersion sets the server version reported to clients.
func WithVersion(v string) Option { return func(c *config) { c.version = v } }

// New returns an MCP server serving every tool of registry on env's project.
func New(registry *tools.Registry, env *tools.Env, opts ...Option) *mcp.Server {
	c := config{version: "dev"}
	for _, o := range opts {
		o(&c)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "projectcanvas", Title: "Project Canvas", Version: c.version},
		&mcp.ServerOptions{Instructions: Instructions})
	for _, t := range registry.Tools() {
		s.AddTool(toolOf(t), handlerOf(registry, env, t.Name))
	}
	addResources(s, registry, env)
	return s
}

// Handler serves s over MCP streamable HTTP. Mount it behind the HTTP API's
// guards (httpapi.WithHandler) so it shares their token and origin checks
// (package route's Guard).
func Handler(s *mcp.Server) http.Handler {
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
}

func toolOf(t *tools.Tool) *mcp.Tool {
	closed := false
	destructive := t.Annotations.Destructive
	return &mcp.Tool{
		Name:        t.Name,
		Description: t.Description,
		InputSchema: t.InputSchema,
		Annotations: &mcp.ToolAnnotations{
			ReadOnlyHint:    t.Annotations.ReadOnly,
			DestructiveHint: &destructive,
			IdempotentHint:  t.Annotations.Idempotent,
			OpenWorldHint:   &closed,
		},
	}
}

func handlerOf(registry *tools.Registry, env *tools.Env, name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := registry.Dispatch(ctx, env, name, req.Params.Arguments)
		if err != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: string(tools.ErrorJSON(err))}}}, nil
		}
		return resultOf(out), nil
	}
}

// resultOf carries a tool's JSON result both ways: as text for clients that
// only read content, and as structured content when it is an object (the
// form MCP requires of structured content).
func resultOf(out []byte) *mcp.CallToolResult {
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(out)}}}
	var probe map[string]json.RawMessage
	if json.Unmarshal(out, &probe) == nil {
		res.StructuredContent = json.RawMessage(out)
	}
	return res
}
