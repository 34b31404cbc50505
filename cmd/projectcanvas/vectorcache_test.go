package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/examplevault"
)

// countingEndpoint is an OpenAI-compatible embeddings endpoint that counts
// the texts it is sent; its vectors hash the texts' words.
func countingEndpoint(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var texts atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Input []string }
		_ = json.NewDecoder(io.LimitReader(r.Body, 64<<20)).Decode(&in)
		texts.Add(int64(len(in.Input)))
		var data []string
		for i, s := range in.Input {
			v := make([]string, 16)
			for j := range v {
				v[j] = "0"
			}
			for _, w := range strings.Fields(strings.ToLower(s)) {
				h := 0
				for _, c := range w {
					h = h*31 + int(c)
				}
				v[(h%16+16)%16] = "1"
			}
			v[0] = "1"
			data = append(data, fmt.Sprintf(`{"index":%d,"embedding":[%s]}`, i, strings.Join(v, ",")))
		}
		fmt.Fprintf(w, `{"data":[%s]}`, strings.Join(data, ","))
	}))
	t.Cleanup(srv.Close)
	return srv, &texts
}

// The endpoint's vectors are kept on the device: a later process sends
// only what it has not embedded before (here a new query); another model
// embeds afresh; a damaged cache is dropped and rebuilt; nothing is
// written into the vault.
func TestEndpointVectorsAreKeptOnTheDevice(t *testing.T) {
	srv, texts := countingEndpoint(t)
	vault := examplevault.Copy(t)
	settings, cache := t.TempDir(), t.TempDir()
	env := map[string]string{"PROJECTCANVAS_CONFIG_DIR": settings, "PROJECTCANVAS_CACHE_DIR": cache,
		"PROJECTCANVAS_EMBEDDINGS_URL": srv.URL, "PROJECTCANVAS_EMBEDDINGS_MODEL": "m1"}
	search := func(query string) {
		t.Helper()
		r := runCLI(t, env, "", "--vault", vault, "tool", "search_docs", `{"query":"`+query+`"}`)
		require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
		assert.Contains(t, r.stdout, `"doc_uri"`)
	}
	search("roll back a release")
	first := texts.Swap(0)
	assert.Greater(t, first, int64(100), "the first process embeds every section and the query")

	search("roll back a release")
	assert.Zero(t, texts.Swap(0), "a later process sends nothing it sent before")
	search("who reviews pull requests")
	assert.Equal(t, int64(1), texts.Swap(0), "a new query is the one text sent")

	files, err := filepath.Glob(filepath.Join(cache, "*.vec"))
	require.NoError(t, err)
	require.Len(t, files, 1, "one file for this vault, endpoint and model")

	env["PROJECTCANVAS_EMBEDDINGS_MODEL"] = "m2"
	search("roll back a release")
	assert.Equal(t, first, texts.Swap(0), "another model's vectors are never used")
	env["PROJECTCANVAS_EMBEDDINGS_MODEL"] = "m1"

	data, err := os.ReadFile(files[0])
	require.NoError(t, err)
	data[len(data)/2] ^= 0xff
	require.NoError(t, os.WriteFile(files[0], data, 0o600))
	search("roll back a release")
	assert.Equal(t, first, texts.Swap(0), "a damaged cache is dropped and rebuilt, not trusted")
	search("roll back a release")
	assert.Zero(t, texts.Swap(0), "and the rebuilt one serves the next process")

	var inVault []string
	require.NoError(t, filepath.Walk(vault, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".vec") {
			inVault = append(inVault, p)
		}
		return nil
	}))
	assert.Empty(t, inVault, "nothing of the cache is in the vault")
}
