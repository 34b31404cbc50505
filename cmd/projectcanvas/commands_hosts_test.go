package main

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	"io"
	"net/http"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/wasm/bridge"
)

// hostSteps are editor commands run in turn on the example vault through
// every host; writes come first, so that later answers see them.
var hostSteps = []struct{ id, input string }{
	{"populate-canvas-from-vault", `{}`},
	{"reposition-canvas-nodes", `{}`},
	{"search-entity-on-canvas", `{"query":"login"}`},
	{"focus-in-progress", `{}`},
	{"navigate-to-children", `{"id":"M-001"}`},
	{"navigate-to-parent", `{"node_id":"entity-T-002"}`},
	{"set-feature-phase", `{"id":"F-001","phase":"2"}`},
	{"open-feature-coverage", `{"gap":"tests"}`},
	{"suggest-feature-links", `{"max_per_feature":99}`},
	{"reconcile-relationships", `{"dry_run":true}`},
	{"navigate-to-parent", `{"id":"T-999"}`},
	{"search-entity-on-canvas", `{"query":""}`},
	{"no-such-command", `{}`},
}

// timestamps differ between runs: the hosts write at different instants.
var timestamp = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)

func normalized(t *testing.T, data []byte) string {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal(data, &v), "%s", data)
	out, err := json.Marshal(v)
	require.NoError(t, err)
	return timestamp.ReplaceAllString(string(out), "TIME")
}

func copyExampleVault(t *testing.T) string {
	return examplevault.Copy(t)
}

// The CLI, the HTTP API and the WebAssembly bridge answer every command the
// same: one registry behind three hosts.
func TestCommandsAnswerTheSameOnEveryHost(t *testing.T) {
	cliDir, httpDir := copyExampleVault(t), copyExampleVault(t)

	var files []map[string]string
	for name, content := range examplevault.Files(t) {
		files = append(files, map[string]string{"path": name, "content": content})
	}
	b := bridge.New()
	load, _ := json.Marshal(map[string]any{"files": files})
	_, err := b.Call(context.Background(), "load", load)
	require.NoError(t, err)

	ts := startTestServer(t, httpDir)
	for _, step := range hostSteps {
		r := runCLI(t, nil, "", "--vault", cliDir, "command", step.id, step.input)
		viaCLI := r.stdout
		if r.code == exitUsage {
			viaCLI = string(tools.ErrorJSON(pc.Errorf(pc.CodeNotFound, "unknown command %q; GET /commands (or `projectcanvas commands`) lists them", step.id).With("command", step.id)))
		}

		req, err := http.NewRequest("POST", ts.url+"/commands/"+step.id, bytes.NewReader([]byte(step.input)))
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+testToken)
		resp, err := ts.client.Do(req)
		require.NoError(t, err)
		viaHTTP, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)

		in, _ := json.Marshal(map[string]any{"id": step.id, "arguments": json.RawMessage(step.input)})
		out, err := b.Call(context.Background(), "command", in)
		var viaBridge []byte
		if err != nil {
			viaBridge = tools.ErrorJSON(err)
		} else {
			var answer struct {
				Result json.RawMessage `json:"result"`
			}
			require.NoError(t, json.Unmarshal(out, &answer))
			viaBridge = answer.Result
		}

		want := normalized(t, []byte(viaCLI))
		assert.Equal(t, want, normalized(t, viaHTTP), "%s over HTTP", step.id)
		assert.Equal(t, want, normalized(t, viaBridge), "%s through the bridge", step.id)
		if r.code == exitOK {
			assert.Equal(t, http.StatusOK, resp.StatusCode, step.id)
		} else {
			assert.GreaterOrEqual(t, resp.StatusCode, 400, step.id)
		}
	}

	// The lists agree too.
	r := runCLI(t, nil, "", "--vault", cliDir, "commands", "--json")
	require.Equal(t, exitOK, r.code)
	status, listed, err := ts.do(context.Background(), "GET", "/commands", nil)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, status)
	viaHTTP, _ := json.Marshal(listed)
	out, err := b.Call(context.Background(), "commands", []byte(`{}`))
	require.NoError(t, err)
	assert.Equal(t, normalized(t, []byte(r.stdout)), normalized(t, viaHTTP))
	assert.Equal(t, normalized(t, []byte(r.stdout)), normalized(t, out))
	assert.Len(t, listed["commands"], 32, "the spec's 29, migrate, describe-entity and describe-canvas")
}
