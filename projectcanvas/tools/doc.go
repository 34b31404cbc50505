// Package tools is the one registry of Project Canvas tools. Each tool has a
// name, a short description, the JSON Schema of its arguments and a handler
// that takes and returns JSON-ready values. The MCP server, the HTTP API,
// the CLI and the WebAssembly bridge all serve this same registry, so a tool
// behaves the same from every host.
//
// Arguments are decoded strictly: an unknown parameter, a value of the wrong
// JSON type or malformed JSON fails with invalid_argument before anything is
// read or written.
package tools
