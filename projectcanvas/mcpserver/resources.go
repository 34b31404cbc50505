package mcpserver

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// Resource addresses.
const (
	EntityTemplate = "projectcanvas://entity/{id}"
	OverviewURI    = "projectcanvas://overview"
	entityPrefix   = "projectcanvas://entity/"
)

// addResources makes entities readable as resources. They are answered by
// the same tools an assistant would call (get_entity, get_project_overview),
// so a resource and a tool result never disagree.
func addResources(s *mcp.Server, registry *tools.Registry, env *tools.Env) {
	s.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "entity",
		Title:       "Entity",
		Description: "One entity (milestone, story, task, decision, document, feature) with every field, as JSON.",
		MIMEType:    "application/json",
		URITemplate: EntityTemplate,
	}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		uri := req.Params.URI
		id, ok := strings.CutPrefix(uri, entityPrefix)
		if !ok || id == "" {
			return nil, mcp.ResourceNotFoundError(uri)
		}
		args, _ := json.Marshal(map[string]string{"id": id})
		return read(ctx, registry, env, uri, "get_entity", args)
	})
	s.AddResource(&mcp.Resource{
		Name:        "overview",
		Title:       "Project overview",
		Description: "Counts by type and status, workstreams and recent updates, as JSON.",
		MIMEType:    "application/json",
		URI:         OverviewURI,
	}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return read(ctx, registry, env, req.Params.URI, "get_project_overview", []byte("{}"))
	})
}

func read(ctx context.Context, registry *tools.Registry, env *tools.Env, uri, tool string, args []byte) (*mcp.ReadResourceResult, error) {
	out, err := registry.Dispatch(ctx, env, tool, args)
	switch pc.ErrorCode(err) {
	case "":
	case pc.CodeNotFound, pc.CodeInvalidArgument:
		return nil, mcp.ResourceNotFoundError(uri)
	default:
		return nil, err
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(out)}}}, nil
}
