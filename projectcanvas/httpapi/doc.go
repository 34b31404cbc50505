// Package httpapi is the HTTP interface of Project Canvas: one http.Handler
// that the native server (projectcanvas serve) and the editor plugin (through
// the WebAssembly bridge) both host, so routing has one implementation.
//
// Routes (every route but /health needs Authorization: Bearer <token>):
//
//	GET  /health               {"status":"ok"}
//	GET  /entities             list; query: type, status, workstream (comma-separated or repeated),
//	                           archived, max_items, cursor; answers next_cursor while there is more
//	GET  /entities/{id}        one entity; query: fields (comma-separated)
//	POST /entities             create_entity's parameters; 201 with Location: /entities/{id}
//	PUT  /entities/{id}        update_entity's parameters (id from the path)
//	GET  /tools                every tool: name, description, inputSchema, annotations
//	POST /tools/{name}         run a tool; the body is its arguments
//
// The entity routes are shorthands for the tools create_entity,
// update_entity, get_entity and search_entities; /tools serves whatever the
// registry holds, so a new tool needs no change here.
//
// Every request passes three guards first: its Host must be a loopback name
// (no DNS rebinding), an Origin of a web page (http or https) is refused (no
// cross-site requests from a browser tab), and a body over 1 MiB gets 413.
// Errors have the one JSON form {"error":{"code","message","details"}} with
// the status of their code (see Status).
package httpapi
