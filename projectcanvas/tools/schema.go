package tools

import (
	"context"
	"encoding/json"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func registerSchemaTools(r *Registry) {
	r.Add(&Tool{
		Name:        "get_schema",
		Description: "Entity schemas: fields, types, enum values, relations and status transitions.",
		InputSchema: object(nil,
			enum("entity_type", "Only this type.", entityTypes...),
			boolean("relationships_only", "Only relation fields.")),
		Handler: getSchema,
	})
	r.Add(&Tool{
		Name:        "rebuild_index",
		Description: "Re-scan every file of the vault and rebuild the entity index. Reports files with problems.",
		InputSchema: object(nil),
		Handler:     rebuildIndex,
	})
}

type schemaOut struct {
	pc.Schema
	Transitions map[pc.Status][]pc.Status `json:"status_transitions"`
}

func getSchema(_ context.Context, _ *Env, raw json.RawMessage) (any, error) {
	var a struct {
		EntityType        string `json:"entity_type"`
		RelationshipsOnly bool   `json:"relationships_only"`
	}
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	types := pc.Types
	if a.EntityType != "" {
		t, err := pc.ParseType(a.EntityType)
		if err != nil {
			return nil, err
		}
		types = []pc.Type{t}
	}
	schemas := make([]schemaOut, 0, len(types))
	for _, t := range types {
		s := pc.SchemaOf(t)
		if a.RelationshipsOnly {
			var rel []pc.FieldSpec
			for _, f := range s.Fields {
				if (f.Kind == pc.KindRef || f.Kind == pc.KindRefs) && f.Name != "id" {
					rel = append(rel, f)
				}
			}
			s.Fields = rel
		}
		tr := map[pc.Status][]pc.Status{}
		for _, st := range s.Statuses {
			tr[st] = pc.NextStatuses(t, st)
		}
		schemas = append(schemas, schemaOut{Schema: s, Transitions: tr})
	}
	return map[string]any{"schemas": schemas}, nil
}

func rebuildIndex(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	if err := decode(raw, &struct{}{}); err != nil {
		return nil, err
	}
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
