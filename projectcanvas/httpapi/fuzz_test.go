package httpapi_test

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpapi"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// FuzzAPI sends arbitrary requests: every answer is JSON with a status below
// 500, whatever the method, path, query, body and guard headers (Host,
// Origin, Authorization), and the guard holds: without the token nothing
// but /health answers 2xx.
func FuzzAPI(f *testing.F) {
	for _, seed := range [][3]string{
		{"GET", "/entities?type=task&max_items=5&cursor=Mg", ""},
		{"POST", "/entities", `{"type":"milestone","data":{"title":"x"}}`},
		{"PUT", "/entities/M-001", `{"status":"wip"}`},
		{"POST", "/tools/search_entities", `{"query":"x"}`},
		{"GET", "/entities/..%2f..", ""},
		{"PUT", "/entities/M-001", `[1]`},
		{"PUT", "/entities/M-001", `null`},
		{"PUT", "/entities/M-001", `{"status":"wip","status":"done"}`},
		{"POST", "/tools/update_entity", `null`},
	} {
		f.Add(seed[0], seed[1], seed[2], "127.0.0.1", "", "Bearer t")
	}
	project, err := pc.Open(memfs.New(nil))
	if err != nil {
		f.Fatal(err)
	}
	api := httpapi.New(tools.New(), &tools.Env{Project: project}, httpapi.WithToken("t"))
	f.Add("GET", "/entities", "", "localhost:1", "app://obsidian.md", "bearer t")
	f.Add("GET", "/entities", "", "127.0.0.1", "null", "Bearer t")
	f.Add("PUT", "/entities/M-001", "null", "[::1]", "", "BEARER  t")
	f.Fuzz(func(t *testing.T, method, target, body, host, origin, auth string) {
		switch method {
		case "GET", "POST", "PUT", "DELETE":
		default:
			return
		}
		if !strings.HasPrefix(target, "/") || strings.ContainsAny(target, " \r\n\t#") {
			return
		}
		if _, err := url.ParseRequestURI(target); err != nil {
			return // not a request a client could send
		}
		if strings.ContainsAny(host+origin+auth, "\r\n\x00") {
			return // not a header a client could send
		}
		req := httptest.NewRequest(method, "http://127.0.0.1"+target, strings.NewReader(body))
		req.Host = host
		req.Header.Set("Authorization", auth)
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		rec := httptest.NewRecorder()
		api.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", method, target, body, rec.Code, rec.Body)
		}
		if !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("%s %s: not JSON: %s", method, target, rec.Body)
		}
		// What any authorized request must look like (a loose bound: the
		// bearer scheme, and the token last).
		authorized := strings.Contains(strings.ToLower(auth), "bearer") && strings.HasSuffix(strings.TrimSpace(auth), "t")
		if rec.Code < 300 && !authorized && !strings.HasPrefix(target, "/health") {
			t.Fatalf("%s %s with Authorization %q answered %d", method, target, auth, rec.Code)
		}
	})
}
