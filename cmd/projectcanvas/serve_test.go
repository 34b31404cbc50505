package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/watch"
)

const testToken = "test-token"

// testServer is a `projectcanvas serve` running in this process on a free
// loopback port.
type testServer struct {
	*server
	cancel context.CancelFunc
	done   chan error
	client *http.Client
}

func startTestServer(t testing.TB, vault string) *testServer {
	t.Helper()
	var stderr lockedBuffer
	c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &stderr, getenv: func(string) string { return "" }, vaultDir: vault, registry: tools.New()}
	ctx, cancel := context.WithCancel(context.Background())
	s, err := startServer(ctx, c, "127.0.0.1:0", testToken)
	require.NoError(t, err)
	ts := &testServer{server: s, cancel: cancel, done: make(chan error, 1), client: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	go func() { ts.done <- s.wait(ctx) }()
	t.Cleanup(func() { ts.stop(t) })
	return ts
}

// stop shuts the server down as SIGINT would; it may be called twice.
func (ts *testServer) stop(t testing.TB) {
	ts.cancel()
	if ts.done != nil {
		require.NoError(t, <-ts.done)
		ts.done = nil
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// do sends one authorized request and decodes the JSON answer.
func (ts *testServer) do(ctx context.Context, method, path string, body any) (int, map[string]any, error) {
	var r io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, ts.url+path, r)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+testToken)
	resp, err := ts.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return resp.StatusCode, nil, err
	}
	return resp.StatusCode, out, nil
}

func TestServeAndShutDown(t *testing.T) {
	vault := t.TempDir()
	ts := startTestServer(t, vault)
	resp, err := http.Get(ts.url + "/health")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)

	status, out, err := ts.do(context.Background(), "POST", "/entities", map[string]any{"type": "milestone", "data": map[string]any{"title": "Beta"}})
	require.NoError(t, err)
	assert.Equal(t, 201, status, out)

	var banner bytes.Buffer
	ts.printBanner(&banner)
	for _, want := range []string{ts.url, ts.url + "/mcp", testToken, "TOKEN=" + testToken, `curl -H "Authorization: Bearer $TOKEN"`, "/commands", "/commands/{id}", `"mcpServers"`, `"mcp"`} {
		assert.Contains(t, banner.String(), want)
	}

	ts.stop(t)
	_, err = http.Get(ts.url + "/health")
	assert.Error(t, err, "the listener is closed after shutdown")
}

// Writes in flight when the signal arrives are finished, not cut: every
// create that was answered 201 is on disk, and nothing else is.
func TestShutdownFinishesWritesInFlight(t *testing.T) {
	vault := t.TempDir()
	ts := startTestServer(t, vault)
	var wg sync.WaitGroup
	var mu sync.Mutex
	created := 0
	first := make(chan struct{})
	var once sync.Once
	for i := range 40 {
		wg.Go(func() {
			status, _, err := ts.do(context.Background(), "POST", "/entities", map[string]any{"type": "feature", "data": map[string]any{"title": fmt.Sprintf("Feature %d", i)}})
			if err == nil && status == 201 {
				mu.Lock()
				created++
				mu.Unlock()
				once.Do(func() { close(first) })
			}
		})
	}
	<-first // the first write is done, others are in flight
	ts.stop(t)
	wg.Wait()
	fsys, err := osfs.New(vault)
	require.NoError(t, err)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	assert.Equal(t, created, p.Len(), "every answered create is on disk, and only those")
	assert.Empty(t, p.Problems())
	t.Logf("%d of 40 creates answered before the shutdown", created)
}

