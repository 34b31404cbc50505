package httpapi

import (
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"net/http"

	"github.com/projectcanvas/projectcanvas/projectcanvas/httpapi/route"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// MaxBody is the largest request body accepted, 1 MiB.
const MaxBody = route.MaxBody

// Status is the HTTP status of an error code (docs/ARCHITECTURE.md, "Errors").
func Status(code pc.Code) int { return route.Status(code) }

// API serves the HTTP interface over one registry and project.
type API struct {
	core  *route.API
	token string
	hint  string
	extra map[string]http.Handler // guarded routes of other hosts, e.g. /mcp
}

// Option configures an API.
type Option func(*API)

// WithToken sets the bearer token requests must carry. Without it every
// guarded route answers 401: an API is never open by accident.
func WithToken(token string) Option { return func(a *API) { a.token = token } }

// WithTokenHint says, in the 401 for a request without a token, where the
// token is ("projectcanvas token prints it").
func WithTokenHint(hint string) Option { return func(a *API) { a.hint = hint } }

// WithHandler mounts h at path (exactly, any method, e.g. "/mcp") behind
// the same guards and token as the API's own routes. The native server
// mounts the MCP streamable HTTP handler this way.
func WithHandler(path string, h http.Handler) Option {
	return func(a *API) { a.extra[path] = h }
}

// New returns the API over the registry's tools, working on env's project.
func New(registry *tools.Registry, env *tools.Env, opts ...Option) *API {
	a := &API{extra: map[string]http.Handler{}}
	for _, o := range opts {
		o(a)
	}
	a.core = route.New(registry, env, route.WithToken(a.token), route.WithTokenHint(a.hint))
	return a
}

// ServeHTTP implements http.Handler: the request goes to route's Serve, or,
// on a mounted path, past route's guards to the mounted handler.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	req := Request(r)
	if h, ok := a.extra[req.Path]; ok {
		if resp := a.core.Guard(req, false); resp != nil {
			write(w, resp)
			return
		}
		if resp := a.core.Guard(req, true); resp != nil {
			write(w, resp)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		h.ServeHTTP(w, r)
		return
	}
	write(w, a.core.Serve(r.Context(), req))
}

// Request is r as route takes it. Of a header given more than once the
// first value counts, as with http.Header.Get.
func Request(r *http.Request) *route.Request {
	header := make(map[string]string, len(r.Header))
	for k, v := range r.Header {
		if len(v) > 0 {
			header[k] = v[0]
		}
	}
	return &route.Request{Method: r.Method, Path: r.URL.EscapedPath(), RawQuery: r.URL.RawQuery,
		Host: r.Host, Header: header, Body: r.Body, ContentLength: r.ContentLength}
}

func write(w http.ResponseWriter, resp *route.Response) {
	h := w.Header()
	for k, v := range resp.Header {
		h.Set(k, v)
	}
	w.WriteHeader(resp.Status)
	_, _ = w.Write(resp.Body)
}
