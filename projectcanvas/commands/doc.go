// Package commands is the registry of the editor's commands: the 29
// command ids of the editor's command palette (populate-canvas-from-vault
// ... open-feature-coverage), each one Go function with a typed input
// struct and a typed Result, built the same way as the tool registry
// (package tools): the input's JSON Schema and its strict decoder come from
// the struct's tags (tools.NewDecoder).
//
// Commands are not tools. Assistants see the tools; commands are what a
// person runs in the editor, and every host reaches the same registry:
//
//	projectcanvas command ID [JSON|-]          the CLI (and its friendly aliases)
//	projectcanvas.command({id, arguments})     the WebAssembly bridge
//	POST /commands/{id}, GET /commands          the HTTP API
//
// A command changes files only through the project's transaction, as the
// tools do, so a host applies a command's changes as it applies a tool's.
// Its Result says what the editor should show: a notice, the canvas and
// the node ids to select, centre, hide or show again, files to open, and
// the rows of a list (suggestions, coverage, navigation targets).
//
// Commands that need the editor itself (start-http-server,
// stop-http-server, open-feature-coverage and the three external-sync
// commands) are listed with Editor set; where they have a Go half (the
// coverage rows) it runs here, and where they have none, running them
// answers that the editor does it.
//
// The entity a command works on (the navigate-to-* commands, set phase and
// tier) is named by its id, by its file (the editor's active note) or by a
// node of a canvas (the selected node): see Subject.
package commands
