package main

import (
	"testing"
)

func TestPkgOfUndoesTheLinkersMangling(t *testing.T) {
	a := &attributor{path: map[string]string{}}
	for _, p := range []string{"net/http", "net", "go.yaml.in/yaml/v3", "github.com/google/jsonschema-go/jsonschema", "github.com/google/jsonschema-go/jsonschema/internal"} {
		a.add(p)
	}
	for sym, want := range map[string]string{
		"net_http.__Client_.Do": "net/http",
		"net.Dial":              "net",
		"go.yaml.in_yaml_v3.yaml_parser_parse_node":                    "go.yaml.in/yaml/v3",
		"github.com_google_jsonschema_go_jsonschema.__state_.validate": "github.com/google/jsonschema-go/jsonschema",
		"runtime.mallocgc": "runtime",
		"wasm_export_run":  "wasm_export_run",
	} {
		if got := a.pkgOf(sym); got != want {
			t.Errorf("pkgOf(%q) = %q, want %q", sym, got, want)
		}
	}
}

func TestParseReadsCodeAndNames(t *testing.T) {
	section := func(id byte, body ...byte) []byte { return append([]byte{id, byte(len(body))}, body...) }
	mod := []byte("\x00asm\x01\x00\x00\x00")
	mod = append(mod, section(2, 1, 1, 'm', 1, 'f', 0, 0)...)          // one imported function
	mod = append(mod, section(10, 2, 3, 0, 0x01, 0x0b, 2, 0, 0x0b)...) // bodies of 3 and 2 bytes
	names := []byte{4, 'n', 'a', 'm', 'e', 1, 11, 2, 1, 3, 'a', '.', 'f', 2, 3, 'b', '.', 'g'}
	mod = append(mod, section(0, names...)...)
	m, err := parse(mod)
	if err != nil {
		t.Fatal(err)
	}
	if m.imported != 1 || len(m.bodies) != 2 || m.bodies[0] != 3 || m.bodies[1] != 2 {
		t.Fatalf("imported %d, bodies %v", m.imported, m.bodies)
	}
	if m.names[1] != "a.f" || m.names[2] != "b.g" {
		t.Fatalf("names %v", m.names)
	}
	if _, err := parse([]byte("not wasm")); err == nil {
		t.Error("a file that is not WebAssembly must fail")
	}
	if _, err := parse(mod[:len(mod)-3]); err == nil {
		t.Error("a truncated module must fail")
	}
}
