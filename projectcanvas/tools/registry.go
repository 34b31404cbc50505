package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/projectcanvas/projectcanvas/internal/lazygroup"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
)

// Env is what handlers work on. Hosts build one and pass it to Call. Time
// comes from the project's clock (pc.WithClock), the one clock of both.
type Env struct {
	Project *pc.Project
	// Docs is the vault's document search index (search_docs,
	// msrl_status, semantic search_entities), opened by the host with
	// docsearch.OpenWithConfig (or New with Embeddings.Option) and fed by its watcher (Docs.Apply). When
	// nil, each search indexes the vault afresh.
	Docs *docsearch.Engine
	// Embeddings is where document search may send note text to be
	// embedded: the person's setting (flags, environment, a user-level
	// file, the plugin's device-local settings), never the vault's. The
	// zero value keeps every text on this machine.
	Embeddings docsearch.Config
	// Transport sends outbound HTTP (an embeddings endpoint) for what the
	// tools build themselves; nil means the host has none.
	Transport pc.Transport
	// Reads, when set, bounds the read-only tools running at once (see
	// pc.ReadGate): hosts serving many clients set it so that writes do
	// not starve behind reads. Writes never wait for it; they narrow it
	// while they run.
	Reads *pc.ReadGate
}

// Handler runs a tool. args is the raw JSON object of arguments. Tools are
// added with Register, which builds the handler from a typed function.
type Handler func(ctx context.Context, env *Env, args json.RawMessage) (any, error)

// Tool is one entry of the registry.
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
	Annotations Annotations     `json:"annotations"`
	Handler     Handler         `json:"-"`

	args *argsSchema // set by Register
	// group is 1 + the index in groups of the function that registers
	// the tool for real while only its name is known (see New); 0 once
	// the tool is complete.
	group int
}

// Registry holds tools by name, in registration order.
type Registry struct {
	mu    sync.Mutex // guards tools: a group is completed on first use
	tools []*Tool
	// naming is set while New names a group's tools (its group): Register
	// then records the tool's name and description only.
	naming int
}

// groups register every tool, group by group.
var groups = []func(*Registry){registerEntityTools, registerSchemaTools, registerInsightTools,
	registerSearchTools, registerBatchTools, registerCleanupTools, registerDocumentTools, registerReconcileTools,
	registerCanvasTools, registerSuggestTools, registerDocSearchTools, registerWorkspaceTools}

// New returns the registry of every tool. Building a tool's schema and
// checks by reflection took most of the WebAssembly core's start-up, so
// New only names the tools; each group of tools is built on the first
// Lookup or Tools that needs it.
func New() *Registry {
	r := &Registry{}
	for i, group := range groups {
		r.naming = i + 1
		group(r)
	}
	r.naming = 0
	return r
}

// Add registers a tool; a second tool of the same name replaces the first.
func (r *Registry) Add(t *Tool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, x := range r.tools {
		if x.Name == t.Name {
			r.tools[i] = t
			return
		}
	}
	r.tools = append(r.tools, t)
}

// wrapLast wraps the handler of the tool just registered, for a tool whose
// arguments need more than a schema can say. While New only names tools
// there is no handler yet: the group is registered again, for real, on
// first use.
func (r *Registry) wrapLast(wrap func(Handler) Handler) {
	if r.naming != 0 {
		return
	}
	t := r.tools[len(r.tools)-1]
	t.Handler = wrap(t.Handler)
}

// Tools lists the registered tools.
func (r *Registry) Tools() []*Tool {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.complete(-1)
	return slices.Clone(r.tools)
}

// Lookup finds a tool by name.
func (r *Registry) Lookup(name string) (*Tool, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, t := range r.tools {
		if t.Name == name {
			r.complete(i)
			return r.tools[i], true
		}
	}
	return nil, false
}

// complete registers for real the group of the named-only tool at i
// (every group for -1). r.mu is held.
func (r *Registry) complete(i int) {
	lazygroup.Complete(r.tools, i, func(t *Tool) int { return t.group }, func(g int) []*Tool {
		built := &Registry{}
		groups[g-1](built)
		return built.tools
	})
}

