package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpapi"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

const token = "s3cret-token"

// newServer serves the API over a real socket on a fresh in-memory vault.
func newServer(t *testing.T) (*httptest.Server, *memfs.FS) {
	t.Helper()
	fsys := memfs.New(nil)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	srv := httptest.NewServer(httpapi.New(tools.New(), &tools.Env{Project: p}, httpapi.WithToken(token)))
	t.Cleanup(srv.Close)
	return srv, fsys
}

type reply struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

func (r reply) code() string {
	e, _ := r.body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

func do(t *testing.T, srv *httptest.Server, method, path, body string, edit ...func(*http.Request)) reply {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	for _, e := range edit {
		e(req)
	}
	resp, err := srv.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	r := reply{status: resp.StatusCode, header: resp.Header, raw: string(data)}
	if len(bytes.TrimSpace(data)) > 0 {
		require.NoError(t, json.Unmarshal(data, &r.body), "%s %s: %s", method, path, data)
	}
	return r
}

func seed(t *testing.T, srv *httptest.Server) {
	t.Helper()
	for _, body := range []string{
		`{"type":"milestone","data":{"title":"Beta"}}`,
		`{"type":"story","data":{"title":"Sign-in","parent":"M-001"}}`,
		`{"type":"task","data":{"title":"Form","parent":"S-001"}}`,
		`{"type":"task","data":{"title":"API","parent":"S-001","depends_on":["T-001"]}}`,
	} {
		r := do(t, srv, "POST", "/entities", body)
		require.Equal(t, http.StatusCreated, r.status, r.raw)
	}
}

func TestRoutesAndStatuses(t *testing.T) {
	srv, fsys := newServer(t)
	seed(t, srv)
	noAuth := func(r *http.Request) { r.Header.Del("Authorization") }
	wrongAuth := func(r *http.Request) { r.Header.Set("Authorization", "Bearer nope") }
	foreignHost := func(r *http.Request) { r.Host = "evil.example:12312" }
	webOrigin := func(r *http.Request) { r.Header.Set("Origin", "https://evil.example") }
	tests := []struct {
		name, method, path, body string
		edit                     func(*http.Request)
		status                   int
		code                     string
	}{
		{"health needs no token", "GET", "/health", "", noAuth, 200, ""},
		{"list", "GET", "/entities", "", nil, 200, ""},
		{"list filtered", "GET", "/entities?type=task&status=todo&max_items=1", "", nil, 200, ""},
		{"get", "GET", "/entities/T-001", "", nil, 200, ""},
		{"get fields", "GET", "/entities/T-001?fields=title,status", "", nil, 200, ""},
		{"create", "POST", "/entities", `{"type":"feature","data":{"title":"Export"}}`, nil, 201, ""},
		{"update", "PUT", "/entities/T-001", `{"status":"wip"}`, nil, 200, ""},
		{"tools", "GET", "/tools", "", nil, 200, ""},
		{"call a tool", "POST", "/tools/get_entity", `{"id":"M-001"}`, nil, 200, ""},
		{"no token", "GET", "/entities", "", noAuth, 401, "unauthorized"},
		{"wrong token", "GET", "/entities", "", wrongAuth, 401, "unauthorized"},
		{"wrong token on a tool", "POST", "/tools/get_entity", `{"id":"M-001"}`, wrongAuth, 401, "unauthorized"},
		{"foreign host", "GET", "/entities", "", foreignHost, 403, "forbidden"},
		{"foreign host on health", "GET", "/health", "", foreignHost, 403, "forbidden"},
		{"web origin", "POST", "/entities", `{"type":"feature","data":{"title":"CSRF"}}`, webOrigin, 403, "forbidden"},
		{"unknown entity", "GET", "/entities/T-999", "", nil, 404, "not_found"},
		{"unknown tool", "POST", "/tools/no_such_tool", `{}`, nil, 404, "not_found"},
		{"unknown route", "GET", "/nope", "", nil, 404, "not_found"},
		{"wrong method", "DELETE", "/entities/T-001", "", nil, 405, "invalid_argument"},
		{"cycle", "PUT", "/entities/T-001", `{"add_dependencies":["T-002"]}`, nil, 409, "cycle"},
		{"orphan", "POST", "/entities", `{"type":"story","data":{"title":"Stray"}}`, nil, 422, "orphan"},
		{"invalid transition", "PUT", "/entities/T-002", `{"status":"done"}`, nil, 422, "invalid_transition"},
		{"malformed body", "POST", "/entities", `{"type":`, nil, 400, "invalid_argument"},
		{"schema-failing body", "POST", "/entities", `{"type":"task","bogus":1}`, nil, 400, "invalid_argument"},
		{"id mismatch", "PUT", "/entities/T-001", `{"id":"T-002","status":"wip"}`, nil, 400, "invalid_argument"},
		{"bad archived", "GET", "/entities?archived=maybe", "", nil, 400, "invalid_argument"},
		{"unknown query", "GET", "/entities?colour=red", "", nil, 400, "invalid_argument"},
		{"too large", "POST", "/tools/get_entity", `{"id":"` + strings.Repeat("x", httpapi.MaxBody) + `"}`, nil, 413, "invalid_argument"},
		{"dot-dot id", "GET", "/entities/..%2F..%2Fetc%2Fpasswd", "", nil, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := fsys.Files()
			var edits []func(*http.Request)
			if tt.edit != nil {
				edits = append(edits, tt.edit)
			}
			r := do(t, srv, tt.method, tt.path, tt.body, edits...)
			if tt.status == 0 { // any refusal, as long as nothing changes
				assert.GreaterOrEqual(t, r.status, 400, r.raw)
			} else {
				assert.Equal(t, tt.status, r.status, r.raw)
				assert.Equal(t, tt.code, r.code(), r.raw)
			}
			if r.status >= 400 {
				assert.Equal(t, before, fsys.Files(), "a refused request changed the vault")
				assert.Equal(t, "application/json; charset=utf-8", r.header.Get("Content-Type"))
			}
			if r.status == 401 {
				assert.NotEmpty(t, r.header.Get("WWW-Authenticate"))
			}
		})
	}
	// The server keeps serving after every refusal.
	assert.Equal(t, 200, do(t, srv, "GET", "/entities/M-001", "").status)
}

