package tools

import (
	"context"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func registerDocumentTools(r *Registry) {
	Register(r, "manage_documents",
		"Decisions and documents with a markdown body: action create (type, data, content), update (id, data, content, status), get (id).",
		Annotations{Destructive: true}, manageDocuments)
}

type documentArgs struct {
	Action  string         `json:"action" schema:"enum=create|update|get"`
	Type    string         `json:"type,omitempty" jsonschema:"create: decision or document." schema:"default=document,enum=decision|document"`
	ID      string         `json:"id,omitempty" jsonschema:"DEC-... or DOC-... (update, get)."`
	Content *string        `json:"content,omitempty" jsonschema:"Markdown body; replaces the old one."`
	Status  string         `json:"status,omitempty"`
	Data    map[string]any `json:"data,omitempty" jsonschema:"Fields: title, workstream, affects, documents, version..."`
}

func manageDocuments(ctx context.Context, env *Env, a documentArgs) (map[string]any, error) {
	data := make(map[string]any, len(a.Data)+1)
	for k, v := range a.Data {
		data[k] = v
	}
	if a.Content != nil {
		data[pc.ContentKey] = *a.Content
	}
	switch a.Action {
	case "create":
		if a.Status != "" {
			data["status"] = a.Status
		}
		return doCreate(env, a.Type, data, canvasOptions{}) // no add_to_canvas here: the spec gives this tool no canvas option
	case "update":
		if err := documentID(a.ID); err != nil {
			return nil, err
		}
		return doUpdate(env, updateArgs{ID: a.ID, Data: data, Status: a.Status, ReturnFull: true})
	}
	if err := documentID(a.ID); err != nil {
		return nil, err
	}
	return GetEntity(ctx, env, GetArgs{ID: a.ID, ContentMode: "full"})
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
