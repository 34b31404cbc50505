//go:build !js

package commands

// extdbTyped is true where the sync commands take their inputs (see
// extdb_js.go for the WebAssembly build).
const extdbTyped = true
