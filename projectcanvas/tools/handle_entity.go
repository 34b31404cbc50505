package tools

import (
	"context"
	"encoding/json"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// handle_entity takes the parameters of create_entity, get_entity and
// update_entity flat, at the top level: every key that is not a control
// parameter is an entity field.

var handleControls = map[string]bool{
	"action": true, "type": true, "id": true, "fields": true, "content_mode": true,
	"status": true, "add_dependencies": true, "remove_dependencies": true, "add_to": true, "remove_from": true,
	"archived": true, "cascade": true, "return_full": true, "return_fields": true,
	"canvas_source": true, "add_to_canvas": true,
}

func handleEntitySchema() json.RawMessage {
	var s map[string]any
	_ = json.Unmarshal(object([]string{"action"}, append(updateProps(),
		enum("action", "What to do.", "create", "get", "update"),
		enum("type", "Entity type (create).", entityTypes...),
		strings_("fields", "Fields to return (get)."),
		enum("content_mode", "full adds the markdown body (get).", "none", "full"),
		str("title", "Title (required on create)."),
		str("parent", "Parent id: a milestone for a story, a story for a task."),
		str("workstream", "Workstream."),
		str("priority", "P0..P4."),
		strings_("depends_on", "Ids this waits on."),
		strings_("implements", "Feature ids."),
		str("content", "Markdown body."),
	)...), &s)
	s["additionalProperties"] = true // any other entity field, flat
	data, _ := json.Marshal(s)
	return data
}

func handleEntity(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var flat map[string]json.RawMessage
	if err := json.Unmarshal(raw, &flat); err != nil {
		return nil, argError(err)
	}
	var action string
	if err := json.Unmarshal(flat["action"], &action); flat["action"] != nil && err != nil {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "action: want a string").With("field", "action")
	}
	controls := map[string]json.RawMessage{}
	data := map[string]any{}
	for k, v := range flat {
		if handleControls[k] && !(action == "create" && k == "status") {
			controls[k] = v
			continue
		}
		var val any
		if err := json.Unmarshal(v, &val); err != nil {
			return nil, argError(err)
		}
		data[k] = val
	}
	delete(controls, "action")
	rest, _ := json.Marshal(controls)
	switch action {
	case "create":
		var a struct {
			Type         string   `json:"type"`
			ReturnFull   bool     `json:"return_full"`
			ReturnFields []string `json:"return_fields"`
			CanvasSource string   `json:"canvas_source"`
			AddToCanvas  *bool    `json:"add_to_canvas"`
		}
		if err := decodeOnly(rest, &a, "create"); err != nil {
			return nil, err
		}
		out, err := doCreate(env, a.Type, data, false)
		if err != nil {
			return nil, err
		}
		if a.ReturnFull || len(a.ReturnFields) > 0 {
			e, _ := env.Project.Get(out["id"].(string))
			out["entity"], err = view(env, e, a.ReturnFields, false)
		}
		return out, err
	case "get":
		var a getArgs
		if err := decodeOnly(rest, &a, "get"); err != nil {
			return nil, err
		}
		if len(data) > 0 {
			return nil, unexpected(data, "get")
		}
		return doGet(env, a)
	case "update":
		var a updateArgs
		if err := decodeOnly(rest, &a, "update"); err != nil {
			return nil, err
		}
		if len(data) > 0 {
			a.Data = data
		}
		return doUpdate(env, a)
	case "":
		return nil, pc.Errorf(pc.CodeMissingField, "action is required (create, get or update)").With("field", "action")
	}
	return nil, pc.Errorf(pc.CodeInvalidArgument, "action %q is not valid (want create, get or update)", action).With("field", "action")
}

// decodeOnly decodes the control parameters an action takes, refusing the
// ones that belong to another action.
func decodeOnly(raw json.RawMessage, v any, action string) error {
	if err := decode(raw, v); err != nil {
		if e := pc.AsError(err); e.Details["field"] != nil && e.Code == pc.CodeInvalidArgument {
			e.Message = e.Message + " for action " + action
		}
		return err
	}
	return nil
}

func unexpected(data map[string]any, action string) error {
	for k := range data {
		return pc.Errorf(pc.CodeInvalidArgument, "unknown parameter %q for action %s", k, action).With("field", k)
	}
	return nil
}
