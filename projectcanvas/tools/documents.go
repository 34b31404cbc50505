package tools

import (
	"context"
	"encoding/json"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func registerDocumentTools(r *Registry) {
	r.Add(&Tool{
		Name: "manage_documents",
		Description: "Create, update or read decisions and documents with a markdown body. action create (type, data, content), " +
			"update (id, data, content, status), get (id: fields and content).",
		InputSchema: object([]string{"action"},
			enum("action", "What to do.", "create", "update", "get"),
			enum("type", "decision or document (create; default document).", "decision", "document"),
			str("id", "DEC-... or DOC-... (update, get)."),
			str("content", "Markdown body; replaces the old one."),
			str("status", "New status (update)."),
			freeObject("data", "Fields: title, workstream, status, affects (decisions), documents (documents), version, decided_on...")),
		Handler: manageDocuments,
	})
}

func manageDocuments(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a struct {
		Action  string         `json:"action"`
		Type    string         `json:"type"`
		ID      string         `json:"id"`
		Content *string        `json:"content"`
		Status  string         `json:"status"`
		Data    map[string]any `json:"data"`
	}
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	data := map[string]any{}
	for k, v := range a.Data {
		data[k] = v
	}
	if a.Content != nil {
		data[pc.ContentKey] = *a.Content
	}
	switch a.Action {
	case "create":
		if a.Type == "" {
			a.Type = string(pc.Document)
		}
		if a.Status != "" {
			data["status"] = a.Status
		}
		if t, err := pc.ParseType(a.Type); err != nil || (t != pc.Decision && t != pc.Document) {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "manage_documents creates decisions and documents, not %q", a.Type).With("field", "type")
		}
		return doCreate(env, a.Type, data, true)
	case "update":
		if err := documentID(a.ID); err != nil {
			return nil, err
		}
		return doUpdate(env, updateArgs{ID: a.ID, Data: data, Status: a.Status, ReturnFull: true})
	case "get":
		if err := documentID(a.ID); err != nil {
			return nil, err
		}
		e, err := env.Project.Get(a.ID)
		if err != nil {
			return nil, err
		}
		return view(env, e, nil, true)
	case "":
		return nil, pc.Errorf(pc.CodeMissingField, "action is required (create, update or get)").With("field", "action")
	}
	return nil, pc.Errorf(pc.CodeInvalidArgument, "action %q is not valid (want create, update or get)", a.Action).With("field", "action")
}

func documentID(id string) error {
	if id == "" {
		return pc.Errorf(pc.CodeMissingField, "id is required").With("field", "id")
	}
	_, t, _, err := pc.ParseID(id)
	if err != nil {
		return err
	}
	if t != pc.Decision && t != pc.Document {
		return pc.Errorf(pc.CodeInvalidArgument, "%s is a %s; manage_documents handles decisions and documents (use update_entity)", id, t).With("field", "id")
	}
	return nil
}
