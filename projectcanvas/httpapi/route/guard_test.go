package route

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// guardCases is testdata/guard_cases.json, the one table of the Host,
// Origin, body size and token rules: the plugin's HTTP server, which
// refuses before its core is asked (plugin/src/commands/httpServer.ts), runs it too.
type guardCases struct {
	Token string `json:"token"`
	Cases []struct {
		Path    string            `json:"path"`
		Headers map[string]string `json:"headers"`
		Status  int               `json:"status"` // 0: let through
		Code    string            `json:"code"`
	} `json:"cases"`
}

func TestGuardCases(t *testing.T) {
	data, err := os.ReadFile("testdata/guard_cases.json")
	require.NoError(t, err)
	var table guardCases
	require.NoError(t, json.Unmarshal(data, &table))
	require.Greater(t, len(table.Cases), 30)
	p, err := pc.Open(memfs.New(nil))
	require.NoError(t, err)
	api := New(tools.New(), &tools.Env{Project: p}, WithToken(table.Token))
	for _, c := range table.Cases {
		path, query, _ := strings.Cut(c.Path, "?")
		req := &Request{Method: "GET", Path: path, RawQuery: query, Host: c.Headers["host"], Header: map[string]string{}, ContentLength: -1}
		for k, v := range c.Headers {
			switch k {
			case "host":
			case "content-length": // as net/http reads it
				req.ContentLength, err = strconv.ParseInt(v, 10, 64)
				require.NoError(t, err)
			default:
				req.Header[k] = v
			}
		}
		resp := api.Serve(context.Background(), req)
		want := c.Status
		if want == 0 {
			want = 200
		}
		if assert.Equal(t, want, resp.Status, "%s %v: %s", c.Path, c.Headers, resp.Body) && c.Code != "" {
			assert.Contains(t, string(resp.Body), `"code":"`+c.Code+`"`, "%s %v", c.Path, c.Headers)
		}
	}
}
