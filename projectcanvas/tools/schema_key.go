package tools

import (
	"encoding/json"
	"reflect"
	"sync"
)

// schemaKey names an arguments type in wasm_schemas.json: its package path
// and name, or for an unnamed struct its Go text (tags included).
func schemaKey(t reflect.Type) string {
	if t.Name() != "" {
		return t.PkgPath() + "." + t.Name()
	}
	return t.String()
}

// syncMap is a map of schemas safe for concurrent use.
type syncMap struct {
	mu sync.Mutex
	m  map[string]json.RawMessage
}

func (m *syncMap) Store(key string, raw json.RawMessage) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.m == nil {
		m.m = map[string]json.RawMessage{}
	}
	m.m[key] = raw
}

func (m *syncMap) snapshot() map[string]json.RawMessage {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]json.RawMessage, len(m.m))
	for k, v := range m.m {
		out[k] = v
	}
	return out
}
