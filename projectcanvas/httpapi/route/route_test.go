package route

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// The routes are tested over real sockets through package httpapi; these
// cover what only a host calling Serve directly (the WASM bridge) can send.
func TestServeWithoutNetHTTP(t *testing.T) {
	p, err := pc.Open(memfs.New(nil))
	require.NoError(t, err)
	env := &tools.Env{Project: p}
	_, err = tools.New().Dispatch(context.Background(), env, "create_entity", []byte(`{"type":"milestone","data":{"title":"Beta"}}`))
	require.NoError(t, err)
	api := New(tools.New(), env, WithToken("t"))
	auth := map[string]string{"authorization": "Bearer t"} // any case
	for _, tt := range []struct {
		name, method, path, query, body string
		header                          map[string]string
		status                          int
		allow                           string
	}{
		{"get, header name in lower case", "GET", "/entities/M-001", "", "", auth, 200, ""},
		{"escaped id", "GET", "/entities/M%2D001", "", "", auth, 200, ""},
		{"head is get", "HEAD", "/health", "", "", nil, 200, ""},
		{"query", "GET", "/entities", "type=milestone&max_items=1", "", auth, 200, ""},
		{"unclean path", "GET", "/entities/./M-001", "", "", auth, 404, ""},
		{"double slash", "GET", "//entities", "", "", auth, 404, ""},
		{"trailing slash", "GET", "/entities/", "", "", auth, 404, ""},
		{"no leading slash", "GET", "entities", "", "", auth, 404, ""},
		{"wrong method", "DELETE", "/entities", "", "", auth, 405, "GET"},
		{"wrong method on a tool", "GET", "/tools/get_entity", "", "", auth, 405, "POST"},
		{"404 before 401", "GET", "/nope", "", "", nil, 404, ""},
		{"no token", "GET", "/tools", "", "", nil, 401, ""},
		{"body over the limit, length unknown", "POST", "/tools/get_entity", "", `{"id":"` + strings.Repeat("x", MaxBody) + `"}`, auth, 413, ""},
		{"body not JSON", "POST", "/tools/get_entity", "", `{`, auth, 400, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := &Request{Method: tt.method, Path: tt.path, RawQuery: tt.query, Host: "127.0.0.1:12312",
				Header: tt.header, Body: strings.NewReader(tt.body), ContentLength: -1}
			resp := api.Serve(context.Background(), req)
			assert.Equal(t, tt.status, resp.Status, "%s", resp.Body)
			assert.True(t, json.Valid(resp.Body), "%s", resp.Body)
			assert.Equal(t, "application/json; charset=utf-8", resp.Header["Content-Type"])
			assert.Equal(t, tt.allow, resp.Header["Allow"])
		})
	}
}

func TestLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"127.0.0.1": true, "127.0.0.1:80": true, "localhost": true, "LocalHost:1": true, "[::1]": true,
		"[::1]:12312": true, "::1": true, "[::ffff:127.0.0.1]:1": true, "127.255.0.9": true,
		"": false, "10.0.0.1": false, "[::1%lo]:1": false, "localhost.evil": false, "[::1]evil": false,
		"127.0.0.1.evil.example": false, "::2": false, "[fe80::1]:1": false,
	} {
		assert.Equal(t, want, LoopbackHost(host), host)
	}
}
