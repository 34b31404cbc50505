//go:build js && wasm

package main

import (
	"encoding/binary"
	"encoding/json"
	"syscall/js"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/wasm/bridge"
)

// stageFunc is projectcanvas.stage(files): an array of {path, content}
// (strings) handed to the bridge for the next load as they are, with no
// JSON in between. It answers a Promise of {"staged": n}; anything else
// than such an array is refused whole, and nothing is staged.
func stageFunc(b *bridge.Bridge) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		loadGC.begin() // the load that takes them ends it
		files, err := filesOf(args)
		return promise(func() ([]byte, error) {
			if err != nil {
				return nil, err
			}
			b.Stage(files...)
			return json.Marshal(map[string]int{"staged": len(files)})
		})
	})
}

// stageIndexCacheFunc is projectcanvas.stageIndexCache(bytes): a
// Uint8Array, the index cache for the next load. Anything else is refused.
func stageIndexCacheFunc(b *bridge.Bridge) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		loadGC.begin()
		data, err := bytesOf(args)
		return promise(func() ([]byte, error) {
			if err != nil {
				return nil, err
			}
			b.StageIndexCache(data)
			return json.Marshal(map[string]int{"staged": len(data)})
		})
	})
}

// isBytes is instanceof Uint8Array, in JavaScript where a proxy that
// throws is caught (from Go, the exception would end the program).
var isBytes = js.Global().Get("Function").New("v", `try { return v instanceof Uint8Array; } catch (_) { return false; }`)

// bytesOf reads a call's one Uint8Array argument.
func bytesOf(args []js.Value) ([]byte, error) {
	if len(args) != 1 || !isBytes.Invoke(args[0]).Bool() {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "stageIndexCache takes one Uint8Array")
	}
	data := make([]byte, args[0].Length())
	js.CopyBytesToGo(data, args[0])
	return data, nil
}

// indexCacheFunc is projectcanvas.indexCache(): a Promise of a Uint8Array,
// empty when the last load was given no index_key.
func indexCacheFunc(b *bridge.Bridge) js.Func {
	return js.FuncOf(func(js.Value, []js.Value) any {
		return bytesPromise(func() ([]byte, error) { return b.IndexCache(), nil })
	})
}

// pack reads stage's argument in JavaScript, where a throwing getter or a
// proxy is caught by Invoke (Value.Get would let the exception end the Go
// program), and encodes it as UTF-8 into one byte array, with the byte
// length of each path and content in turn: Go copies it in two calls
// instead of two per file (a first load of 10,000 files spent a quarter
// of a second in those).
var pack = js.Global().Get("Function").New("files", `
	if (!Array.isArray(files)) throw new TypeError("stage takes an array of {path, content}");
	const strings = [];
	let most = 0;
	for (let i = 0; i < files.length; i++) {
		const f = files[i];
		const path = f !== null && typeof f === "object" ? f.path : undefined;
		const content = f !== null && typeof f === "object" ? f.content : undefined;
		if (typeof path !== "string" || typeof content !== "string") throw new TypeError("item " + i + " has no string path and content");
		strings.push(path, content);
		most += 3 * (path.length + content.length);
	}
	const bytes = new Uint8Array(most), lengths = new Uint32Array(strings.length), encoder = new TextEncoder();
	let at = 0;
	strings.forEach((s, i) => { lengths[i] = encoder.encodeInto(s, bytes.subarray(at)).written; at += lengths[i]; });
	return { bytes: bytes.subarray(0, at), lengths: new Uint8Array(lengths.buffer) };
`)

// filesOf reads stage's argument; anything but an array of {path,
// content} strings is refused whole.
func filesOf(args []js.Value) (files []bridge.File, err error) {
	defer func() {
		if v := recover(); v != nil {
			files, err = nil, pc.Errorf(pc.CodeInvalidArgument, "stage: %.200v", v)
		}
	}()
	if len(args) == 0 {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "stage takes an array of {path, content}")
	}
	packed := pack.Invoke(args[0])
	text := make([]byte, packed.Get("bytes").Length())
	js.CopyBytesToGo(text, packed.Get("bytes"))
	lengths := make([]byte, packed.Get("lengths").Length())
	js.CopyBytesToGo(lengths, packed.Get("lengths"))
	all := string(text) // one copy; the files' strings share it
	files = make([]bridge.File, len(lengths)/8)
	at := 0
	next := func(i int) string {
		n := int(binary.LittleEndian.Uint32(lengths[4*i:]))
		s := all[at : at+n]
		at += n
		return s
	}
	for i := range files {
		files[i].Path = next(2 * i)
		files[i].Content = next(2*i + 1)
	}
	return files, nil
}
