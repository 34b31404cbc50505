//go:build js && wasm

package main

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"syscall/js"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/wasm/bridge"
)

// stageFunc is projectcanvas.stage(text, lengths): files for the next
// load, packed by the host (the plugin's worker packs them while the core
// is still starting). text is a Uint8Array of UTF-8, each file's path then
// its content, one after the other; lengths a Uint8Array of their byte
// lengths in turn, as 32-bit little-endian integers (a Uint32Array's
// bytes): two copies into Go instead of two per file. It answers a
// Promise of {"staged": n}; anything else is refused whole, and nothing
// is staged.
func stageFunc(b *bridge.Bridge) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		files, err := filesOf(args)
		if err == nil {
			loadGC.begin() // the load that takes them ends it
		}
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
		data, err := bytesOf(args)
		if err == nil {
			loadGC.begin()
		}
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

// filesOf reads stage's arguments; text and lengths that do not fit
// each other are refused whole.
func filesOf(args []js.Value) ([]bridge.File, error) {
	if len(args) != 2 || !isBytes.Invoke(args[0]).Bool() || !isBytes.Invoke(args[1]).Bool() {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "stage takes (text, lengths): two Uint8Arrays")
	}
	text := make([]byte, args[0].Length())
	js.CopyBytesToGo(text, args[0])
	lengths := make([]byte, args[1].Length())
	js.CopyBytesToGo(lengths, args[1])
	if len(lengths)%8 != 0 {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "stage: %d bytes of lengths is not a path and a content length per file", len(lengths))
	}
	all := string(text) // one copy; the files' strings share it
	files := make([]bridge.File, len(lengths)/8)
	at := 0
	next := func(i int) (string, bool) {
		n := int(binary.LittleEndian.Uint32(lengths[4*i:]))
		if n > len(all)-at {
			return "", false
		}
		s := all[at : at+n]
		at += n
		return s, true
	}
	for i := range files {
		path, ok1 := next(2 * i)
		content, ok2 := next(2*i + 1)
		if !ok1 || !ok2 {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "stage: the lengths add up to more than the %d bytes of text", len(all))
		}
		files[i] = bridge.File{Path: path, Content: content}
	}
	if at != len(all) {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "stage: %d bytes of text are in no file", len(all)-at)
	}
	return files, nil
}

// stageDocIndexCacheFunc is projectcanvas.stageDocIndexCache(bytes): the
// document index's cache a host kept (docIndexCache), for the next load.
func stageDocIndexCacheFunc(b *bridge.Bridge) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		data, err := bytesOf(args)
		return promise(func() ([]byte, error) {
			if err != nil {
				return nil, err
			}
			b.StageDocIndexCache(data)
			return json.Marshal(map[string]int{"staged": len(data)})
		})
	})
}

// docIndexCacheFunc is projectcanvas.docIndexCache(): resolves, once the
// document index is built, to its cache (a Uint8Array; empty when there is
// nothing new to keep).
func docIndexCacheFunc(b *bridge.Bridge) js.Func {
	return js.FuncOf(func(js.Value, []js.Value) any {
		return bytesPromise(func() ([]byte, error) { return b.DocIndexCache(context.Background()) })
	})
}
