package tools

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// argSchema is a tool's arguments schema as the checks read it: the
// keywords our arguments structs produce, decoded from the schema's JSON
// (the JSON clients see). The checks work on this rather than on
// jsonschema-go's Schema so that the WebAssembly build, which takes its
// schemas ready-made (schema_js.go), links neither jsonschema-go nor the
// math/big its validator and type tables pull in: half a megabyte.
type argSchema struct {
	Type                 string   // "type" given as one name
	Types                []string // "type" given as a list
	Enum                 []any
	Minimum, Maximum     *float64
	MinLength, MaxLength *int
	MinItems, MaxItems   *int
	Items                *argSchema
	Properties           map[string]*argSchema
	Required             []string
	AdditionalProperties *argSchema
	Default              json.RawMessage
	// False is the schema false, which nothing satisfies.
	False bool
	// Unknown is set when the JSON holds a keyword the checks do not
	// implement (pattern, anyOf...): such a schema compiles to no checker.
	Unknown bool
}

// annotations are the keywords that do not affect validation.
var annotations = map[string]bool{"title": true, "description": true, "deprecated": true, "readOnly": true,
	"writeOnly": true, "examples": true, "$comment": true}

// parseArgSchema reads a JSON Schema (an object, true or false).
func parseArgSchema(data []byte) (*argSchema, error) {
	s := &argSchema{}
	switch string(bytes.TrimSpace(data)) {
	case "true":
		return s, nil
	case "false":
		s.False = true
		return s, nil
	}
	var keywords map[string]json.RawMessage
	if err := json.Unmarshal(data, &keywords); err != nil {
		return nil, err
	}
	// The keywords read as plain JSON values.
	values := map[string]any{"enum": &s.Enum, "minimum": &s.Minimum, "maximum": &s.Maximum,
		"minLength": &s.MinLength, "maxLength": &s.MaxLength, "minItems": &s.MinItems, "maxItems": &s.MaxItems,
		"required": &s.Required}
	for k, v := range keywords {
		var err error
		switch target, ok := values[k]; {
		case ok:
			err = json.Unmarshal(v, target)
		case k == "type" && bytes.HasPrefix(bytes.TrimSpace(v), []byte("[")):
			err = json.Unmarshal(v, &s.Types)
		case k == "type":
			err = json.Unmarshal(v, &s.Type)
		case k == "default":
			s.Default = v
		case k == "items":
			s.Items, err = parseArgSchema(v)
		case k == "additionalProperties":
			s.AdditionalProperties, err = parseArgSchema(v)
		case k == "properties":
			s.Properties, err = parseProperties(v)
		default:
			s.Unknown = s.Unknown || !annotations[k]
		}
		if err != nil {
			return nil, fmt.Errorf("schema keyword %s: %w", k, err)
		}
	}
	return s, nil
}

func parseProperties(data []byte) (map[string]*argSchema, error) {
	var props map[string]json.RawMessage
	if err := json.Unmarshal(data, &props); err != nil {
		return nil, err
	}
	out := make(map[string]*argSchema, len(props))
	for name, p := range props {
		s, err := parseArgSchema(p)
		if err != nil {
			return nil, err
		}
		out[name] = s
	}
	return out, nil
}