func TestCreateAnswersLocation(t *testing.T) {
	srv, _ := newServer(t)
	r := do(t, srv, "POST", "/entities", `{"type":"milestone","data":{"title":"Beta"}}`)
	require.Equal(t, 201, r.status, r.raw)
	assert.Equal(t, "/entities/M-001", r.header.Get("Location"))
	got := do(t, srv, "GET", r.header.Get("Location"), "")
	assert.Equal(t, 200, got.status)
	assert.Equal(t, "Beta", got.body["title"])
}

func TestListPaginates(t *testing.T) {
	srv, _ := newServer(t)
	for range 5 {
		require.Equal(t, 201, do(t, srv, "POST", "/entities", `{"type":"feature","data":{"title":"F"}}`).status)
	}
	var seen []string
	path := "/entities?type=feature&max_items=2"
	for range 10 {
		r := do(t, srv, "GET", path, "")
		require.Equal(t, 200, r.status, r.raw)
		for _, item := range r.body["results"].([]any) {
			seen = append(seen, item.(map[string]any)["id"].(string))
		}
		next, ok := r.body["next_cursor"].(string)
		if !ok {
			assert.Equal(t, false, r.body["has_more"])
			break
		}
		assert.NotContains(t, r.body, "continuation_token")
		path = "/entities?type=feature&max_items=2&cursor=" + next
	}
	assert.Equal(t, []string{"F-001", "F-002", "F-003", "F-004", "F-005"}, seen)
	assert.Equal(t, 400, do(t, srv, "GET", "/entities?cursor=garbage!", "").status)
}

func TestToolsListsTheRegistry(t *testing.T) {
	srv, _ := newServer(t)
	r := do(t, srv, "GET", "/tools", "")
	require.Equal(t, 200, r.status)
	listed := r.body["tools"].([]any)
	require.Len(t, listed, len(tools.New().Tools()))
	for _, item := range listed {
		tool := item.(map[string]any)
		assert.NotEmpty(t, tool["name"])
		assert.NotNil(t, tool["inputSchema"])
	}
}

func TestNoTokenConfiguredRefusesEverything(t *testing.T) {
	p, err := pc.Open(memfs.New(nil))
	require.NoError(t, err)
	srv := httptest.NewServer(httpapi.New(tools.New(), &tools.Env{Project: p}))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/entities", nil)
	req.Header.Set("Authorization", "Bearer ")
	resp, err := srv.Client().Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 401, resp.StatusCode)
}

func TestStatusCoversEveryCode(t *testing.T) {
	for code, want := range map[pc.Code]int{
		pc.CodeInvalidArgument: 400, pc.CodeMissingField: 422, pc.CodeOrphan: 422, pc.CodeInvalidTransition: 422,
		pc.CodeCycle: 409, pc.CodeConflict: 409, pc.CodeNotFound: 404, pc.CodeUnauthorized: 401,
		pc.CodeForbidden: 403, pc.CodeInternal: 500,
	} {
		assert.Equal(t, want, httpapi.Status(code), code)
	}
}

