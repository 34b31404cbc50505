package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// handle_entity takes the parameters of create_entity, get_entity and
// update_entity flat, at the top level: every key that is not one of its
// parameters is an entity field. Its schema lists the parameters and every
// writable field of every entity type (from the core's schemas), so strict
// decoding still refuses an unknown or wrong-case name.

type handleEntityArgs struct {
	Action             string   `json:"action" schema:"enum=create|get|update"`
	Type               string   `json:"type,omitempty"`
	ID                 string   `json:"id,omitempty"`
	Fields             []string `json:"fields,omitempty" schema:"maxItems=100"`
	Status             string   `json:"status,omitempty"`
	AddDependencies    []string `json:"add_dependencies,omitempty" schema:"maxItems=1000"`
	RemoveDependencies []string `json:"remove_dependencies,omitempty" schema:"maxItems=1000"`
	Archived           *bool    `json:"archived,omitempty"`
	Cascade            bool     `json:"cascade,omitempty"`
	ReturnFull         bool     `json:"return_full,omitempty"`
	ReturnFields       []string `json:"return_fields,omitempty" schema:"maxItems=100"`
	CanvasSource       string   `json:"canvas_source,omitempty"`
	AddToCanvas        bool     `json:"add_to_canvas,omitempty" schema:"default=true"`

	// Data holds the entity fields given flat.
	Data map[string]any `json:"-"`
}

// handleParams are the names of handle_entity's own parameters.
var handleParams = func() map[string]bool {
	out := map[string]bool{}
	for f := range structFields(reflect.TypeFor[handleEntityArgs]()) {
		out[jsonName(f)] = true
	}
	return out
}()

// UnmarshalJSON splits the parameters from the flat entity fields. The
// schema has already refused unknown names.
func (a *handleEntityArgs) UnmarshalJSON(data []byte) error {
	var flat map[string]json.RawMessage
	if err := json.Unmarshal(data, &flat); err != nil {
		return err
	}
	params := map[string]json.RawMessage{}
	for k, v := range flat {
		if handleParams[k] {
			params[k] = v
			continue
		}
		var val any
		if err := json.Unmarshal(v, &val); err != nil {
			return err
		}
		if a.Data == nil {
			a.Data = map[string]any{}
		}
		a.Data[k] = val
	}
	type plain handleEntityArgs // without this method
	p := plain(*a)
	raw, _ := json.Marshal(params)
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return err
	}
	*a = handleEntityArgs(p)
	return nil
}

func handleEntity(ctx context.Context, env *Env, a handleEntityArgs) (map[string]any, error) {
	data := a.Data
	switch a.Action {
	case "create":
		if err := onlyFor("create", a.ID != "", "id", len(a.Fields) > 0, "fields",
			len(a.AddDependencies)+len(a.RemoveDependencies) > 0, "add_dependencies"); err != nil {
			return nil, err
		}
		if data == nil {
			data = map[string]any{}
		}
		if a.Status != "" {
			data["status"] = a.Status
		}
		if a.Archived != nil {
			data["archived"] = *a.Archived
		}
		return doCreate(env, a.Type, data, canvasOptions{CanvasSource: a.CanvasSource, AddToCanvas: a.AddToCanvas})
	case "get":
		if len(data) > 0 {
			return nil, unexpected(data, "get")
		}
		if a.ID == "" {
			return nil, pc.Errorf(pc.CodeMissingField, "id is required for action get").With("field", "id")
		}
		return GetEntity(ctx, env, GetArgs{ID: a.ID, Fields: a.Fields})
	case "update":
		if err := onlyFor("update", a.Type != "", "type", len(a.Fields) > 0, "fields"); err != nil {
			return nil, err
		}
		if a.ID == "" {
			return nil, pc.Errorf(pc.CodeMissingField, "id is required for action update").With("field", "id")
		}
		return doUpdate(env, updateArgs{
			ID: a.ID, Data: data, Status: a.Status, AddDependencies: a.AddDependencies, RemoveDependencies: a.RemoveDependencies,
			Archived: a.Archived, Cascade: a.Cascade,
			ReturnFull: a.ReturnFull, ReturnFields: a.ReturnFields,
		})
	}
	return nil, pc.Errorf(pc.CodeInvalidArgument, "action %q is not valid (want create, get or update)", a.Action).With("field", "action")
}

// onlyFor refuses parameters that belong to another action: pairs of
// (given, name).
func onlyFor(action string, pairs ...any) error {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i].(bool) {
			name := pairs[i+1].(string)
			return pc.Errorf(pc.CodeInvalidArgument, "parameter %q is not taken by action %s", name, action).With("field", name)
		}
	}
	return nil
}

func unexpected(data map[string]any, action string) error {
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return pc.Errorf(pc.CodeInvalidArgument, "parameter %q is not taken by action %s", keys[0], action).With("field", keys[0])
}
