package route

import (
	"context"
	"io"
	"net/url"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/commands"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// MaxBody is the largest request body accepted, 1 MiB.
const MaxBody = 1 << 20

// Request is one HTTP request as a host received it.
type Request struct {
	Method string
	// Path is the escaped path ("/entities/a%2Fb"), RawQuery the query
	// without its '?'.
	Path, RawQuery string
	Host           string            // the Host header, with an optional port
	Header         map[string]string // one value per name; names match case-insensitively
	// Body is read up to MaxBody bytes; nil is an empty body.
	// ContentLength is its announced length, -1 when unknown.
	Body          io.Reader
	ContentLength int64
}

// header returns the value of the named header, matched case-insensitively.
func (r *Request) header(name string) string {
	if v, ok := r.Header[name]; ok {
		return v
	}
	for k, v := range r.Header {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

// Response is an answer: a status, headers and a JSON body.
type Response struct {
	Status int
	Header map[string]string
	Body   []byte
}

// API serves the HTTP interface over one registry and project.
type API struct {
	registry *tools.Registry
	commands *commands.Registry
	// tokenHint says where the token is, in a 401 (WithTokenHint).
	tokenHint string
	env       *tools.Env
	token     string
	routes    []route
}

type handler func(ctx context.Context, r *Request, param string) *Response

// route is a method and a pattern of literal segments and at most one
// {param} segment, which matches one non-empty segment, unescaped.
type route struct {
	method   string
	segments []string
	guarded  bool
	h        handler
}

// Option configures an API.
type Option func(*API)

// WithToken sets the bearer token requests must carry. Without it every
// guarded route answers 401: an API is never open by accident.
func WithToken(token string) Option { return func(a *API) { a.token = token } }

// WithTokenHint says, in the 401 for a request without a token, where the
// token is; the host knows ("projectcanvas token prints it").
func WithTokenHint(hint string) Option { return func(a *API) { a.tokenHint = hint } }

// WithCommands serves the editor's commands of reg (GET /commands, POST
// /commands/{id}); by default those built over the tool registry.
func WithCommands(reg *commands.Registry) Option { return func(a *API) { a.commands = reg } }

// New returns the API over the registry's tools, working on env's project.
func New(registry *tools.Registry, env *tools.Env, opts ...Option) *API {
	a := &API{registry: registry, env: env}
	for _, o := range opts {
		o(a)
	}
	if a.commands == nil {
		a.commands = commands.New(registry)
	}
	add := func(method, pattern string, guarded bool, h handler) {
		a.routes = append(a.routes, route{method: method, segments: strings.Split(pattern, "/")[1:], guarded: guarded, h: h})
	}
	add("GET", "/health", false, a.health)
	add("GET", "/entities", true, a.listEntities)
	add("POST", "/entities", true, a.createEntity)
	add("GET", "/entities/{id}", true, a.getEntity)
	add("PUT", "/entities/{id}", true, a.updateEntity)
	add("GET", "/tools", true, a.listTools)
	add("POST", "/tools/{name}", true, a.callTool)
	add("GET", "/commands", true, a.listCommands)
	add("POST", "/commands/{id}", true, a.runCommand)
	return a
}

// Serve answers one request. It never panics on bad input: every refusal is
// a JSON error with the status of its code.
func (a *API) Serve(ctx context.Context, r *Request) *Response {
	if resp := a.Guard(r, false); resp != nil {
		return resp
	}
	method := r.Method
	if method == "HEAD" {
		method = "GET" // the host drops the body
	}
	rt, param, ok := a.match(method, r.Path)
	if !ok {
		return a.noRoute(r)
	}
	if rt.guarded {
		if resp := a.Guard(r, true); resp != nil {
			return resp
		}
	}
	return rt.h(ctx, r, param)
}

// Guard applies the guards every request passes (loopback Host, no web
// Origin, body size) and, when authed, the bearer token; it returns the
// refusal, or nil. Hosts that mount routes of their own (the native server's
// /mcp) guard them with it.
func (a *API) Guard(r *Request, authed bool) *Response {
	if !authed {
		if err := checkOrigin(r); err != nil {
			return errorResponse(err)
		}
		if r.ContentLength > MaxBody {
			return errorResponse(errTooLarge)
		}
		return nil
	}
	return a.checkToken(r)
}

// match finds the route of method and escaped path.
func (a *API) match(method, path string) (route, string, bool) {
	segs, ok := splitPath(path)
	if !ok {
		return route{}, "", false
	}
	for _, rt := range a.routes {
		if rt.method != method || len(rt.segments) != len(segs) {
			continue
		}
		param, ok := "", true
		for i, s := range rt.segments {
			if strings.HasPrefix(s, "{") {
				v, err := url.PathUnescape(segs[i])
				if err != nil || v == "" {
					ok = false
					break
				}
				param = v
			} else if s != segs[i] {
				ok = false
				break
			}
		}
		if ok {
			return rt, param, true
		}
	}
	return route{}, "", false
}

// splitPath cuts a clean absolute path into its segments; a path with empty,
// "." or ".." segments (which net/http's mux would redirect) matches nothing.
func splitPath(path string) ([]string, bool) {
	if !strings.HasPrefix(path, "/") {
		return nil, false
	}
	segs := strings.Split(path[1:], "/")
	for _, s := range segs {
		if s == "" || s == "." || s == ".." {
			return nil, false
		}
	}
	return segs, true
}

// noRoute answers 405 when the path exists for another method, else 404.
func (a *API) noRoute(r *Request) *Response {
	for _, m := range []string{"GET", "POST", "PUT"} {
		if _, _, ok := a.match(m, r.Path); ok {
			resp := errorStatus(405, pc.Errorf(pc.CodeInvalidArgument, "%s %s is not allowed", r.Method, unescaped(r.Path)))
			resp.Header["Allow"] = m
			return resp
		}
	}
	return errorResponse(pc.Errorf(pc.CodeNotFound, "no route %s %s", r.Method, unescaped(r.Path)))
}

func unescaped(path string) string {
	if p, err := url.PathUnescape(path); err == nil {
		return p
	}
	return path
}

func (a *API) health(context.Context, *Request, string) *Response {
	return jsonResponse(200, []byte(`{"status":"ok"}`))
}
