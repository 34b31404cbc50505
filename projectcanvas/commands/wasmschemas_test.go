//go:build !js

package commands_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"maps"
	"os"
	"slices"
	"testing"

	"github.com/projectcanvas/projectcanvas/projectcanvas/commands"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

var update = flag.Bool("update", false, "rewrite ../tools/wasm_schemas.json")

// The WebAssembly build reads the arguments schema of every tool and
// command from tools/wasm_schemas.json rather than making it (see
// tools/schema_js.go). This test makes every one as the native builds do
// and fails while the file differs; -update rewrites it.
func TestWASMSchemas(t *testing.T) {
	tools.New().Tools()
	commands.New(tools.New()).Commands()
	built := tools.BuiltSchemas()
	var want bytes.Buffer
	want.WriteString("{\n")
	for i, key := range slices.Sorted(maps.Keys(built)) {
		name, _ := json.Marshal(key)
		want.Write(name)
		want.WriteString(": ")
		want.Write(built[key])
		if i < len(built)-1 {
			want.WriteByte(',')
		}
		want.WriteByte('\n')
	}
	want.WriteString("}\n")
	const path = "../tools/wasm_schemas.json"
	if *update {
		if err := os.WriteFile(path, want.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("%s is not what the native build makes: a struct of arguments or a TuneSchema changed; run go test ./projectcanvas/commands -run TestWASMSchemas -update", path)
	}
}
