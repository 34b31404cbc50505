package tools

import "reflect"

// schemaKey names an arguments type in wasm_schemas.json: its package path
// and name, or for an unnamed struct its Go text (tags included).
func schemaKey(t reflect.Type) string {
	if t.Name() != "" {
		return t.PkgPath() + "." + t.Name()
	}
	return t.String()
}
