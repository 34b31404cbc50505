package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// dispatch runs a tool and writes its result with status ok, or its error.
func (a *API) dispatch(w http.ResponseWriter, r *http.Request, name string, args []byte, ok int) []byte {
	out, err := a.registry.Dispatch(r.Context(), a.env, name, args)
	if err != nil {
		writeError(w, err)
		return nil
	}
	writeJSON(w, ok, out)
	return out
}

// readBody reads the request body: at most MaxBody bytes of one JSON value.
// An empty body is the empty object.
func readBody(r *http.Request) ([]byte, error) {
	data, err := io.ReadAll(r.Body)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, errTooLarge
	case err != nil:
		return nil, pc.Errorf(pc.CodeInvalidArgument, "reading the request body: %v", err)
	}
	if len(strings.TrimSpace(string(data))) == 0 {
		return []byte("{}"), nil
	}
	if !json.Valid(data) {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "the request body is not valid JSON")
	}
	return data, nil
}

func (a *API) callTool(w http.ResponseWriter, r *http.Request) {
	args, err := readBody(r)
	if err != nil {
		writeError(w, err)
		return
	}
	a.dispatch(w, r, r.PathValue("name"), args, http.StatusOK)
}

func (a *API) listTools(w http.ResponseWriter, _ *http.Request) {
	data, err := json.Marshal(map[string]any{"tools": a.registry.Tools()})
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, data)
}

func (a *API) getEntity(w http.ResponseWriter, r *http.Request) {
	args := map[string]any{"id": r.PathValue("id")}
	if f := listParam(r.URL.Query(), "fields"); f != nil {
		args["fields"] = f
	}
	a.dispatch(w, r, "get_entity", mustJSON(args), http.StatusOK)
}

func (a *API) createEntity(w http.ResponseWriter, r *http.Request) {
	args, err := readBody(r)
	if err != nil {
		writeError(w, err)
		return
	}
	out, err := a.registry.Dispatch(r.Context(), a.env, "create_entity", args)
	if err != nil {
		writeError(w, err)
		return
	}
	var created struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(out, &created) == nil && created.ID != "" {
		w.Header().Set("Location", "/entities/"+url.PathEscape(created.ID))
	}
	writeJSON(w, http.StatusCreated, out)
}

func (a *API) updateEntity(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		writeError(w, err)
		return
	}
	var args map[string]json.RawMessage
	if err := json.Unmarshal(body, &args); err != nil {
		writeError(w, pc.Errorf(pc.CodeInvalidArgument, "the request body must be a JSON object of update_entity's parameters"))
		return
	}
	id := r.PathValue("id")
	if given, ok := args["id"]; ok {
		var s string
		if json.Unmarshal(given, &s) != nil || s != id {
			writeError(w, pc.Errorf(pc.CodeInvalidArgument, "the body's id %s is not the path's %s", given, id).With("field", "id"))
			return
		}
	}
	args["id"] = mustJSON(id)
	a.dispatch(w, r, "update_entity", mustJSON(args), http.StatusOK)
}

// listEntities maps the query onto search_entities' list mode and renames
// its continuation token to next_cursor.
func (a *API) listEntities(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	for key := range q {
		switch key {
		case "type", "status", "workstream", "archived", "max_items", "cursor", "fields":
		default:
			writeError(w, pc.Errorf(pc.CodeInvalidArgument, "unknown query parameter %q", key).With("field", key))
			return
		}
	}
	filters := map[string]any{}
	for _, key := range []string{"type", "status", "workstream"} {
		if v := listParam(q, key); v != nil {
			filters[key] = v
		}
	}
	args := map[string]any{"filters": filters}
	if v := q.Get("archived"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			writeError(w, pc.Errorf(pc.CodeInvalidArgument, "archived: want true or false, got %q", v).With("field", "archived"))
			return
		}
		filters["archived"] = b
	}
	if v := q.Get("max_items"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			writeError(w, pc.Errorf(pc.CodeInvalidArgument, "max_items: want an integer, got %q", v).With("field", "max_items"))
			return
		}
		args["max_items"] = n
	}
	if v := q.Get("cursor"); v != "" {
		args["continuation_token"] = v
	}
	if f := listParam(q, "fields"); f != nil {
		args["fields"] = f
	}
	out, err := a.registry.Dispatch(r.Context(), a.env, "search_entities", mustJSON(args))
	if err != nil {
		writeError(w, err)
		return
	}
	var page map[string]json.RawMessage
	if err := json.Unmarshal(out, &page); err != nil {
		writeError(w, err)
		return
	}
	if token, ok := page["continuation_token"]; ok {
		page["next_cursor"] = token
		delete(page, "continuation_token")
	}
	writeJSON(w, http.StatusOK, mustJSON(page))
}

// listParam reads a list from repeated and comma-separated values; nil when
// the parameter is absent.
func listParam(q url.Values, key string) []string {
	var out []string
	for _, v := range q[key] {
		for part := range strings.SplitSeq(v, ",") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, part)
			}
		}
	}
	return out
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // only maps of strings, numbers and raw JSON are marshalled here
	}
	return data
}
