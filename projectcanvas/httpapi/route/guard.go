package route

import (
	"crypto/subtle"
	"net/netip"
	"net/url"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// checkOrigin refuses requests a web page could have sent. A Host that is not
// a loopback name means DNS rebinding (evil.example resolving to 127.0.0.1);
// an http(s) Origin means a browser tab. Clients that are not browsers (curl,
// MCP clients, the editor itself) send no Origin, or one of their own scheme.
func checkOrigin(r *Request) error {
	if !loopbackHost(r.Host) {
		return pc.Errorf(pc.CodeForbidden, "host %q is not a loopback address", r.Host)
	}
	if origin := r.header("Origin"); origin != "" {
		u, err := url.Parse(origin)
		if err != nil || u.Scheme == "http" || u.Scheme == "https" {
			return pc.Errorf(pc.CodeForbidden, "requests from web pages (origin %q) are refused", origin)
		}
	}
	return nil
}

// loopbackHost reports whether host (with an optional port) names this
// machine: localhost or a loopback IP.
func loopbackHost(host string) bool {
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
	got, ok := strings.CutPrefix(r.header("Authorization"), "Bearer ")
	if ok && a.token != "" && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(a.token)) == 1 {
		return nil
	}
	msg := "missing bearer token"
	if ok {
		msg = "wrong bearer token"
	}
	resp := errorResponse(pc.Errorf(pc.CodeUnauthorized, "%s", msg))
	resp.Header["WWW-Authenticate"] = `Bearer realm="projectcanvas"`
	return resp
}
