package route

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// dispatch runs a tool and answers its result with status ok, or its error.
func (a *API) dispatch(ctx context.Context, name string, args []byte, ok int) *Response {
	out, err := a.registry.Dispatch(ctx, a.env, name, args)
	if err != nil {
		return errorResponse(err)
	}
	return jsonResponse(ok, out)
}

// readBody reads the request body: at most MaxBody bytes of one JSON value.
// An empty body is the empty object.
func readBody(r *Request) ([]byte, error) {
	if r.Body == nil {
		return []byte("{}"), nil
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
	switch {
	case err != nil:
		return nil, pc.Errorf(pc.CodeInvalidArgument, "reading the request body: %v", err)
	case len(data) > MaxBody:
		return nil, errTooLarge
	}
	if len(strings.TrimSpace(string(data))) == 0 {
		return []byte("{}"), nil
	}
	if !json.Valid(data) {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "the request body is not valid JSON")
	}
	return data, nil
}

func (a *API) callTool(ctx context.Context, r *Request, name string) *Response {
	args, err := readBody(r)
	if err != nil {
		return errorResponse(err)
	}
	return a.dispatch(ctx, name, args, 200)
}

func (a *API) listTools(context.Context, *Request, string) *Response {
	data, err := json.Marshal(map[string]any{"tools": a.registry.Tools()})
	if err != nil {
		return errorResponse(err)
	}
	return jsonResponse(200, data)
}

func (a *API) listCommands(context.Context, *Request, string) *Response {
	data, err := json.Marshal(map[string]any{"commands": a.commands.Commands()})
	if err != nil {
		return errorResponse(err)
	}
	return jsonResponse(200, data)
}

// runCommand runs an editor command; the body is its input object.
func (a *API) runCommand(ctx context.Context, r *Request, id string) *Response {
	input, err := readBody(r)
	if err != nil {
		return errorResponse(err)
	}
	out, err := a.commands.Dispatch(ctx, a.env, id, input)
	if err != nil {
		return errorResponse(err)
	}
	return jsonResponse(200, out)
}

func (a *API) getEntity(ctx context.Context, r *Request, id string) *Response {
	args := map[string]any{"id": id}
	if f := listParam(query(r), "fields"); f != nil {
		args["fields"] = f
	}
	return a.dispatch(ctx, "get_entity", mustJSON(args), 200)
}

func (a *API) createEntity(ctx context.Context, r *Request, _ string) *Response {
	args, err := readBody(r)
	if err != nil {
		return errorResponse(err)
	}
	out, err := a.registry.Dispatch(ctx, a.env, "create_entity", args)
	if err != nil {
		return errorResponse(err)
	}
	resp := jsonResponse(201, out)
	var created struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(out, &created) == nil && created.ID != "" {
		resp.Header["Location"] = "/entities/" + url.PathEscape(created.ID)
	}
	return resp
}

func (a *API) updateEntity(ctx context.Context, r *Request, id string) *Response {
	body, err := readBody(r)
	if err != nil {
		return errorResponse(err)
	}
	var args map[string]json.RawMessage
	body = bytes.TrimSpace(body)
	if err := json.Unmarshal(body, &args); err != nil || args == nil {
		return errorResponse(pc.Errorf(pc.CodeInvalidArgument, "the request body must be a JSON object of update_entity's parameters"))
	}
	given, ok := args["id"]
	if !ok {
		// The body goes to the tool as it came, the path's id added, so that
		// the tool refuses what it refuses anywhere (a key given twice...).
		body = slices.Concat([]byte(`{"id":`), mustJSON(id), []byte(","), body[1:])
		if len(args) == 0 {
			body = slices.Concat([]byte(`{"id":`), mustJSON(id), []byte("}"))
		}
	} else if s := ""; json.Unmarshal(given, &s) != nil || s != id {
		return errorResponse(pc.Errorf(pc.CodeInvalidArgument, "the body's id %.40s is not the path's %s", given, id).With("field", "id"))
	}
	return a.dispatch(ctx, "update_entity", body, 200)
}

// listEntities maps the query onto search_entities' list mode and renames
// its continuation token to next_cursor.
func (a *API) listEntities(ctx context.Context, r *Request, _ string) *Response {
	q := query(r)
	for key := range q {
		switch key {
		case "type", "status", "workstream", "archived", "max_items", "cursor", "fields":
		default:
			return errorResponse(pc.Errorf(pc.CodeInvalidArgument, "unknown query parameter %q", key).With("field", key))
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
			return errorResponse(pc.Errorf(pc.CodeInvalidArgument, "archived: want true or false, got %q", v).With("field", "archived"))
		}
		filters["archived"] = b
	}
	if v := q.Get("max_items"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return errorResponse(pc.Errorf(pc.CodeInvalidArgument, "max_items: want an integer, got %q", v).With("field", "max_items"))
		}
		args["max_items"] = n
	}
	if v := q.Get("cursor"); v != "" {
		args["continuation_token"] = v
	}
	if f := listParam(q, "fields"); f != nil {
		args["fields"] = f
	}
	out, err := a.registry.Dispatch(ctx, a.env, "search_entities", mustJSON(args))
	if err != nil {
		return errorResponse(err)
	}
	var page map[string]json.RawMessage
	if err := json.Unmarshal(out, &page); err != nil {
		return errorResponse(err)
	}
	if token, ok := page["continuation_token"]; ok {
		page["next_cursor"] = token
		delete(page, "continuation_token")
	}
	return jsonResponse(200, mustJSON(page))
}

// query parses the request's query the way net/http's URL.Query does:
// malformed pairs are dropped.
func query(r *Request) url.Values {
	q, _ := url.ParseQuery(r.RawQuery)
	return q
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
