//go:build !js

package tools

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// The native builds make each arguments schema from its struct by
// reflection with jsonschema-go; the WebAssembly build reads the same JSON
// from wasm_schemas.json (schema_js.go), which TestWASMSchemas in package
// commands writes and checks.

// schemaJSON is the JSON Schema clients see for the arguments struct t.
func schemaJSON(t reflect.Type) (json.RawMessage, error) {
	s, err := schemaOf(t)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	built.Store(schemaKey(t), json.RawMessage(raw))
	return raw, nil
}

// built holds every schema schemaJSON made, by schemaKey.
var built syncMap

// BuiltSchemas returns the schemas made so far in this process, by
// arguments type: what the WebAssembly build embeds once every tool and
// command has been built (see TestWASMSchemas in package commands).
func BuiltSchemas() map[string]json.RawMessage {
	return built.snapshot()
}

// SchemaTuner is implemented by arguments types whose schema needs more than
// struct tags can say, typically enum values owned by the core.
type SchemaTuner interface {
	TuneSchema(s *jsonschema.Schema)
}

// schemaOf builds the JSON Schema of the struct type t from its struct tags.
func schemaOf(t reflect.Type) (*jsonschema.Schema, error) {
	s, err := jsonschema.ForType(t, nil)
	if err != nil {
		return nil, err
	}
	if err := applyTags(t, s); err != nil {
		return nil, err
	}
	if tuner, ok := reflect.Zero(t).Interface().(SchemaTuner); ok {
		tuner.TuneSchema(s)
	} else if tuner, ok := reflect.New(t).Interface().(SchemaTuner); ok {
		tuner.TuneSchema(s)
	}
	return s, nil
}

// applyTags copies `schema` tag constraints onto the properties of the
// object schema s generated for struct type t, recursively.
func applyTags(t reflect.Type, s *jsonschema.Schema) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || s == nil {
		return nil
	}
	for f := range structFields(t) {
		if f.Anonymous && f.Tag.Get("json") == "" {
			// An embedded struct's fields are the outer object's, as
			// encoding/json and the generated schema have them.
			if err := applyTags(f.Type, s); err != nil {
				return err
			}
			continue
		}
		name := jsonName(f)
		prop := s.Properties[name]
		if prop == nil {
			continue
		}
		if err := applyConstraints(prop, f.Tag.Get("schema")); err != nil {
			return fmt.Errorf("field %s: %w", name, err)
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
			ft = ft.Elem()
			if prop.Items != nil {
				prop = prop.Items
			}
		}
		if err := applyTags(ft, prop); err != nil {
			return err
		}
	}
	return nil
}

func applyConstraints(s *jsonschema.Schema, tag string) error {
	if tag == "" {
		return nil
	}
	for kv := range strings.SplitSeq(tag, ",") {
		key, value, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("schema tag %q: want key=value", kv)
		}
		switch key {
		case "default":
			if !json.Valid([]byte(value)) {
				value = strconv.Quote(value) // a bare word is a string default
			}
			s.Default = json.RawMessage(value)
		case "enum":
			for v := range strings.SplitSeq(value, "|") {
				s.Enum = append(s.Enum, v)
			}
		case "minimum", "maximum", "cap":
			f, err := strconv.ParseFloat(value, 64)
			if err != nil {
				return fmt.Errorf("schema tag %s: %w", key, err)
			}
			switch key {
			case "minimum":
				s.Minimum = &f
			case "cap":
				s.Description = strings.TrimSpace(s.Description + fmt.Sprintf(" Larger values are reduced to %g.", f))
				fallthrough
			default:
				s.Maximum = &f
			}
		case "minLength", "maxLength", "minItems", "maxItems":
			n, err := strconv.Atoi(value)
			if err != nil {
				return fmt.Errorf("schema tag %s: %w", key, err)
			}
			*map[string]**int{"minLength": &s.MinLength, "maxLength": &s.MaxLength, "minItems": &s.MinItems, "maxItems": &s.MaxItems}[key] = &n
		default:
			return fmt.Errorf("schema tag: unknown key %q", key)
		}
	}
	return nil
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
