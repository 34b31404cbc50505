package route

import (
	"crypto/subtle"
	"net/netip"
	"net/url"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// checkOrigin refuses requests a web page could have sent. A Host that is not
// a loopback name means DNS rebinding (evil.example resolving to 127.0.0.1).
// Clients that are not browsers (curl, MCP clients) send no Origin; the one
// browser-like client let in is a desktop app's own page, whose origin has
// the app: scheme (Obsidian's is app://obsidian.md). Every other origin is a
// page or a script the user did not choose to trust: a web page (http,
// https), a local file (file://, or the opaque "null" a sandboxed frame or
// a file sends) or a browser extension (chrome-extension://...).
//
// The editor's HTTP server applies these rules and checkToken's before its
// core is asked (plugin/src/commands/httpServer.ts); both run the cases of
// testdata/guard_cases.json.
func checkOrigin(r *Request) error {
	if !LoopbackHost(r.Host) {
		return pc.Errorf(pc.CodeForbidden, "host %q is not a loopback address", r.Host)
	}
	if origin := r.header("Origin"); origin != "" {
		u, err := url.Parse(origin)
		if err != nil || !strings.EqualFold(u.Scheme, "app") || u.Host == "" {
			shown := origin
			if len(shown) > 100 {
				shown = shown[:100] + "..."
			}
			return pc.Errorf(pc.CodeForbidden, "requests from origin %q are refused: only clients without an Origin and desktop apps (app://) are served", shown)
		}
	}
	return nil
}

// LoopbackHost reports whether host (with an optional port) names this
// machine: localhost or a loopback IP. The server's own address must be
// one too (serve refuses another): the Host and token rules are for one
// machine.
func LoopbackHost(host string) bool {
	host = stripPort(host)
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	if strings.Contains(host, "%") {
		return false // a zone names an interface, never this machine as such
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}

// stripPort drops a ":port" suffix: "[::1]:80" -> "[::1]", "a:80" -> "a";
// a bare IPv6 address keeps its colons.
func stripPort(host string) string {
	if strings.HasPrefix(host, "[") {
		if end := strings.Index(host, "]"); end >= 0 && strings.HasPrefix(host[end+1:], ":") {
			return host[:end+1]
		}
		return host
	}
	if i := strings.LastIndex(host, ":"); i >= 0 && strings.Count(host, ":") == 1 {
		return host[:i]
	}
	return host
}

// checkToken checks the bearer token, compared in constant time.
func (a *API) checkToken(r *Request) *Response {
	// The scheme is case-insensitive (RFC 9110 §11.1): bearer, BEARER.
	scheme, got, ok := strings.Cut(strings.TrimSpace(r.header("Authorization")), " ")
	ok = ok && strings.EqualFold(scheme, "Bearer")
	if ok && a.token != "" && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(a.token)) == 1 {
		return nil
	}
	msg := "missing bearer token: send the header Authorization: Bearer followed by the token"
	if ok {
		msg = "wrong bearer token"
	}
	if a.tokenHint != "" {
		msg += " (" + a.tokenHint + ")"
	}
	resp := errorResponse(pc.Errorf(pc.CodeUnauthorized, "%s", msg))
	resp.Header["WWW-Authenticate"] = `Bearer realm="projectcanvas"`
	return resp
}
