// Package mcpserver serves the Project Canvas tools over the Model Context
// Protocol with the official Go SDK (github.com/modelcontextprotocol/go-sdk).
//
// New builds an *mcp.Server from a tool registry: every registered tool is an
// MCP tool with the registry's input schema and annotations (readOnlyHint,
// destructiveHint, idempotentHint). A result comes back as structured content
// plus its JSON as text; a tool error comes back as an MCP tool error
// (isError) whose text is the error JSON of docs/ARCHITECTURE.md ("Errors"), so an assistant can
// read the code and correct itself. Entities are resources too:
// projectcanvas://entity/{id} and projectcanvas://overview.
//
// Serve it over stdio with server.Run(ctx, &mcp.StdioTransport{}), or over
// streamable HTTP with Handler.
package mcpserver
