package projectcanvas

import "context"

// Transport sends the core's outbound HTTP requests (an embeddings
// endpoint today). The host injects it (docs/ARCHITECTURE.md, "Outbound HTTP"): the CLI wraps
// net/http's client (package httpclient), the WebAssembly build hands the
// request to the editor (Obsidian's requestUrl, no CORS). The core itself
// links no HTTP client, which keeps net/http's client, TLS and x509 out of
// the WebAssembly build.
type Transport interface {
	// Do sends req and returns the answer whatever its status; an error
	// means no answer (unreachable, timed out, refused by the host).
	Do(ctx context.Context, req *OutboundRequest) (*OutboundResponse, error)
}

// OutboundRequest is one request a Transport sends.
type OutboundRequest struct {
	Method string            // "POST", "GET"...
	URL    string            // absolute http(s) URL
	Header map[string]string // e.g. Content-Type, Authorization
	Body   []byte
}

// OutboundResponse is a Transport's answer.
type OutboundResponse struct {
	Status int // HTTP status code
	Body   []byte
	// Header holds the answer's headers a caller may need (Retry-After),
	// keyed in canonical form ("Retry-After"); nil when the host passes none.
	Header map[string]string
}
