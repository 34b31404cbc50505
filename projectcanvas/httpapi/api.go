package httpapi

import (
	"net/http"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"

	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// MaxBody is the largest request body accepted, 1 MiB.
const MaxBody = 1 << 20

// API serves the HTTP interface over one registry and project.
type API struct {
	registry *tools.Registry
	env      *tools.Env
	token    string
	extra    map[string]http.Handler // guarded routes of other hosts, e.g. /mcp
	mux      *http.ServeMux
}

// Option configures an API.
type Option func(*API)

// WithToken sets the bearer token requests must carry. Without it every
// guarded route answers 401: an API is never open by accident.
func WithToken(token string) Option { return func(a *API) { a.token = token } }

// WithHandler mounts h at pattern (a net/http ServeMux pattern such as
// "/mcp") behind the same guards and token as the API's own routes. The
// native server mounts the MCP streamable HTTP handler this way.
func WithHandler(pattern string, h http.Handler) Option {
	return func(a *API) { a.extra[pattern] = h }
}

// New returns the API over the registry's tools, working on env's project.
func New(registry *tools.Registry, env *tools.Env, opts ...Option) *API {
	a := &API{registry: registry, env: env, extra: map[string]http.Handler{}}
	for _, o := range opts {
		o(a)
	}
	a.mux = http.NewServeMux()
	a.mux.HandleFunc("GET /health", a.health)
	a.mux.Handle("GET /entities", a.authed(a.listEntities))
	a.mux.Handle("POST /entities", a.authed(a.createEntity))
	a.mux.Handle("GET /entities/{id}", a.authed(a.getEntity))
	a.mux.Handle("PUT /entities/{id}", a.authed(a.updateEntity))
	a.mux.Handle("GET /tools", a.authed(a.listTools))
	a.mux.Handle("POST /tools/{name}", a.authed(a.callTool))
	for pattern, h := range a.extra {
		a.mux.Handle(pattern, a.authed(h.ServeHTTP))
	}
	return a
}

// ServeHTTP implements http.Handler.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := checkOrigin(r); err != nil {
		writeError(w, err)
		return
	}
	if r.ContentLength > MaxBody {
		writeError(w, errTooLarge)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
	if _, pattern := a.mux.Handler(r); pattern == "" {
		a.noRoute(w, r)
		return
	}
	a.mux.ServeHTTP(w, r) // sets the path values Handler leaves out
}

// noRoute answers 405 when the path exists for another method, else 404.
func (a *API) noRoute(w http.ResponseWriter, r *http.Request) {
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut} {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, p := a.mux.Handler(probe); p != "" {
			w.Header().Set("Allow", m)
			writeErrorStatus(w, http.StatusMethodNotAllowed, pc.Errorf(pc.CodeInvalidArgument, "%s %s is not allowed", r.Method, r.URL.Path))
			return
		}
	}
	writeError(w, pc.Errorf(pc.CodeNotFound, "no route %s %s", r.Method, r.URL.Path))
}

func (a *API) health(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, []byte(`{"status":"ok"}`))
}
