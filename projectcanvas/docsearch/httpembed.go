package docsearch

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
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
	// Transport sends the requests: the host's (net/http's client natively,
	// the editor's in WASM, see projectcanvas.Transport). Without one every
	// call fails with an error saying so.
	Transport pc.Transport
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

func (e *HTTPEmbedder) embedBatch(ctx context.Context, texts []string) ([][]float32, error) {
	timeout := e.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if e.Transport == nil {
		return nil, fmt.Errorf("embeddings endpoint %q: this host has no HTTP transport", e.Endpoint)
	}
	body, _ := json.Marshal(embedRequest{Model: e.Model, Input: texts})
	req := &pc.OutboundRequest{Method: "POST", URL: e.Endpoint, Body: body,
		Header: map[string]string{"Content-Type": "application/json"}}
	if e.APIKey != "" {
		req.Header["Authorization"] = "Bearer " + e.APIKey
	}
	resume := pc.Unheld(ctx) // the endpoint's time is not the processor's
	resp, err := e.Transport.Do(ctx, req)
	resume()
	if err != nil {
		return nil, fmt.Errorf("embeddings endpoint unreachable: %v", err)
	}
	if resp.Status != 200 {
		return nil, fmt.Errorf("embeddings endpoint answered %d: %s", resp.Status, snippet(resp.Body))
	}
	var r embedResponse
	if err := json.Unmarshal(resp.Body, &r); err != nil {
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
