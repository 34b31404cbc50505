package httpapi

import (
	"crypto/subtle"
	"net"
	"net/http"
	"net/url"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// checkOrigin refuses requests a web page could have sent. A Host that is not
// a loopback name means DNS rebinding (evil.example resolving to 127.0.0.1);
// an http(s) Origin means a browser tab. Clients that are not browsers (curl,
// MCP clients, the editor itself) send no Origin, or one of their own scheme.
func checkOrigin(r *http.Request) error {
	if !loopbackHost(r.Host) {
		return pc.Errorf(pc.CodeForbidden, "host %q is not a loopback address", r.Host)
	}
	if origin := r.Header.Get("Origin"); origin != "" {
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
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// authed wraps h with the bearer token check, compared in constant time.
func (a *API) authed(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || a.token == "" || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(a.token)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="projectcanvas"`)
			msg := "missing bearer token"
			if ok {
				msg = "wrong bearer token"
			}
			writeError(w, pc.Errorf(pc.CodeUnauthorized, "%s", msg))
			return
		}
		h(w, r)
	})
}
