//go:build js

package commands

// extdbTyped is false in the WebAssembly build: its size budget (wasm/bridge
// TestWASMSize) has no room for the sync commands' typed inputs yet, and
// the sync engine itself is not linked there (see RegisterExtDB).
const extdbTyped = false
