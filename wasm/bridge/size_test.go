//go:build !js

package bridge_test

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The WebAssembly build's limits: what it measures (10,510,171 bytes raw,
// 2,725,282 gzipped) plus 3 %. The raw size bounds the editor's compile
// time at start-up; the plugin inlines the build gzipped and base64-encoded
// in its main.js, which a community plugin may let weigh 5 MB (the
// plugin's own test holds it to its size plus 3 % too). Issue 28 took the
// build from 13.2 MB to 10.5 MB without dropping a tool or command: no
// jsonschema-go (schemas embedded, arguments explained by tools' checker),
// no generic code per arguments struct or per sorted struct type, no
// fmt scanner. `make wasm-size` shows what each package adds; a change that
// needs more should find the room there rather than raise these.
//
// Raised once since, by 1.6 % raw and 0.8 % gzipped: on 2026-11-29 the
// build measured 10,748,664 bytes before and 10,891,282 (2,813,127
// gzipped) after the fusion of a person's own embeddings model with the
// built-in search and its device cache (docsearch: +52 KB of code), entity search's typo rule
// (assist, tools: +18 KB) and the integrity fixes of the shared vault
// (extsync, the core: +12 KB). Sorts of struct types had been turned into
// sorts of pointers and ints first (-40 KB).
const (
	maxWASMRaw  = 11_000_000
	maxWASMGzip = 2_830_000
)

// TestWASMSize builds the WebAssembly as `make wasm` does and checks it
// against the limits.
func TestWASMSize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly")
	}
	out := filepath.Join(t.TempDir(), "projectcanvas.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "../")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var zipped bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestCompression)
	_, _ = zw.Write(data)
	_ = zw.Close()
	t.Logf("wasm: %d bytes raw, %d bytes gzip", len(data), zipped.Len())
	if len(data) > maxWASMRaw {
		t.Errorf("the WASM is %d bytes, over the %d limit (see make wasm-size)", len(data), maxWASMRaw)
	}
	if zipped.Len() > maxWASMGzip {
		t.Errorf("the WASM is %d bytes gzipped, over the %d limit (see make wasm-size)", zipped.Len(), maxWASMGzip)
	}
}
