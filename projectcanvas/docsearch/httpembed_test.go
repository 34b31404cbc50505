package docsearch

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/projectcanvas/projectcanvas/projectcanvas/httpclient"
)

// fakeEndpoint serves OpenAI-style embeddings computed by the built-in
// embedder, so results are comparable; answer may replace the answer.
func fakeEndpoint(t *testing.T, answer func(w http.ResponseWriter, texts []string) bool) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	h := NewHashEmbedder(64)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req embedRequest
		if r.Method != http.MethodPost || json.NewDecoder(r.Body).Decode(&req) != nil || req.Model != "test-model" {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		if answer != nil && answer(w, req.Input) {
			return
		}
		var resp struct {
			Data []map[string]any `json:"data"`
		}
		for i, text := range req.Input {
			resp.Data = append(resp.Data, map[string]any{"index": i, "embedding": h.Vector(text)})
		}
		_ = json.NewEncoder(w).Encode(resp)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func TestHTTPEmbedder(t *testing.T) {
	srv, calls := fakeEndpoint(t, nil)
	e := &HTTPEmbedder{Endpoint: srv.URL, Model: "test-model", Transport: httpclient.New(), BatchSize: 2}
	vs, err := e.Embed(context.Background(), []string{"alpha", "bravo", "charlie", "delta", "echo"})
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 5 || len(vs[0]) != 64 || calls.Load() != 3 {
		t.Fatalf("got %d vectors of %d in %d calls", len(vs), len(vs[0]), calls.Load())
	}
	want := NewHashEmbedder(64).Vector("charlie")
	normalize(want) // the HTTP embedder normalizes what it receives
	for i := range want {
		if vs[2][i] != want[i] {
			t.Fatal("vectors out of order")
		}
	}
}

func TestHTTPEmbedderBadAnswers(t *testing.T) {
	tests := []struct {
		name   string
		answer string // JSON body with status 200, unless status is set
		status int
		want   string
	}{
		{"server error", `{"error":"model not loaded"}`, 500, "500"},
		{"not JSON", `<html>`, 0, "malformed JSON"},
		{"too few vectors", `{"data":[{"index":0,"embedding":[1,2]}]}`, 0, "1 vectors for 2 texts"},
		{"different lengths", `{"data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[1]}]}`, 0, "different lengths"},
		{"empty vector", `{"data":[{"index":0,"embedding":[]},{"index":1,"embedding":[]}]}`, 0, "different lengths"},
		{"zero vector", `{"data":[{"index":0,"embedding":[0,0]},{"index":1,"embedding":[1,0]}]}`, 0, "all-zero"},
		{"repeated index", `{"data":[{"index":0,"embedding":[1,0]},{"index":0,"embedding":[1,0]}]}`, 0, "repeated index"},
		{"index out of range", `{"data":[{"index":5,"embedding":[1,0]},{"index":0,"embedding":[1,0]}]}`, 0, "bad or repeated index"},
		{"huge value", `{"data":[{"index":0,"embedding":[1e300,0]},{"index":1,"embedding":[1,0]}]}`, 0, "non-finite"},
		{"strings", `{"data":[{"index":0,"embedding":["a"]},{"index":1,"embedding":[1,0]}]}`, 0, "malformed JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := fakeEndpoint(t, func(w http.ResponseWriter, _ []string) bool {
				if tt.status != 0 {
					w.WriteHeader(tt.status)
				}
				fmt.Fprint(w, tt.answer)
				return true
			})
			e := &HTTPEmbedder{Endpoint: srv.URL, Model: "test-model", Transport: httpclient.New()}
			_, err := e.Embed(context.Background(), []string{"x", "y"})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error with %q", err, tt.want)
			}
		})
	}
}

func TestHTTPEmbedderTimeout(t *testing.T) {
	release := make(chan struct{})
	srv, _ := fakeEndpoint(t, func(w http.ResponseWriter, _ []string) bool {
		<-release
		return true
	})
	defer close(release)
	e := &HTTPEmbedder{Endpoint: srv.URL, Model: "test-model", Transport: httpclient.New(), Timeout: 50 * time.Millisecond}
	start := time.Now()
	_, err := e.Embed(context.Background(), []string{"x"})
	if err == nil || time.Since(start) > 5*time.Second {
		t.Fatalf("got %v after %v", err, time.Since(start))
	}
}

var smallVault = map[string]string{
	"a.md": "# Deploy\nRoll back the release with the deploy script.\n",
	"b.md": "# Storage\nFiles are written atomically.\n",
}

// An endpoint that is down degrades the engine to BM25, says why, and
// still answers.
func TestEngineDegradesWhenEndpointDown(t *testing.T) {
	srv, _ := fakeEndpoint(t, nil)
	url := srv.URL
	srv.Close()
	e, _ := openMem(t, smallVault, WithCache(""), WithEmbedder(&HTTPEmbedder{Endpoint: url, Model: "test-model", Transport: httpclient.New(), Timeout: time.Second}))
	st := e.Status()
	if st.State != StateDegraded || !strings.Contains(st.Reason, "unreachable") {
		t.Fatalf("status %+v", st)
	}
	rs, err := e.Search(context.Background(), Query{Text: "rollback deploy"})
	if err != nil || len(rs) == 0 || rs[0].Doc != "a.md" || rs[0].VectorScore != 0 {
		t.Fatalf("got %+v, %v", rs, err)
	}
}

