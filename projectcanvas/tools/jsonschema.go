package tools

import "encoding/json"

// A small builder for the JSON Schemas of tool arguments. Descriptions stay
// short: the whole tools/list goes into an assistant's context.

type prop struct {
	name   string
	schema map[string]any
}

func object(required []string, props ...prop) json.RawMessage {
	m := make(map[string]any, len(props))
	for _, p := range props {
		m[p.name] = p.schema
	}
	s := map[string]any{"type": "object", "properties": m, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	data, err := json.Marshal(s)
	if err != nil {
		panic(err) // a bug in a schema literal, caught by the registry test
	}
	return data
}

func str(name, desc string) prop {
	return prop{name, map[string]any{"type": "string", "description": desc}}
}

func enum(name, desc string, values ...string) prop {
	return prop{name, map[string]any{"type": "string", "enum": values, "description": desc}}
}

func boolean(name, desc string) prop {
	return prop{name, map[string]any{"type": "boolean", "description": desc}}
}

func integer(name, desc string, minimum, def int) prop {
	return prop{name, map[string]any{"type": "integer", "minimum": minimum, "default": def, "description": desc}}
}

func strings_(name, desc string) prop {
	return prop{name, map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "description": desc}}
}

func freeObject(name, desc string) prop {
	return prop{name, map[string]any{"type": "object", "description": desc}}
}

func withProps(name, desc string, props ...prop) prop {
	m := make(map[string]any, len(props))
	for _, p := range props {
		m[p.name] = p.schema
	}
	return prop{name, map[string]any{"type": "object", "properties": m, "description": desc}}
}

var entityTypes = []string{"milestone", "story", "task", "decision", "document", "feature"}