// Call runs the named tool. Every failure is a *projectcanvas.Error, and a
// panic in a handler is turned into an internal error rather than escaping.
func (r *Registry) Call(ctx context.Context, env *Env, name string, args json.RawMessage) (result any, err error) {
	t, ok := r.Lookup(name)
	if !ok {
		return nil, pc.Errorf(pc.CodeNotFound, "unknown tool %q", name).With("tool", name)
	}
	if len(bytes.TrimSpace(args)) == 0 || bytes.Equal(bytes.TrimSpace(args), []byte("null")) {
		args = json.RawMessage("{}")
	}
	defer func() {
		if v := recover(); v != nil {
			result, err = nil, pc.Errorf(pc.CodeInternal, "tool %s failed: %v", name, v)
		}
	}()
	result, err = t.Handler(ctx, env, args)
	if err != nil {
		return nil, pc.AsError(err)
	}
	return result, nil
}

// Dispatch is the one entry point every host uses: it runs the named tool on
// JSON arguments and returns the result as JSON. On failure it returns a
// *projectcanvas.Error; ErrorJSON renders it in the hosts' common form.
func (r *Registry) Dispatch(ctx context.Context, env *Env, name string, args []byte) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, pc.Errorf(pc.CodeInternal, "tool %s: %v", name, err)
	}
	if t, ok := r.Lookup(name); ok && env != nil && env.Reads != nil {
		if !t.Annotations.ReadOnly {
			defer env.Reads.Write()()
		} else {
			var leave func()
			var err error
			if ctx, leave, err = env.Reads.Enter(ctx); err != nil {
				return nil, err
			}
			defer leave()
		}
	}
	result, err := r.Call(ctx, env, name, args)
	if err != nil {
		return nil, err
	}
	buf := resultBuffers.Get().(*[]byte)
	defer putResultBuffer(buf)
	data, err := appendJSON((*buf)[:0], result)
	if err != nil {
		return nil, pc.Errorf(pc.CodeInternal, "tool %s: encoding the result: %v", name, err)
	}
	*buf = data
	return bytes.Clone(data), nil
}

// resultBuffers hold the buffers results are encoded into: growing a new
// one from nothing on every call cost several allocations and copies.
var resultBuffers = sync.Pool{New: func() any { return new([]byte) }}

func putResultBuffer(buf *[]byte) {
	if cap(*buf) <= 64<<10 { // a rare huge result is not kept
		resultBuffers.Put(buf)
	}
}

// ErrorJSON renders an error in the JSON form every host uses:
// {"error": {"code": ..., "message": ..., "details": ...}}.
//
// "<", ">" and "&" are written as they are, not as \u003c...: JSON reads
// them the same, and a person reads "A -> B" in a terminal.
func ErrorJSON(err error) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(map[string]any{"error": pc.AsError(err)})
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// decode reads args into v strictly: unknown keys and wrong JSON types fail
// with invalid_argument naming the offending parameter.
func decode(args json.RawMessage, v any) error {
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return argError(err)
	}
	if dec.More() {
		return pc.Errorf(pc.CodeInvalidArgument, "arguments must be one JSON object")
	}
	return nil
}

func argError(err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return pc.Errorf(pc.CodeInvalidArgument, "arguments must be a JSON object, got %s", typeErr.Value)
		}
		return pc.Errorf(pc.CodeInvalidArgument, "%s: want %s, got %s", field, jsonType(typeErr.Type.String()), typeErr.Value).With("field", field)
	case errors.As(err, &syntaxErr):
		return pc.Errorf(pc.CodeInvalidArgument, "malformed JSON arguments at byte %d: %v", syntaxErr.Offset, err)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return pc.Errorf(pc.CodeInvalidArgument, "unknown parameter %q", field).With("field", field)
	}
	return pc.Errorf(pc.CodeInvalidArgument, "malformed JSON arguments: %v", err)
}

func jsonType(goType string) string {
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case strings.HasPrefix(goType, "map["), strings.HasPrefix(goType, "struct"), strings.Contains(goType, "."):
		return "an object"
	case goType == "string":
		return "a string"
	case goType == "bool", goType == "*bool":
		return "a boolean"
	}
	return fmt.Sprintf("a %s", strings.TrimPrefix(goType, "*"))
}
