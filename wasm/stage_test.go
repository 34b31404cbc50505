//go:build js && wasm

package main

import (
	"syscall/js"
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// TestFilesOf: stage reads an array of {path, content} strings and refuses
// anything else whole, a throwing getter included, without a panic.
func TestFilesOf(t *testing.T) {
	eval := func(src string) js.Value { return js.Global().Get("Function").New("return " + src).Invoke() }
	files, err := filesOf([]js.Value{eval(`[{path: "a.md", content: "A"}, {path: "b/c.md", content: ""}]`)})
	if err != nil || len(files) != 2 || files[0].Path != "a.md" || files[0].Content != "A" || files[1].Path != "b/c.md" {
		t.Fatalf("filesOf = %+v, %v", files, err)
	}
	for _, bad := range []string{
		`undefined`, `"a.md"`, `{path: "a.md", content: "A"}`, `[null]`, `[1]`, `[{path: "a.md"}]`,
		`[{path: 1, content: "A"}]`, `[{path: "a.md", content: {}}]`,
		`[{get path() { throw new Error("no") }, content: "A"}]`,
	} {
		files, err := filesOf([]js.Value{eval(bad)})
		if pc.ErrorCode(err) != pc.CodeInvalidArgument || files != nil {
			t.Errorf("filesOf(%s) = %v, %v; want an invalid_argument refusal", bad, files, err)
		}
	}
	if _, err := filesOf(nil); pc.ErrorCode(err) != pc.CodeInvalidArgument {
		t.Errorf("filesOf() = %v", err)
	}
}

// TestFilesOfText: paths and contents come back byte for byte, whatever
// their characters (a lone surrogate becomes U+FFFD, as JavaScript's
// UTF-8 encoding makes it).
func TestFilesOfText(t *testing.T) {
	files, err := filesOf([]js.Value{js.Global().Get("Function").New(`return [
		{path: "é/ü.md", content: "日本語 ✓ \u{1F600}"}, {path: "", content: ""}, {path: "x.md", content: "a\uD800b"}]`).Invoke()})
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]string{{"é/ü.md", "日本語 ✓ \U0001F600"}, {"", ""}, {"x.md", "a\uFFFDb"}}
	if len(files) != len(want) {
		t.Fatalf("%d files, want %d", len(files), len(want))
	}
	for i, w := range want {
		if files[i].Path != w[0] || files[i].Content != w[1] {
			t.Errorf("file %d = %q, %q; want %q, %q", i, files[i].Path, files[i].Content, w[0], w[1])
		}
	}
}

// TestBytesOf: stageIndexCache takes one Uint8Array, byte for byte, and
// refuses anything else (an ArrayBuffer, a string, a proxy) without a panic.
func TestBytesOf(t *testing.T) {
	eval := func(src string) js.Value { return js.Global().Get("Function").New("return " + src).Invoke() }
	data, err := bytesOf([]js.Value{eval(`new Uint8Array([0, 1, 255])`)})
	if err != nil || string(data) != "\x00\x01\xff" {
		t.Fatalf("bytesOf = %v, %v", data, err)
	}
	for _, bad := range []string{`undefined`, `new ArrayBuffer(3)`, `"abc"`, `[1, 2]`, `new Proxy({}, {getPrototypeOf() { throw new Error("no") }})`} {
		if data, err := bytesOf([]js.Value{eval(bad)}); pc.ErrorCode(err) != pc.CodeInvalidArgument || data != nil {
			t.Errorf("bytesOf(%s) = %v, %v; want an invalid_argument refusal", bad, data, err)
		}
	}
}
