package tools

import (
	"context"
	"encoding/json"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func registerEntityTools(r *Registry) {
	r.Add(&Tool{
		Name:        "create_entity",
		Description: "Create a milestone, story, task, decision, document or feature. Stories need parent (a milestone), tasks need parent (a story). Put the markdown body in data.content.",
		InputSchema: object([]string{"type", "data"},
			enum("type", "Entity type.", entityTypes...),
			freeObject("data", "Fields: title (required), status, workstream, priority, parent, depends_on, implements, documents, affects, content... See get_schema."),
			withProps("options", "Canvas options.",
				str("canvas_source", "Canvas file to add the node to."),
				boolean("add_to_canvas", "Add a node to the canvas (default true when canvas_source is set)."))),
		Handler: createEntity,
	})
	r.Add(&Tool{
		Name:        "update_entity",
		Description: "Update fields, status, dependencies, or archive/restore an entity. Relations are kept in sync on both sides.",
		InputSchema: object([]string{"id"}, updateProps()...),
		Handler:     updateEntity,
	})
	r.Add(&Tool{
		Name:        "get_entity",
		Description: "Get one entity. Default fields: id, type, title, status, workstream, last_updated. Ask for more with fields (e.g. content, children, dependencies, any schema field).",
		InputSchema: object([]string{"id"},
			str("id", "Entity id, e.g. T-004."),
			strings_("fields", "Fields to return."),
			enum("content_mode", "full adds the markdown body.", "none", "full")),
		Handler: getEntity,
	})
	r.Add(&Tool{
		Name:        "get_entities",
		Description: "Get several entities in one call, keyed by id.",
		InputSchema: object([]string{"ids"},
			strings_("ids", "Entity ids."),
			strings_("fields", "Fields to return for each (default as get_entity)."),
			integer("max_items", "Page size (max 200).", 1, 20),
			str("continuation_token", "From the previous page.")),
		Handler: getEntities,
	})
	r.Add(&Tool{
		Name:        "handle_entity",
		Description: "One tool for one entity: action create, get or update, with the entity's fields flat at the top level (title, status, parent...).",
		InputSchema: handleEntitySchema(),
		Handler:     handleEntity,
	})
}

func updateProps() []prop {
	return []prop{
		str("id", "Entity id."),
		freeObject("data", "Fields to set; null clears a field. content replaces the body."),
		str("status", "New status (aliases like todo, wip, done accepted)."),
		strings_("add_dependencies", "Ids to add to depends_on."),
		strings_("remove_dependencies", "Ids to remove from depends_on."),
		freeObject("add_to", "Relation field -> ids to add, e.g. {\"implements\": [\"F-001\"]}."),
		freeObject("remove_from", "Relation field -> ids to remove."),
		boolean("archived", "true archives (moves under archive/), false restores."),
		boolean("cascade", "Completing a parent completes its unfinished descendants."),
		boolean("return_full", "Return the full entity."),
		strings_("return_fields", "Return only these entity fields."),
	}
}

type createArgs struct {
	Type    string         `json:"type"`
	Data    map[string]any `json:"data"`
	Options struct {
		CanvasSource string `json:"canvas_source"`
		AddToCanvas  *bool  `json:"add_to_canvas"`
	} `json:"options"`
}

func createEntity(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a createArgs
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	return doCreate(env, a.Type, a.Data, true)
}

func doCreate(env *Env, typ string, data map[string]any, withEntity bool) (map[string]any, error) {
	if typ == "" {
		return nil, pc.Errorf(pc.CodeMissingField, "type is required").With("field", "type")
	}
	t, err := pc.ParseType(typ)
	if err != nil {
		return nil, err
	}
	if data == nil {
		return nil, pc.Errorf(pc.CodeMissingField, "data is required (at least a title)").With("field", "data")
	}
	e, err := env.Project.Create(t, data)
	if err != nil {
		return nil, err
	}
	out := map[string]any{
		"id":                   string(e.ID),
		"dependencies_created": len(e.Links[pc.DependsOn]),
		"canvas_node_added":    false,
	}
	if withEntity {
		if out["entity"], err = view(env, e, nil, false); err != nil {
			return nil, err
		}
	}
	return out, nil
}

type updateArgs struct {
	ID                 string              `json:"id"`
	Data               map[string]any      `json:"data"`
	Status             string              `json:"status"`
	AddDependencies    []string            `json:"add_dependencies"`
	RemoveDependencies []string            `json:"remove_dependencies"`
	AddTo              map[string][]string `json:"add_to"`
	RemoveFrom         map[string][]string `json:"remove_from"`
	Archived           *bool               `json:"archived"`
	Cascade            bool                `json:"cascade"`
	ReturnFull         bool                `json:"return_full"`
	ReturnFields       []string            `json:"return_fields"`
}

func updateEntity(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a updateArgs
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	return doUpdate(env, a)
}

func doUpdate(env *Env, a updateArgs) (map[string]any, error) {
	if a.ID == "" {
		return nil, pc.Errorf(pc.CodeMissingField, "id is required").With("field", "id")
	}
	u, err := env.Project.Update(a.ID, pc.Change{
		Data: a.Data, Status: a.Status, Cascade: a.Cascade, Archived: a.Archived,
		AddDependencies: a.AddDependencies, RemoveDependencies: a.RemoveDependencies,
		AddTo: a.AddTo, RemoveFrom: a.RemoveFrom,
	})
	if err != nil {
		return nil, err
	}
	fields := u.Fields
	if fields == nil {
		fields = []string{}
	}
	out := map[string]any{"id": string(u.Entity.ID), "updated_fields": fields}
	switch {
	case a.ReturnFull:
		out["entity"], err = view(env, u.Entity, nil, false)
	case len(a.ReturnFields) > 0:
		out["entity"], err = view(env, u.Entity, a.ReturnFields, false)
	default:
		out["entity"], err = view(env, u.Entity, summaryFields, false)
	}
	return out, err
}

type getArgs struct {
	ID          string   `json:"id"`
	Fields      []string `json:"fields"`
	ContentMode string   `json:"content_mode"`
}

func getEntity(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a getArgs
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	return doGet(env, a)
}

func doGet(env *Env, a getArgs) (map[string]any, error) {
	if a.ID == "" {
		return nil, pc.Errorf(pc.CodeMissingField, "id is required").With("field", "id")
	}
	e, err := env.Project.Get(a.ID)
	if err != nil {
		return nil, err
	}
	fields, err := getFields(a.Fields, a.ContentMode)
	if err != nil {
		return nil, err
	}
	return view(env, e, fields, false)
}

func getFields(fields []string, contentMode string) ([]string, error) {
	if len(fields) == 0 {
		fields = summaryFields
	}
	switch contentMode {
	case "", "none":
	case "full":
		if !slices.Contains(fields, "content") {
			fields = append(slices.Clone(fields), "content")
		}
	default:
		return nil, pc.Errorf(pc.CodeInvalidArgument, "content_mode %q is not valid (want none or full)", contentMode).With("field", "content_mode")
	}
	return fields, nil
}

type getManyArgs struct {
	IDs               []string `json:"ids"`
	Fields            []string `json:"fields"`
	MaxItems          int      `json:"max_items"`
	ContinuationToken string   `json:"continuation_token"`
}

func getEntities(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a getManyArgs
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	if a.IDs == nil {
		return nil, pc.Errorf(pc.CodeMissingField, "ids is required").With("field", "ids")
	}
	page, err := paginate(len(a.IDs), a.MaxItems, a.ContinuationToken)
	if err != nil {
		return nil, err
	}
	fields, _ := getFields(a.Fields, "")
	entities := map[string]any{}
	notFound := []string{}
	for _, id := range a.IDs[page.start:page.end] {
		e, err := env.Project.Get(id)
		if err != nil {
			notFound = append(notFound, id)
			continue
		}
		if entities[string(e.ID)], err = view(env, e, fields, false); err != nil {
			return nil, err
		}
	}
	out := map[string]any{"entities": entities, "not_found": notFound}
	page.report(out)
	return out, nil
}
