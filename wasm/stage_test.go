//go:build js && wasm

package main

import (
	"runtime/debug"

	"github.com/projectcanvas/projectcanvas/wasm/bridge"
	"syscall/js"
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// packed packs files as the plugin's worker does (plugin/src/core/worker/pack.ts).
var packed = js.Global().Get("Function").New("files", `
	const enc = new TextEncoder(), parts = files.flatMap((f) => [enc.encode(f.path), enc.encode(f.content)]);
	const text = new Uint8Array(parts.reduce((n, p) => n + p.length, 0)), lengths = new Uint32Array(parts.length);
	let at = 0;
	parts.forEach((p, i) => { text.set(p, at); at += p.length; lengths[i] = p.length; });
	return [text, new Uint8Array(lengths.buffer)];
`)

// TestFilesOf: stage reads packed files byte for byte, whatever their
// characters, and refuses whole what does not fit (lengths beyond the
// text, text left over, an odd count of lengths, anything but two
// Uint8Arrays), without a panic.
func TestFilesOf(t *testing.T) {
	eval := func(src string) js.Value { return js.Global().Get("Function").New("return " + src).Invoke() }
	args := packed.Invoke(eval(`[{path: "é/ü.md", content: "日本語 ✓ \u{1F600}"}, {path: "", content: ""}, {path: "x.md", content: "a\uD800b"}]`))
	files, err := filesOf([]js.Value{args.Index(0), args.Index(1)})
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
	for _, bad := range [][2]string{
		{`new Uint8Array([97, 98])`, `new Uint8Array(new Uint32Array([1, 2]).buffer)`},     // lengths beyond the text
		{`new Uint8Array([97, 98, 99])`, `new Uint8Array(new Uint32Array([1, 1]).buffer)`}, // text left over
		{`new Uint8Array([97])`, `new Uint8Array(new Uint32Array([1]).buffer)`},            // a path without its content
		{`new Uint8Array([97])`, `new Uint8Array(new Uint32Array([4294967295, 0]).buffer)`},
		{`[{path: "a.md", content: "A"}]`, `undefined`},
		{`new ArrayBuffer(1)`, `new Uint8Array(8)`},
		{`new Uint8Array(0)`, `new Proxy({}, {getPrototypeOf() { throw new Error("no") }})`},
	} {
		files, err := filesOf([]js.Value{eval(bad[0]), eval(bad[1])})
		if pc.ErrorCode(err) != pc.CodeInvalidArgument || files != nil {
			t.Errorf("filesOf(%s, %s) = %v, %v; want an invalid_argument refusal", bad[0], bad[1], files, err)
		}
	}
	if _, err := filesOf(nil); pc.ErrorCode(err) != pc.CodeInvalidArgument {
		t.Errorf("filesOf() = %v", err)
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

// A stage refused leaves the collector as it was: only files that a load
// will take turn it off until that load.
func TestRefusedStageLeavesTheCollectorOn(t *testing.T) {
	percent := debug.SetGCPercent(100)
	defer debug.SetGCPercent(percent)
	b := bridge.New()
	ignore := js.Global().Get("Function").New("") // the refusals' promises reject
	stageFunc(b).Invoke("not packed files").Call("catch", ignore)
	stageIndexCacheFunc(b).Invoke("not bytes").Call("catch", ignore)
	if p := debug.SetGCPercent(100); p != 100 {
		t.Errorf("after refused stages the GC percent is %d, want 100", p)
	}
}
