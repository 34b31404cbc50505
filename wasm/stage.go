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
