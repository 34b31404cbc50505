//go:build !js

package commands

// The inputs' SchemaTuner methods: only the native builds make schemas;
// the WebAssembly build reads them made (see tools.BuiltSchemas).

import (
	"github.com/google/jsonschema-go/jsonschema"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func (coverageInput) TuneSchema(s *jsonschema.Schema) {
	tuneFeatureEnums(s)
	for _, st := range []pc.Status{pc.Planned, pc.InProgress, pc.Complete} {
		s.Properties["status"].Enum = append(s.Properties["status"].Enum, string(st))
	}
}

func (populateInput) TuneSchema(s *jsonschema.Schema) {
	for _, t := range pc.Types {
		s.Properties["types"].Items.Enum = append(s.Properties["types"].Items.Enum, string(t))
	}
}

func (createFeatureInput) TuneSchema(s *jsonschema.Schema) {
	tuneFeatureEnums(s)
	status, _ := pc.SchemaOf(pc.Feature).Field("status")
	for _, v := range status.Enum {
		s.Properties["status"].Enum = append(s.Properties["status"].Enum, v)
	}
}

// tuneFeatureEnums sets the tier and phase enums present in s from the
// core's lists.
func tuneFeatureEnums(s *jsonschema.Schema) {
	for field, values := range map[string][]string{"tier": pc.Tiers, "phase": pc.Phases} {
		if p := s.Properties[field]; p != nil {
			for _, v := range values {
				p.Enum = append(p.Enum, v)
			}
		}
	}
}

func (phaseInput) TuneSchema(s *jsonschema.Schema) { tuneFeatureEnums(s) }

func (tierInput) TuneSchema(s *jsonschema.Schema) { tuneFeatureEnums(s) }
