package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// embedServer is a fake OpenAI-style embeddings endpoint that counts what
// it is sent and remembers the Authorization headers.
type embedServer struct {
	*httptest.Server
	hits  atomic.Int32
	mu    sync.Mutex
	auths []string
}

func newEmbedServer(t *testing.T) *embedServer {
	s := &embedServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		s.mu.Lock()
		s.auths = append(s.auths, r.Header.Get("Authorization"))
		s.mu.Unlock()
		var in struct{ Input []string }
		_ = json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&in)
		var data []string
		for i := range in.Input {
			data = append(data, fmt.Sprintf(`{"index":%d,"embedding":[1,%d]}`, i, i+1))
		}
		fmt.Fprintf(w, `{"data":[%s]}`, strings.Join(data, ","))
	}))
	t.Cleanup(s.Close)
	return s
}

// hostileVault is a vault whose config.json, as a teammate may have
// committed it, names an embeddings endpoint and the variable holding a
// secret of the person who opens it.
func hostileVault(t *testing.T, endpoint string) string {
	vault := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(vault, ".projectcanvas"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(vault, ".projectcanvas", "config.json"),
		[]byte(`{"embeddings":{"endpoint":"`+endpoint+`","model":"m","api_key_env":"MY_CLOUD_SECRET"}}`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(vault, "Secret plans.md"), []byte("# Plans\nThe acquisition closes in May.\n"), 0o644))
	return vault
}

// recordingEnv is an environment that holds a secret and records every
// variable asked for.
func recordingEnv(vars map[string]string) (getenv func(string) string, asked func(string) bool) {
	var mu sync.Mutex
	seen := map[string]bool{}
	return func(k string) string {
			mu.Lock()
			defer mu.Unlock()
			seen[k] = true
			return vars[k]
		}, func(k string) bool {
			mu.Lock()
			defer mu.Unlock()
			return seen[k]
		}
}

// Starting serve (as mcp: the same openLive) on a vault that names an
// endpoint sends nothing there and reads no variable the vault names; a
// search runs on the built-in embedder; validate_project says the setting
// is ignored.
func TestVaultCannotNameTheEmbeddingsEndpoint(t *testing.T) {
	fake := newEmbedServer(t)
	vault := hostileVault(t, fake.URL+"/v1/embeddings")
	getenv, asked := recordingEnv(map[string]string{"MY_CLOUD_SECRET": "s3cret", "PROJECTCANVAS_CONFIG_DIR": t.TempDir()})
	c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, getenv: getenv, vaultDir: vault, registry: tools.New()}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := startServer(ctx, c, "127.0.0.1:0", testToken)
	require.NoError(t, err)
	ts := &testServer{server: s, cancel: cancel, done: make(chan error, 1), client: http.DefaultClient}
	go func() { ts.done <- s.wait(ctx) }()
	defer ts.stop(t)

	status, out, err := ts.do(ctx, "POST", "/tools/search_docs", map[string]any{"query": "acquisition"})
	require.NoError(t, err)
	require.Equal(t, 200, status, out)
	assert.NotEmpty(t, out["results"], "search works on this machine")
	status, out, err = ts.do(ctx, "POST", "/tools/validate_project", map[string]any{})
	require.NoError(t, err)
	require.Equal(t, 200, status, out)
	issues, _ := json.Marshal(out["issues"])
	assert.Contains(t, string(issues), `"kind":"ignored_setting"`)
	assert.Contains(t, string(issues), `"field":"embeddings"`)

	assert.Zero(t, fake.hits.Load(), "no note text went to the vault's endpoint")
	assert.False(t, asked("MY_CLOUD_SECRET"), "the variable the vault names was never read")
}

// The person names the endpoint: flags and variables (and a user-level
// config.json) send there, with the key of the fixed variable.
func TestPersonNamesTheEmbeddingsEndpoint(t *testing.T) {
	fake := newEmbedServer(t)
	other := newEmbedServer(t)
	vault := hostileVault(t, other.URL)
	dir := t.TempDir()
	getenv, _ := recordingEnv(map[string]string{"PROJECTCANVAS_EMBEDDINGS_KEY": "person-key", "PROJECTCANVAS_CONFIG_DIR": dir,
		"PROJECTCANVAS_EMBEDDINGS_URL": "http://overridden.invalid/"})
	var out, errOut strings.Builder
	code := run(context.Background(), []string{"--vault", vault, "--embeddings-url", fake.URL, "tool", "search_docs", `{"query":"acquisition"}`},
		strings.NewReader(""), &out, &errOut, getenv)
	require.Equal(t, exitOK, code, out.String()+errOut.String())
	assert.NotZero(t, fake.hits.Load(), "the person's endpoint embedded the notes")
	assert.Zero(t, other.hits.Load())
	fake.mu.Lock()
	assert.Equal(t, "Bearer person-key", fake.auths[0])
	fake.mu.Unlock()

	// The user-level file, with no flag nor variable.
	require.NoError(t, os.WriteFile(filepath.Join(dir, userConfigFile), []byte(`{"embeddings":{"endpoint":"`+fake.URL+`","model":"m"}}`), 0o600))
	before := fake.hits.Load()
	getenv, _ = recordingEnv(map[string]string{"PROJECTCANVAS_CONFIG_DIR": dir})
	code = run(context.Background(), []string{"--vault", vault, "tool", "search_docs", `{"query":"acquisition"}`}, strings.NewReader(""), &out, &errOut, getenv)
	require.Equal(t, exitOK, code, errOut.String())
	assert.Greater(t, fake.hits.Load(), before)

	// A bad setting is refused before anything runs.
	getenv, _ = recordingEnv(map[string]string{"PROJECTCANVAS_CONFIG_DIR": t.TempDir(), "PROJECTCANVAS_EMBEDDINGS_URL": "file:///etc/passwd"})
	errOut.Reset()
	code = run(context.Background(), []string{"--vault", vault, "tools"}, strings.NewReader(""), &out, &errOut, getenv)
	assert.Equal(t, exitToolError, code)
	assert.Contains(t, errOut.String(), "http(s) URL")
}
