//go:build js && wasm

// Command wasm is the WebAssembly build of Project Canvas. It installs one
// global, globalThis.projectcanvas, whose functions (see package bridge)
// each take a JSON string (or a plain object) and return a Promise of a JSON
// string. A failure rejects the promise with an Error whose code, message
// and details are those of DESIGN.md §5.
//
//	const out = JSON.parse(await projectcanvas.call(JSON.stringify({name: "get_entity", arguments: {id: "T-001"}})));
//	for (const c of out.changes) { ... apply c.op "write" | "delete" | "rename" ... }
package main

import (
	"context"
	"encoding/json"
	"syscall/js"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/wasm/bridge"
)

func main() {
	b := bridge.New()
	api := js.Global().Get("Object").New()
	for _, name := range bridge.Functions {
		api.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any {
			input := "{}"
			if len(args) > 0 {
				input = jsonOf(args[0])
			}
			return promise(func() ([]byte, error) { return b.Call(context.Background(), name, []byte(input)) })
		}))
	}
	api.Set("version", "dev")
	js.Global().Set("projectcanvas", api)
	select {} // keep the functions alive
}

// jsonOf accepts a JSON string, or any other value, which it stringifies.
func jsonOf(v js.Value) string {
	switch v.Type() {
	case js.TypeString:
		return v.String()
	case js.TypeUndefined, js.TypeNull:
		return "{}"
	}
	return js.Global().Get("JSON").Call("stringify", v).String()
}

// promise runs f in its own goroutine and settles a Promise with its
// result: the JSON string, or an Error carrying the error's code.
func promise(f func() ([]byte, error)) js.Value {
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve, reject := args[0], args[1]
		go func() {
			defer executor.Release()
			out, err := safely(f)
			if err != nil {
				reject.Invoke(jsError(err))
				return
			}
			resolve.Invoke(string(out))
		}()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

// safely runs f, turning a panic into an internal error.
func safely(f func() ([]byte, error)) (out []byte, err error) {
	defer func() {
		if v := recover(); v != nil {
			out, err = nil, pc.Errorf(pc.CodeInternal, "panic: %v", v)
		}
	}()
	return f()
}

func jsError(err error) js.Value {
	e := pc.AsError(err)
	jsErr := js.Global().Get("Error").New(e.Message)
	jsErr.Set("code", string(e.Code))
	details, _ := json.Marshal(e.Details)
	jsErr.Set("details", js.Global().Get("JSON").Call("parse", string(details)))
	return jsErr
}
