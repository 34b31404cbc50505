// Package tools is the one registry of Project Canvas tools. Each tool has a
// name, a short description, the JSON Schema of its arguments, annotations
// and a handler. The MCP server, the HTTP API, the CLI and the WebAssembly
// bridge all serve this same registry through Registry.Dispatch, so a tool
// behaves the same from every host.
//
// # Adding a tool
//
// Tools are added with Register and a typed arguments struct, which is both
// the schema clients see and the strict decoder the handler gets:
//
//	type listFilesArgs struct {
//		Workspace string `json:"workspace" jsonschema:"Workspace name."`
//		MaxItems  int    `json:"max_items,omitempty" schema:"default=20,minimum=1,maximum=200"`
//	}
//
//	Register(r, "list_files", "List a workspace's markdown files.",
//		Annotations{ReadOnly: true, Idempotent: true}, listFiles)
//
// The conventions every tool follows:
//   - Parameter and return names are the contract clients are written against (docs/TOOLS.md, checked by conformance_test.go): never renamed; extras are fine.
//     A parameter with a stated default gets `schema:"default=..."` (the
//     handler then sees the default when the parameter is absent); one
//     without omitempty is required (missing: missing_field).
//   - Every list parameter has a maxItems (200 ids per call for reads, 1,000
//     ops per batch); numbers that bound work have a maximum. Over a bound
//     is invalid_argument, never a silent cut.
//   - Enum values owned by the core (entity types, statuses, priorities,
//     tiers, phases) are set in a TuneSchema method from the core's lists
//     (pc.Types, pc.Tiers, pc.Phases...), never copied into a tag.
//   - Descriptions are a sentence at most: the whole list goes into an
//     assistant's context, and TestToolListFitsItsBudget (here) and
//     TestToolsListSize (package mcpserver) hold its size.
//   - Annotations: ReadOnly for tools that never write (a test checks they
//     leave the index untouched), Destructive for tools that can change or
//     archive existing entities, Idempotent when repeating a call changes
//     nothing more.
//   - Handlers honour ctx in loops, return *projectcanvas.Error values, and
//     render entities with view (the one renderer, over Entity.Map).
//   - A new spec tool gets a row in conformance_test.go's specTools.
//
// Arguments are decoded strictly: an unknown or wrong-case parameter, a
// repeated key, a value of the wrong JSON type or out of bounds, or
// malformed JSON fails with invalid_argument (details.field names the
// parameter) before anything is read or written.
package tools
