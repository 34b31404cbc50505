// Package httpapi is the HTTP interface of Project Canvas as an
// http.Handler, the one the native server (projectcanvas serve) runs. The
// routes, guards and handlers live in package route, which the editor
// plugin's WebAssembly bridge calls without net/http: routing has one
// implementation. See package route for the routes.
//
// Besides route's routes, a host may mount handlers of its own behind the
// same guards and token (WithHandler): the native server's MCP streamable
// HTTP at /mcp.
package httpapi
