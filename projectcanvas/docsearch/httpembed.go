package docsearch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"
	"time"
)

// HTTPEmbedder asks an OpenAI-compatible embeddings endpoint (OpenAI,
// Ollama, LM Studio, llama.cpp's server...) for vectors: it POSTs
// {"model": ..., "input": [...]} to Endpoint and reads data[].embedding.
// Texts are sent BatchSize at a time; each request gives up after Timeout.
// Answers are checked: a wrong number of vectors, vectors of different
// lengths, empty, non-finite or all-zero vectors are errors, never
// half-used.
type HTTPEmbedder struct {
	Endpoint  string        // full URL, e.g. http://localhost:11434/v1/embeddings
	Model     string        // e.g. nomic-embed-text
	BatchSize int           // texts per request; <= 0 means 32
	Timeout   time.Duration // per request; <= 0 means 30 s
	APIKey    string        // sent as a Bearer token when set
	// Client sends the requests; nil means a plain http.Client. Hosts
	// without a network stack of their own (WASM) inject a transport here.
	Client *http.Client
}

// ID implements Embedder.
func (e *HTTPEmbedder) ID() string { return "openai-compatible/" + e.Endpoint + "/" + e.Model }

// Embed implements Embedder.
func (e *HTTPEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	batch := e.BatchSize
	if batch <= 0 {
		batch = 32
	}
	out := make([][]float32, 0, len(texts))
	for i := 0; i < len(texts); i += batch {
		vs, err := e.embedBatch(ctx, texts[i:min(i+batch, len(texts))])
		if err != nil {
			return nil, err
		}
		if len(out) > 0 && len(vs) > 0 && len(vs[0]) != len(out[0]) {
			return nil, fmt.Errorf("embeddings endpoint changed dimension from %d to %d", len(out[0]), len(vs[0]))
		}
		out = append(out, vs...)
	}
	return out, nil
}

type embedRequest struct {
	Model string   `json:"model"`
	Input []string `json:"input"`
}

type embedResponse struct {
	Data []struct {
		Index     *int      `json:"index"`
		Embedding []float64 `json:"embedding"`
	} `json:"data"`
}

// maxResponse bounds what is read from the endpoint (a 4096-dimension
// vector in JSON is about 80 KB).
const maxResponse = 256 << 20

func (e *HTTPEmbedder) embedBatch(ctx context.Context, texts []string) ([][]float32, error) {
	timeout := e.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	body, _ := json.Marshal(embedRequest{Model: e.Model, Input: texts})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.Endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("embeddings endpoint %q: %v", e.Endpoint, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if e.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+e.APIKey)
	}
	client := e.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("embeddings endpoint unreachable: %v", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		return nil, fmt.Errorf("embeddings endpoint: reading the answer: %v", err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("embeddings endpoint answered %s: %s", resp.Status, snippet(data))
	}
	var r embedResponse
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("embeddings endpoint answered malformed JSON: %v", err)
	}
	return checkVectors(r, len(texts))
}

// checkVectors orders the answer's vectors by index and refuses anything
// that is not exactly n finite, non-zero vectors of one length.
func checkVectors(r embedResponse, n int) ([][]float32, error) {
	if len(r.Data) != n {
		return nil, fmt.Errorf("embeddings endpoint returned %d vectors for %d texts", len(r.Data), n)
	}
	out := make([][]float32, n)
	for i, d := range r.Data {
		at := i
		if d.Index != nil {
			at = *d.Index
		}
		if at < 0 || at >= n || out[at] != nil {
			return nil, fmt.Errorf("embeddings endpoint returned a bad or repeated index %d", at)
		}
		if len(d.Embedding) == 0 || len(d.Embedding) != len(r.Data[0].Embedding) {
			return nil, fmt.Errorf("embeddings endpoint returned vectors of different lengths (%d, %d)", len(d.Embedding), len(r.Data[0].Embedding))
		}
		v := make([]float32, len(d.Embedding))
		nonzero := false
		for j, x := range d.Embedding {
			if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > math.MaxFloat32 {
				return nil, fmt.Errorf("embeddings endpoint returned a non-finite value")
			}
			v[j] = float32(x)
			nonzero = nonzero || x != 0
		}
		if !nonzero {
			return nil, fmt.Errorf("embeddings endpoint returned an all-zero vector")
		}
		normalize(v)
		out[at] = v
	}
	return out, nil
}

func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
