//go:build js

package tools

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

// The WebAssembly build takes every arguments schema ready-made: building
// them by reflection needs jsonschema-go, which with the math/big it links
// weighs half a megabyte of the build. The native builds make the same JSON
// (schema_build.go); TestWASMSchemas in package commands writes this file
// and fails while it differs from what they make.

//go:embed wasm_schemas.json
var wasmSchemasJSON []byte

var wasmSchemas = sync.OnceValues(func() (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	err := json.Unmarshal(wasmSchemasJSON, &m)
	return m, err
})

// schemaJSON is the JSON Schema clients see for the arguments struct t.
func schemaJSON(t reflect.Type) (json.RawMessage, error) {
	m, err := wasmSchemas()
	if err != nil {
		return nil, fmt.Errorf("wasm_schemas.json: %w", err)
	}
	raw, ok := m[schemaKey(t)]
	if !ok {
		return nil, fmt.Errorf("wasm_schemas.json has no schema for %s: run go test ./projectcanvas/commands -run TestWASMSchemas -update", schemaKey(t))
	}
	return raw, nil
}
