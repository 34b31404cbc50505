package tools

import (
	"context"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// MaxIDs is the most ids one get_entities (or handle_entities get) call
// takes; more fail with invalid_argument rather than a silent page.
const MaxIDs = 200

func registerEntityTools(r *Registry) {
	Register(r, "create_entity",
		"Create a milestone, story, task, decision, document or feature. A story's parent is a milestone, a task's a story. data.content is the markdown body.",
		Annotations{}, CreateEntity)
	Register(r, "update_entity",
		"Update fields, status (transition checked), dependencies; archive or restore. Relations stay in sync on both sides. cascade completes or archives descendants too.",
		Annotations{Destructive: true, Idempotent: true}, updateEntity)
	Register(r, "get_entity",
		"Get one entity: all fields by default (content only when asked, in fields or content_mode full).",
		Annotations{ReadOnly: true, Idempotent: true}, GetEntity)
	Register(r, "get_entities",
		"Get up to 200 entities in the order asked, with not_found for unknown ids.",
		Annotations{ReadOnly: true, Idempotent: true}, getEntities)
	Register(r, "handle_entity",
		"action create, get or update on one entity, with that action's parameters and the entity's fields flat at the top level.",
		Annotations{Destructive: true}, handleEntity)
}

type canvasOptions struct {
	CanvasSource string `json:"canvas_source,omitempty" jsonschema:"Canvas file to add the node to; default the configured one, created if missing."`
	AddToCanvas  bool   `json:"add_to_canvas,omitempty" schema:"default=true"`
}

// CreateArgs are create_entity's arguments.
type CreateArgs struct {
	Type    string         `json:"type" jsonschema:"Entity type."`
	Data    map[string]any `json:"data" jsonschema:"Fields (see get_schema): title, parent, status, workstream, priority, depends_on... content: markdown body."`
	Options canvasOptions  `json:"options,omitzero"`
}

// CreateEntity is create_entity.
func CreateEntity(_ context.Context, env *Env, a CreateArgs) (map[string]any, error) {
	return doCreate(env, a.Type, a.Data, a.Options)
}

// doCreate is create_entity's work and result, shared by every tool that
// creates one entity: the entity and its node on the canvas, written
// together.
func doCreate(env *Env, typ string, data map[string]any, opts canvasOptions) (map[string]any, error) {
	t, err := pc.ParseType(typ)
	if err != nil {
		return nil, err
	}
	var e *pc.Entity
	hook, err := writeWithCanvas(env, opts, func(tx *pc.Tx) (_ []*pc.Entity, err error) {
		e, err = tx.Create(t, data)
		return []*pc.Entity{e}, err
	})
	if err != nil {
		return nil, err
	}
	entity, err := view(env, e, nil, false)
	if err != nil {
		return nil, err
	}
	out := map[string]any{
		"id":                   string(e.ID),
		"entity":               entity,
		"dependencies_created": len(e.Links[pc.DependsOn]),
	}
	hook.report(out, e)
	return out, nil
}

type updateArgs struct {
	ID                 string              `json:"id" jsonschema:"Entity id."`
	Data               map[string]any      `json:"data,omitempty" jsonschema:"Fields to set; null clears one; content replaces the body."`
	Status             string              `json:"status,omitempty" jsonschema:"New status; aliases such as wip, done accepted."`
	AddDependencies    []string            `json:"add_dependencies,omitempty" schema:"maxItems=1000"`
	RemoveDependencies []string            `json:"remove_dependencies,omitempty" schema:"maxItems=1000"`
	AddTo              map[string][]string `json:"add_to,omitempty" jsonschema:"Relation field: ids to add."`
	RemoveFrom         map[string][]string `json:"remove_from,omitempty"`
	Archived           *bool               `json:"archived,omitempty" jsonschema:"true archives, false restores."`
	Cascade            bool                `json:"cascade,omitempty" schema:"default=false"`
	ReturnFull         bool                `json:"return_full,omitempty" schema:"default=false"`
	ReturnFields       []string            `json:"return_fields,omitempty" schema:"maxItems=100"`
}

func updateEntity(_ context.Context, env *Env, a updateArgs) (map[string]any, error) {
	return doUpdate(env, a)
}

// summaryFields is the minimal entity update_entity returns.
var summaryFields = []string{"id", "type", "title", "status", "workstream", "updated_at"}

func doUpdate(env *Env, a updateArgs) (map[string]any, error) {
	u, err := env.Project.Update(a.ID, pc.Change{
		Data: a.Data, Status: a.Status, Cascade: a.Cascade, Archived: a.Archived,
		AddDependencies: a.AddDependencies, RemoveDependencies: a.RemoveDependencies,
		AddTo: a.AddTo, RemoveFrom: a.RemoveFrom,
	})
	if err != nil {
		return nil, err
	}
	fields := summaryFields
	switch {
	case a.ReturnFull:
		fields = nil
	case len(a.ReturnFields) > 0:
		fields = a.ReturnFields
	}
	entity, err := view(env, u.Entity, fields, false)
	if err != nil {
		return nil, err
	}
	return map[string]any{
		"id":             string(u.Entity.ID),
		"updated_fields": pc.NonNil(u.Fields),
		"cascaded":       pc.NonNil(ids(u.Cascaded)),
		"entity":         entity,
	}, nil
}

// GetArgs are get_entity's arguments.
type GetArgs struct {
	ID          string   `json:"id" jsonschema:"Entity id, e.g. T-004."`
	Fields      []string `json:"fields,omitempty" jsonschema:"Fields to return (default all but content)." schema:"maxItems=100"`
	ContentMode string   `json:"content_mode,omitempty" jsonschema:"full adds the markdown body." schema:"default=none,enum=none|full"`
}

// GetEntity is get_entity.
func GetEntity(_ context.Context, env *Env, a GetArgs) (map[string]any, error) {
	e, err := env.Project.Get(a.ID)
	if err != nil {
		return nil, err
	}
	withContent := a.ContentMode == "full"
	fields := a.Fields
	if withContent && len(fields) > 0 && !slices.Contains(fields, "content") {
		fields = append(slices.Clone(fields), "content")
	}
	return view(env, e, fields, withContent)
}

type getManyArgs struct {
	IDs    []string `json:"ids" jsonschema:"Entity ids, at most 200." schema:"maxItems=200"`
	Fields []string `json:"fields,omitempty" jsonschema:"Fields of each (default as get_entity)." schema:"maxItems=100"`
}

func getEntities(ctx context.Context, env *Env, a getManyArgs) (map[string]any, error) {
	entities := make([]map[string]any, 0, len(a.IDs))
	notFound := []string{}
	seen := make(map[pc.ID]bool, len(a.IDs))
	for _, raw := range a.IDs {
		if err := ctx.Err(); err != nil {
			return nil, cancelled(err)
		}
		e, err := env.Project.Get(raw)
		if err != nil {
			notFound = append(notFound, raw)
			continue
		}
		if seen[e.ID] {
			continue // each entity once, where first asked
		}
		seen[e.ID] = true
		v, err := view(env, e, a.Fields, false)
		if err != nil {
			return nil, err
		}
		entities = append(entities, v)
	}
	return map[string]any{"entities": entities, "count": len(entities), "not_found": notFound}, nil
}

// cancelled reports a call stopped because its context ended.
func cancelled(err error) error {
	return pc.Errorf(pc.CodeInternal, "cancelled: %v", err)
}
