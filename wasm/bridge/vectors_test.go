package bridge_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/wasm/bridge"
)

// countingEndpoint answers OpenAI-style embeddings through the host's
// transport and counts the texts it was sent.
type countingEndpoint struct {
	mu    sync.Mutex
	texts []string
}

func (c *countingEndpoint) Do(_ context.Context, r *pc.OutboundRequest) (*pc.OutboundResponse, error) {
	var in struct {
		Input []string `json:"input"`
	}
	if err := json.Unmarshal(r.Body, &in); err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.texts = append(c.texts, in.Input...)
	c.mu.Unlock()
	type item struct {
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	}
	out := struct {
		Data []item `json:"data"`
	}{}
	for i, t := range in.Input {
		out.Data = append(out.Data, item{i, []float32{float32(len(t)%7 + 1), float32(i%3 + 1), 0.5}})
	}
	body, _ := json.Marshal(out)
	return &pc.OutboundResponse{Status: 200, Body: body}, nil
}

func (c *countingEndpoint) sent() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.texts...)
}

// deviceStores is the host's store of vectors, kept across bridges as
// the editor's IndexedDB is across restarts.
type deviceStores struct {
	mu    sync.Mutex
	names []string
	data  map[string][]byte
}

type deviceStore struct {
	d    *deviceStores
	name string
}

func (d *deviceStores) store(name string) docsearch.VectorStore {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.names = append(d.names, name)
	return deviceStore{d, name}
}

func (s deviceStore) Load() ([]byte, error) {
	s.d.mu.Lock()
	defer s.d.mu.Unlock()
	return append([]byte(nil), s.d.data[s.name]...), nil
}

func (s deviceStore) Append(b []byte) error {
	s.d.mu.Lock()
	defer s.d.mu.Unlock()
	s.d.data[s.name] = append(s.d.data[s.name], b...)
	return nil
}

func (s deviceStore) Replace(b []byte) error {
	s.d.mu.Lock()
	defer s.d.mu.Unlock()
	s.d.data[s.name] = append([]byte(nil), b...)
	return nil
}

// A later load (a restart of the editor) sends the person's model only
// the texts it has not embedded before: the query; another vault, endpoint
// or model never reads these vectors.
func TestModelVectorsKeptOnTheDeviceAcrossLoads(t *testing.T) {
	stores := &deviceStores{data: map[string][]byte{}}
	files := []map[string]string{
		{"path": "Runbook.md", "content": "# Runbook\n\n## Rollback\n\nRoll the release back with the previous build.\n\n## Backups\n\nNightly backups, compressed with zstd.\n"},
		{"path": "Notes/Deploy.md", "content": "# Deploy\n\nShip the release from the main branch.\n"},
	}
	start := func(endpoint *countingEndpoint, vault, model string) *bridge.Bridge {
		b := bridge.New(bridge.WithTransport(endpoint), bridge.WithVectorStores(stores.store))
		in, _ := json.Marshal(map[string]any{"files": files, "token": "tok", "vault_id": vault,
			"embeddings": map[string]any{"endpoint": "http://embed.test/v1/embeddings", "model": model}})
		_, err := b.Call(context.Background(), "load", in)
		require.NoError(t, err)
		require.NoError(t, b.WaitDocs(context.Background()))
		return b
	}
	search := func(b *bridge.Bridge, q string) {
		_, err := b.Call(context.Background(), "call", fmt.Appendf(nil, `{"name":"search_docs","arguments":{"query":%q}}`, q))
		require.NoError(t, err)
	}

	first := &countingEndpoint{}
	search(start(first, "vault-a", "m"), "roll back a release")
	require.Greater(t, len(first.sent()), 2, "the first load embeds every section")

	later := &countingEndpoint{}
	search(start(later, "vault-a", "m"), "how are backups compressed")
	assert.Equal(t, []string{"how are backups compressed"}, later.sent(), "a later load sends only the new query")

	other := &countingEndpoint{}
	start(other, "vault-a", "another-model")
	assert.Greater(t, len(other.sent()), 2, "another model's vectors are its own")
	assert.Len(t, stores.data, 2, "one store per vault, endpoint and model")
	assert.NotContains(t, stores.names, "", "every store is named")
}
