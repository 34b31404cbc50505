//go:build !js

package bridge_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestWASMLinksNoServerOnlyDependency keeps the WebAssembly build small and
// free of what only the native server needs: the MCP SDK and fsnotify.
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
		for _, banned := range []string{"github.com/modelcontextprotocol/", "github.com/fsnotify/", "projectcanvas/mcpserver", "projectcanvas/watch", "os/exec"} {
			if strings.Contains(dep, banned) {
				t.Errorf("the WASM build links %s", dep)
			}
		}
	}
	if !strings.Contains(string(out), "projectcanvas/httpapi") {
		t.Error("the WASM build should serve HTTP through httpapi")
	}
}