// Under serve, the document search index follows the vault: a markdown file
// edited by hand (in an editor, by git) is found by search_docs without a
// rebuild, msrl_status shows the watcher, and the index's cache is saved
// when the server stops.
func TestServeSearchDocsFollowsHandEdits(t *testing.T) {
	vault := t.TempDir()
	note := filepath.Join(vault, "Notes", "Kitchen.md")
	require.NoError(t, os.MkdirAll(filepath.Dir(note), 0o755))
	require.NoError(t, os.WriteFile(note, []byte("# Kitchen\nWe bake apple pie on Sundays.\n"), 0o644))
	ts := startTestServer(t, vault)
	ctx := context.Background()

	tool := func(name string, args map[string]any) map[string]any {
		t.Helper()
		status, out, err := ts.do(ctx, "POST", "/tools/"+name, args)
		require.NoError(t, err)
		require.Equal(t, 200, status, out)
		return out
	}
	// search_docs always ranks every section (by vector similarity too), so
	// the checks look at what is found first, and at the excerpts.
	excerpts := func(query string) (docs []string, text string) {
		res, _ := tool("search_docs", map[string]any{"query": query})["results"].([]any)
		for _, r := range res {
			docs = append(docs, r.(map[string]any)["doc_uri"].(string))
			text += r.(map[string]any)["excerpt"].(string)
		}
		return docs, text
	}
	firstDoc := func(query string) string {
		docs, _ := excerpts(query)
		if len(docs) == 0 {
			return ""
		}
		return docs[0]
	}
	assert.Equal(t, "Notes/Kitchen.md", firstDoc("apple pie"), "searches wait for the first build")
	st := tool("msrl_status", nil)
	assert.Equal(t, "ready", st["state"])
	assert.Equal(t, true, st["watcher"].(map[string]any)["active"])
	assert.Equal(t, 1.0, st["stats"].(map[string]any)["doc_count"])

	require.NoError(t, os.WriteFile(note, []byte("# Kitchen\nWe grill zucchini casserole on Mondays.\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(vault, "Garden.md"), []byte("# Garden\nTomatoes need sun.\n"), 0o644))
	require.Eventually(t, func() bool {
		return firstDoc("zucchini casserole") == "Notes/Kitchen.md" && firstDoc("tomatoes sun") == "Garden.md"
	}, 5*time.Second, 10*time.Millisecond, "hand edits reach search_docs")
	_, text := excerpts("apple pie")
	assert.NotContains(t, text, "apple", "the old text is gone")
	st = tool("msrl_status", nil)
	assert.NotNil(t, st["watcher"].(map[string]any)["last_event"])
	assert.Equal(t, 2.0, st["stats"].(map[string]any)["doc_count"])

	require.NoError(t, os.Remove(filepath.Join(vault, "Garden.md")))
	require.Eventually(t, func() bool {
		docs, _ := excerpts("tomatoes sun")
		return !slices.Contains(docs, "Garden.md")
	}, 5*time.Second, 10*time.Millisecond, "a deleted file leaves the index")

	ts.stop(t)
	_, err := os.Stat(filepath.Join(vault, filepath.FromSlash(docsearch.CachePath)))
	assert.NoError(t, err, "the index cache is saved at shutdown")
}

func TestTokenResolution(t *testing.T) {
	vault := t.TempDir()
	env := map[string]string{"PROJECTCANVAS_CONFIG_DIR": t.TempDir()}
	getenv := func(k string) string { return env[k] }

	tok, from, err := resolveToken("flag-token", getenv, vault)
	require.NoError(t, err)
	assert.Equal(t, "flag-token", tok)
	assert.Equal(t, "--token", from)

	env["PROJECTCANVAS_TOKEN"] = "env-token"
	tok, _, err = resolveToken("", getenv, vault)
	require.NoError(t, err)
	assert.Equal(t, "env-token", tok)

	delete(env, "PROJECTCANVAS_TOKEN")
	generated, from, err := resolveToken("", getenv, vault)
	require.NoError(t, err)
	assert.Len(t, generated, 64)
	assert.Contains(t, from, "(new)")

	again, _, err := resolveToken("", getenv, vault)
	require.NoError(t, err)
	assert.Equal(t, generated, again, "the stored token is reused")
}

func TestServeUsage(t *testing.T) {
	r := runCLI(t, nil, "", "--vault", t.TempDir(), "serve", "extra")
	assert.Equal(t, exitUsage, r.code)
	r = runCLI(t, nil, "", "--vault", t.TempDir(), "serve", "--addr", "256.0.0.1:1")
	assert.Equal(t, exitToolError, r.code)
	r = runCLI(t, nil, "", "--vault", t.TempDir(), "mcp", "extra")
	assert.Equal(t, exitUsage, r.code)
}

// serve answers this machine only: an address another machine could reach
// is refused at start, saying why, rather than served with a 403 to all.
func TestServeRefusesNonLoopbackAddress(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:12399", ":12399", "[::]:12399", "192.168.1.10:12399", "example.com:12399", "nonsense"} {
		r := runCLI(t, nil, "", "--vault", t.TempDir(), "serve", "--addr", addr)
		assert.Equal(t, exitToolError, r.code, addr)
		assert.Contains(t, r.stderr, "is not a loopback address: serve answers this machine only", addr)
		assert.Empty(t, r.stdout, "nothing was served: %s", addr)
	}
}

// A burst the watcher answers with a full rebuild moves msrl_status's
// last_event, as single events do.
func TestBurstMovesLastEvent(t *testing.T) {
	fsys := memfs.New(map[string]string{"a.md": "# A\n\nalpha\n"})
	clock := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	docs := docsearch.New(fsys, docsearch.WithCache(""), docsearch.WithClock(func() time.Time { return clock }))
	require.NoError(t, docs.Rebuild(context.Background()))
	assert.True(t, docs.Status().LastEvent.IsZero())
	require.NoError(t, followDocs(context.Background(), docs, watch.Sync{Names: []string{"a.md"}, Files: 1}))
	assert.Equal(t, clock, docs.Status().LastEvent)
	clock = clock.Add(time.Minute)
	require.NoError(t, followDocs(context.Background(), docs, watch.Sync{Reloaded: true}))
	assert.Equal(t, clock, docs.Status().LastEvent, "the burst is the last event")
}
