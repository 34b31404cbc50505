//go:build !js

package tools

// The arguments types' SchemaTuner methods: only the native builds make
// schemas (schema_build.go); the WebAssembly build reads them made.

import (
	"strconv"

	"github.com/google/jsonschema-go/jsonschema"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
)

// maxListItems bounds the other lists of ids a call takes (dependencies
// to add, flat relation fields), as MaxBatch bounds a batch.
const maxListItems = 1000

// TuneSchema adds every writable field of every entity type, flat.
func (handleEntityArgs) TuneSchema(s *jsonschema.Schema) {
	s.Properties["type"].Enum = typeEnum()
	for _, t := range pc.Types {
		for _, f := range pc.SchemaOf(t).Fields {
			if _, done := s.Properties[f.Name]; !done && !f.ReadOnly {
				s.Properties[f.Name] = fieldSchema(f)
			}
		}
	}
	s.Properties[pc.ContentKey] = &jsonschema.Schema{Type: "string"}
}

// fieldSchema is the JSON Schema of an entity field given flat: any value,
// lists bounded. The names are what the schema checks; the core checks each
// value against the field (get_schema describes them), as it does for
// create's data.
func fieldSchema(f pc.FieldSpec) *jsonschema.Schema {
	if f.Kind == pc.KindRefs || f.Kind == pc.KindStrings {
		n := maxListItems
		return &jsonschema.Schema{Types: []string{"array", "string", "null"}, Items: &jsonschema.Schema{Type: "string"}, MaxItems: &n}
	}
	// Never the empty schema: it serializes as `true`, which strict
	// clients (the MCP TypeScript SDK) refuse as a property schema.
	return &jsonschema.Schema{Types: []string{"string", "number", "boolean", "null"}}
}

func (searchArgs) TuneSchema(s *jsonschema.Schema) {
	for _, d := range directionNames() {
		s.Properties["direction"].Enum = append(s.Properties["direction"].Enum, d)
	}
	filters := s.Properties["filters"].Properties
	for _, name := range []string{"type", "status", "workstream"} {
		f := filters[name]
		f.Type, f.Types = "", []string{"string", "array"}
	}
	filters["type"].Items.Enum = typeEnum()
}

func (batchArgs) TuneSchema(s *jsonschema.Schema) {
	s.Properties["ops"].Items.Properties["type"].Enum = typeEnum()
}

func (handleEntitiesArgs) TuneSchema(s *jsonschema.Schema) { batchArgs{}.TuneSchema(s) }

func (schemaArgs) TuneSchema(s *jsonschema.Schema) {
	s.Properties["entity_type"].Enum = append([]any{"all"}, typeEnum()...)
}

// typeEnum is the entity types, for schemas.
func typeEnum() []any {
	out := make([]any, len(pc.Types))
	for i, t := range pc.Types {
		out[i] = string(t)
	}
	return out
}

func (CreateArgs) TuneSchema(s *jsonschema.Schema) { s.Properties["type"].Enum = typeEnum() }

func (PopulateArgs) TuneSchema(s *jsonschema.Schema) {
	for _, t := range pc.Types {
		s.Properties["types"].Items.Enum = append(s.Properties["types"].Items.Enum, string(t))
	}
}

func (analyzeArgs) TuneSchema(s *jsonschema.Schema) {
	values := make([]any, len(analysisFields))
	for i, f := range analysisFields {
		values[i] = f
	}
	s.Properties["fields"].Items.Enum = values
	maxDays := float64(insight.MaxStaleDays)
	s.Properties["stale_days"].Maximum = &maxDays
}

func (coverageArgs) TuneSchema(s *jsonschema.Schema) {
	for _, t := range pc.Tiers {
		s.Properties["tier"].Enum = append(s.Properties["tier"].Enum, t)
	}
	phase := &jsonschema.Schema{Types: []string{"string", "integer"}, Description: s.Properties["phase"].Description}
	for _, p := range pc.Phases {
		phase.Enum = append(phase.Enum, p)
		if n, err := strconv.Atoi(p); err == nil {
			phase.Enum = append(phase.Enum, n)
		}
	}
	s.Properties["phase"] = phase
}
