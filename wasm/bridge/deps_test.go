//go:build !js

package bridge_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestWASMLinksNoServerOnlyDependency keeps the WebAssembly build small and
// free of what only the native server needs: the MCP SDK, fsnotify, and
// net/http (its client, TLS and x509 weigh megabytes): the bridge serves
// HTTP through the routes of package route, and outbound HTTP goes
// through the host's transport; and jsonschema-go, whose schema building
// and validator (with the math/big they link) weighed half a megabyte:
// the WebAssembly build reads its arguments schemas ready-made and checks
// arguments with package tools' own checker.
func TestWASMLinksNoServerOnlyDependency(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", "../")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"github.com/modelcontextprotocol/", "github.com/google/jsonschema-go", "github.com/fsnotify/", "projectcanvas/mcpserver", "projectcanvas/watch", "os/exec", "net/http", "crypto/tls", "crypto/x509", "projectcanvas/httpclient"} {
			if strings.Contains(dep, banned) {
				t.Errorf("the WASM build links %s", dep)
			}
		}
	}
	if !strings.Contains(string(out), "projectcanvas/httpapi/route") {
		t.Error("the WASM build should serve HTTP through httpapi/route")
	}
}
