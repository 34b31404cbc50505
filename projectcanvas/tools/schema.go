package tools

import (
	"context"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func registerSchemaTools(r *Registry) {
	Register(r, "get_schema",
		"Entity schemas: id_pattern, fields (type, required, description, values), statuses and their transitions.",
		Annotations{ReadOnly: true, Idempotent: true}, getSchema)
	Register(r, "rebuild_index",
		"Rescan the vault and rebuild the entity index; reports files with problems.",
		Annotations{Idempotent: true}, rebuildIndex)
}

type schemaArgs struct {
	EntityType        string `json:"entity_type,omitempty" jsonschema:"A type, or all." schema:"default=all"`
	RelationshipsOnly bool   `json:"relationships_only,omitempty" schema:"default=false"`
}

// schemaEntry is one entry of get_schema, with the names docs/TOOLS.md gives its fields.
type schemaEntry struct {
	Type        pc.Type                   `json:"type"`
	IDPattern   string                    `json:"id_pattern"`
	IDPrefix    string                    `json:"id_prefix"`
	Folder      string                    `json:"folder"`
	Fields      map[string]fieldEntry     `json:"fields"`
	FieldOrder  []string                  `json:"field_order"`
	Statuses    []pc.Status               `json:"statuses"`
	Transitions map[pc.Status][]pc.Status `json:"status_transitions"`
}

type fieldEntry struct {
	Type        pc.Kind  `json:"type"`
	Required    bool     `json:"required"`
	Description string   `json:"description"`
	Values      []string `json:"values,omitempty"`
	Targets     []string `json:"target_types,omitempty"`
	Inverse     string   `json:"inverse,omitempty"`
	ReadOnly    bool     `json:"read_only,omitempty"`
}

func getSchema(_ context.Context, _ *Env, a schemaArgs) (map[string]any, error) {
	types := pc.Types
	if a.EntityType != "all" {
		t, err := pc.ParseType(a.EntityType)
		if err != nil {
			return nil, pc.AsError(err).With("field", "entity_type")
		}
		types = []pc.Type{t}
	}
	schemas := make([]schemaEntry, 0, len(types))
	for _, t := range types {
		s := pc.SchemaOf(t)
		entry := schemaEntry{Type: t, IDPattern: s.IDPattern, IDPrefix: s.Prefix, Folder: s.Folder, Fields: map[string]fieldEntry{},
			FieldOrder: []string{}, Statuses: s.Statuses, Transitions: map[pc.Status][]pc.Status{}}
		for _, f := range s.Fields {
			if a.RelationshipsOnly && (f.Kind != pc.KindRef && f.Kind != pc.KindRefs || f.Name == "id") {
				continue
			}
			fe := fieldEntry{Type: f.Kind, Required: f.Required, Description: f.Description, Values: f.Enum, Inverse: f.Inverse, ReadOnly: f.ReadOnly}
			for _, target := range f.Targets {
				fe.Targets = append(fe.Targets, string(target))
			}
			entry.Fields[f.Name] = fe
			entry.FieldOrder = append(entry.FieldOrder, f.Name)
		}
		for _, st := range s.Statuses {
			entry.Transitions[st] = pc.NextStatuses(t, st)
		}
		schemas = append(schemas, entry)
	}
	return map[string]any{"schemas": schemas}, nil
}

type noArgs struct{}

func rebuildIndex(_ context.Context, env *Env, _ noArgs) (map[string]any, error) {
	stats, err := env.Project.Reload()
	if err != nil {
		return nil, err
	}
	problems := stats.Problems
	if problems == nil {
		problems = []pc.Problem{}
	}
	return map[string]any{
		"success":          true,
		"entities_indexed": stats.Entities,
		"took_ms":          stats.Took.Milliseconds(),
		"problems":         problems,
	}, nil
}
