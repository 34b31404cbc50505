// Package route is the HTTP API of Project Canvas without net/http: its
// routes, guards and handlers work on plain Request and Response values.
// The native server hosts it through package httpapi (an http.Handler); the
// WebAssembly bridge calls Serve directly, so routing has one
// implementation and the WebAssembly build links no net/http (whose TLS and
// x509 alone would weigh megabytes).
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
//	GET  /commands             the editor's commands: id, name, editor, input_schema
//	POST /commands/{id}        run an editor command; the body is its input, the answer its result
//
// The entity routes are shorthands for the tools create_entity,
// update_entity, get_entity and search_entities; /tools serves whatever the
// registry holds, so a new tool needs no change here. A GET route answers
// HEAD too; a path that exists for other methods answers 405 with Allow;
// a path that is not clean (// . ..) matches no route.
//
// Every request passes three guards first (see Guard): its Host must be a
// loopback name (no DNS rebinding), an Origin of a web page (http or https)
// is refused (no cross-site requests from a browser tab), and a body over
// 1 MiB gets 413. Errors have the one JSON form
// {"error":{"code","message","details"}} with the status of their code (see
// Status).
package route