// An endpoint that fails only at query time answers that query by BM25.
func TestEngineQueryFallback(t *testing.T) {
	var fail atomic.Bool
	srv, _ := fakeEndpoint(t, func(w http.ResponseWriter, _ []string) bool {
		if fail.Load() {
			http.Error(w, "overloaded", http.StatusServiceUnavailable)
			return true
		}
		return false
	})
	e, _ := openMem(t, smallVault, WithCache(""), WithEmbedder(&HTTPEmbedder{Endpoint: srv.URL, Model: "test-model", Transport: httpclient.New()}))
	if st := e.Status(); st.State != StateReady {
		t.Fatalf("status %+v", st)
	}
	rs, _ := e.Search(context.Background(), Query{Text: "files written"})
	if len(rs) == 0 || rs[0].Doc != "b.md" || rs[0].VectorScore == 0 {
		t.Fatalf("with vectors: %+v", rs)
	}
	fail.Store(true)
	rs, _ = e.Search(context.Background(), Query{Text: "files written"})
	if len(rs) == 0 || rs[0].Doc != "b.md" {
		t.Fatalf("fallback: %+v", rs)
	}
	if st := e.Status(); st.State != StateDegraded || !strings.Contains(st.Reason, "503") {
		t.Fatalf("status %+v", st)
	}
	fail.Store(false)
	_, _ = e.Search(context.Background(), Query{Text: "files written"})
	if st := e.Status(); st.State != StateReady {
		t.Fatalf("recovered status %+v", st)
	}
}

// A failing update turns vectors off rather than mixing stale ones.
func TestEngineUpdateWithEndpointFailing(t *testing.T) {
	var fail atomic.Bool
	srv, _ := fakeEndpoint(t, func(w http.ResponseWriter, _ []string) bool {
		if fail.Load() {
			fmt.Fprint(w, `{"data":[]}`)
			return true
		}
		return false
	})
	e, fsys := openMem(t, smallVault, WithCache(""), WithEmbedder(&HTTPEmbedder{Endpoint: srv.URL, Model: "test-model", Transport: httpclient.New()}))
	fail.Store(true)
	if err := fsys.WriteFile("c.md", []byte("# New\nnew text"), ""); err != nil {
		t.Fatal(err)
	}
	if err := e.Update(context.Background(), "c.md"); err != nil {
		t.Fatal(err)
	}
	st := e.Status()
	if st.State != StateDegraded || st.Docs != 3 {
		t.Fatalf("status %+v", st)
	}
	rs, _ := e.Search(context.Background(), Query{Text: "new text"})
	if len(rs) == 0 || rs[0].Doc != "c.md" {
		t.Fatalf("got %+v", rs)
	}
	fail.Store(false)
	if err := e.Rebuild(context.Background()); err != nil {
		t.Fatal(err)
	}
	if st := e.Status(); st.State != StateReady {
		t.Fatalf("after rebuild %+v", st)
	}
}

func TestConfigEmbedder(t *testing.T) {
	for _, tt := range []struct {
		cfg  Config
		want string // embedder id prefix, or error text
	}{
		{Config{}, "builtin"},
		{Config{Endpoint: "http://localhost:11434/v1/embeddings", Model: "m", BatchSize: 8, TimeoutMS: 500}, "openai-compatible/http://localhost:11434/v1/embeddings/m"},
		{Config{Endpoint: "file:///etc/passwd"}, "http(s) URL"},
		{Config{Endpoint: "http://x", BatchSize: -1}, "negative"},
	} {
		got := ""
		if _, err := tt.cfg.Option(nil); err != nil {
			got = err.Error()
		} else {
			got = "builtin"
			if m := tt.cfg.OwnModel(nil); m != nil {
				got = m.ID()
			}
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("%+v: got %q, want %q", tt.cfg, got, tt.want)
		}
	}
}

// A vault's config.json that still names embeddings is listed as ignored
// (validate_project reports it), whatever it holds.
func TestIgnoredVaultSettings(t *testing.T) {
	for _, tt := range []struct {
		file string
		want []string
	}{
		{``, nil},
		{`{"projects_folder":"P"}`, nil},
		{`{"embeddings":null}`, nil},
		{`not json`, nil},
		{`{"embeddings":{"endpoint":"http://evil.test/","api_key_env":"MY_CLOUD_SECRET"}}`, []string{"embeddings"}},
		{`{"embeddings":[]}`, []string{"embeddings"}},
	} {
		files := map[string]string{}
		if tt.file != "" {
			files[".projectcanvas/config.json"] = tt.file
		}
		if got := IgnoredVaultSettings(memfsNew(files)); !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %q, want %q", tt.file, got, tt.want)
		}
	}
}
