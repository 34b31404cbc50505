// Package httpclient is the native hosts' [projectcanvas.Transport]:
// net/http's client. It lives apart from the core so that the WebAssembly
// build, whose host injects its own transport, links neither net/http's
// client nor TLS.
package httpclient

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// MaxBody bounds what is read of an answer (a batch of 4096-dimension
// vectors in JSON is a few MB).
const MaxBody = 256 << 20

// Transport sends requests with an http.Client. It never follows a
// redirect: the core's requests carry a token (Notion's, an embeddings
// key) meant for the host it named, and a 3xx would carry it elsewhere, or
// turn a POST into a GET. A redirect is answered to the caller as it came,
// which reports it.
type Transport struct {
	Client *http.Client // nil means a client like http.DefaultClient that follows no redirect
}

// noRedirects is the default client: http.DefaultClient's transport, no
// redirects followed.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// New returns a Transport that follows no redirect.
func New() *Transport { return &Transport{} }

// Do implements projectcanvas.Transport.
func (t *Transport) Do(ctx context.Context, r *pc.OutboundRequest) (*pc.OutboundResponse, error) {
	var body io.Reader
	if r.Body != nil {
		body = bytes.NewReader(r.Body)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, body)
	if err != nil {
		return nil, err
	}
	for k, v := range r.Header {
		req.Header.Set(k, v)
	}
	client := t.Client
	if client == nil {
		client = noRedirects
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxBody))
	if err != nil {
		return nil, fmt.Errorf("reading the answer: %w", err)
	}
	header := make(map[string]string, len(resp.Header))
	for k, v := range resp.Header {
		if len(v) > 0 {
			header[k] = v[0] // net/http keys are canonical already
		}
	}
	return &pc.OutboundResponse{Status: resp.StatusCode, Body: data, Header: header}, nil
}