func TestHostAndOriginRules(t *testing.T) {
	srv, _ := newServer(t)
	for _, tt := range []struct {
		host, origin string
		status       int
	}{
		{"127.0.0.1:12312", "", 200},
		{"localhost:12312", "", 200},
		{"LOCALHOST", "", 200},
		{"[::1]:12312", "", 200},
		{"127.0.0.2", "", 200},
		{"127.0.0.1.evil.example", "", 403},
		{"localhost.evil.example:12312", "", 403},
		{"10.0.0.1:12312", "", 403},
		{"127.0.0.1:12312", "app://obsidian.md", 200},
		{"127.0.0.1:12312", "https://evil.example", 403},
		{"127.0.0.1:12312", "http://127.0.0.1:3000", 403},
		{"127.0.0.1:12312", "http://[bad", 403},
		{"127.0.0.1:12312", "null", 403},
		{"127.0.0.1:12312", "file://", 403},
		{"127.0.0.1:12312", "file:///home/me/page.html", 403},
		{"127.0.0.1:12312", "chrome-extension://abcdefghijklmnop", 403},
		{"127.0.0.1:12312", "moz-extension://0d3c9a1e-1111-2222-3333-444455556666", 403},
		{"127.0.0.1:12312", "safari-web-extension://x", 403},
		{"127.0.0.1:12312", "app:", 403},
	} {
		r := do(t, srv, "GET", "/health", "", func(r *http.Request) {
			r.Host = tt.host
			if tt.origin != "" {
				r.Header.Set("Origin", tt.origin)
			}
		})
		assert.Equal(t, tt.status, r.status, "host %q origin %q: %s", tt.host, tt.origin, r.raw)
	}
}

// Bodies of every shape get a 4xx with a code, never a dropped connection;
// PUT refuses what the tools refuse (a key given twice).
func TestHostileBodies(t *testing.T) {
	srv, fsys := newServer(t)
	seed(t, srv)
	before, _ := fsys.ReadFile("Projects/milestones/M-001 Beta.md")
	deep := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	for _, route := range [][2]string{{"PUT", "/entities/M-001"}, {"POST", "/entities"}, {"POST", "/tools/update_entity"}, {"POST", "/tools/search_entities"}} {
		for _, body := range []string{"null", "[]", `"x"`, "1", "true", "[1]", "{", deep, strings.Repeat(" ", 2<<20),
			`{"status":"wip","status":"done"}`, `{"id":"M-001","id":"M-001","status":"wip"}`, `{"data":{"title":"a","title":"b"}}`} {
			if body == "null" && route[1] == "/tools/search_entities" {
				continue // null arguments are no arguments, for every tool and host
			}
			r := do(t, srv, route[0], route[1], body)
			assert.True(t, r.status >= 400 && r.status < 500, "%s %s %.30q: %d %s", route[0], route[1], body, r.status, r.raw)
			assert.NotEmpty(t, r.code(), "%s %s %.30q: %s", route[0], route[1], body, r.raw)
		}
	}
	after, _ := fsys.ReadFile("Projects/milestones/M-001 Beta.md")
	assert.Equal(t, string(before), string(after), "nothing written")
	// An empty object still updates nothing and answers the entity; the
	// body's own id must be the path's.
	assert.Equal(t, 200, do(t, srv, "PUT", "/entities/M-001", "{ }").status)
	assert.Equal(t, 200, do(t, srv, "PUT", "/entities/M-001", `{"id":"M-001","status":"wip"}`).status)
	assert.Equal(t, "invalid_argument", do(t, srv, "PUT", "/entities/M-001", `{"id":"M-002"}`).code())
}

// The authorization scheme is case-insensitive (RFC 9110 §11.1).
func TestBearerSchemeAnyCase(t *testing.T) {
	srv, _ := newServer(t)
	for _, auth := range []string{"Bearer " + token, "bearer " + token, "BEARER " + token, "  bEaReR   " + token} {
		r := do(t, srv, "GET", "/entities", "", func(r *http.Request) { r.Header.Set("Authorization", auth) })
		assert.Equal(t, 200, r.status, "%q: %s", auth, r.raw)
	}
	for _, auth := range []string{"Basic " + token, "Bearer", "Bearer wrong", token, "Bearer" + token} {
		r := do(t, srv, "GET", "/entities", "", func(r *http.Request) { r.Header.Set("Authorization", auth) })
		assert.Equal(t, 401, r.status, "%q: %s", auth, r.raw)
	}
}
