//go:build js && wasm

// Command wasm is the WebAssembly build of Project Canvas. It installs one
// global, globalThis.projectcanvas, whose functions (see package bridge)
// each take a JSON string (or a plain object) and return a Promise of a JSON
// string; or, given a callback (error, output) as their second argument,
// call it the moment the answer is ready (see answer) and return nothing.
// A failure rejects the promise (or is the callback's error) with an Error
// whose code, message and details are those of docs/ARCHITECTURE.md
// ("Errors").
//
//	const out = JSON.parse(await projectcanvas.call(JSON.stringify({name: "get_entity", arguments: {id: "T-001"}})));
//	for (const c of out.changes) { ... apply c.op "write" | "delete" | "rename" ... }
//
// projectcanvas.stage(text, lengths) hands files to the next load without
// JSON, packed as UTF-8 bytes and their lengths (see stageFunc; a host
// reading a large vault stages it in parts); load takes them with the
// files of its input. projectcanvas.indexCache()
// resolves to a Uint8Array, the index cache of the last load made with an
// index_key, which projectcanvas.stageIndexCache(bytes) hands to the next
// load (see bridge.Bridge.IndexCache). projectcanvas.docIndexCache()
// resolves, once the document index is built, to its cache, which
// projectcanvas.stageDocIndexCache(bytes) hands to the next load.
//
// Outbound HTTP (an embeddings endpoint, Notion) goes through the host
// (docs/ARCHITECTURE.md, "Outbound HTTP"): the host sets projectcanvas.transport to an async
// function taking {method, url, headers, body} (body a string) and
// resolving to {status, body, headers?} (headers: string values, for
// Retry-After), e.g. around Obsidian's requestUrl. Without it such calls
// fail with an error saying so. The host may also set
// projectcanvas.vectorStore, where a person's model's vectors are kept on
// the device (see vectors.go).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"syscall/js"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/wasm/bridge"
)

func main() {
	api := js.Global().Get("Object").New()
	turn := newYielder().yield
	b := bridge.New(bridge.WithTransport(jsTransport{api}), bridge.WithPause(turn), bridge.WithVectorStores(jsVectorStores(api)))
	docsDone := afterDocs(b.WaitDocs, turn)
	for _, name := range bridge.Functions {
		api.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any {
			input, err := inputOf(args)
			call := withLoadGC(name, func() ([]byte, error) {
				if err != nil {
					return nil, err
				}
				return b.Call(context.Background(), name, []byte(input))
			}, docsDone)
			if len(args) > 1 && args[1].Type() == js.TypeFunction {
				answer(call, args[1])
				return nil
			}
			return promise(call)
		}))
	}
	api.Set("stage", stageFunc(b))
	api.Set("stageIndexCache", stageIndexCacheFunc(b))
	api.Set("indexCache", indexCacheFunc(b))
	api.Set("stageDocIndexCache", stageDocIndexCacheFunc(b))
	api.Set("docIndexCache", docIndexCacheFunc(b))
	api.Set("version", "dev")
	js.Global().Set("projectcanvas", api)
	select {} // keep the functions alive
}

// afterDocs is wait (the document index's build) followed by one turn of
// the host's event loop. Go gives the thread back only once every
// goroutine waits, so by then the calls the build's end woke (a search
// sent at start-up) have run, however they take turns among themselves.
func afterDocs(wait func(context.Context) error, turn func()) func(context.Context) error {
	return func(ctx context.Context) error {
		err := wait(ctx)
		turn()
		return err
	}
}

// inputOf reads a call's argument: a JSON string, or any other value, which
// it stringifies. JSON.stringify throws on a circular object, a BigInt or a
// throwing getter or toJSON; that throw reaches Go as a panic, here on the
// caller's stack and outside any goroutine's recover, where it would end
// the program for every later call. So it is caught and becomes the
// call's refusal.
func inputOf(args []js.Value) (input string, err error) {
	defer func() {
		if v := recover(); v != nil {
			input, err = "", pc.Errorf(pc.CodeInvalidArgument, "the argument cannot be turned into JSON: %.200v", v)
		}
	}()
	if len(args) == 0 {
		return "{}", nil
	}
	switch v := args[0]; v.Type() {
	case js.TypeString:
		return v.String(), nil
	case js.TypeUndefined, js.TypeNull:
		return "{}", nil
	default:
		// undefined for a function or a Symbol: refused as not JSON below.
		return js.Global().Get("JSON").Call("stringify", v).String(), nil
	}
}

// answer runs f in its own goroutine and, the moment f returns, calls
// done(error, null) or done(null, the JSON string). A Promise's reactions
// run only once Go hands the thread back to JavaScript, which waits for
// every goroutine that can still run: the document index's build up to
// its next pause, and the collector's first cycle after the build, which
// held answers back by 30 to 45 ms. A host that posts the answer from
// done delivers it while Go goes on.
func answer(f func() ([]byte, error), done js.Value) {
	go func() {
		// done is the host's: a throw from it must not end the program.
		defer func() { _ = recover() }()
		out, err := safely(f)
		if err != nil {
			done.Invoke(jsError(err), js.Null())
			return
		}
		done.Invoke(js.Null(), string(out))
	}()
}

// promise runs f in its own goroutine and settles a Promise with its
// result: the JSON string, or an Error carrying the error's code.
func promise(f func() ([]byte, error)) js.Value {
	return settled(f, func(out []byte) any { return string(out) })
}

// bytesPromise is promise resolving to a Uint8Array of f's bytes.
func bytesPromise(f func() ([]byte, error)) js.Value {
	return settled(f, func(out []byte) any {
		arr := js.Global().Get("Uint8Array").New(len(out))
		js.CopyBytesToJS(arr, out)
		return arr
	})
}

// settled runs f in its own goroutine and settles a Promise with as(its
// result), or an Error carrying the error's code.
func settled(f func() ([]byte, error), as func([]byte) any) js.Value {
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
			resolve.Invoke(as(out))
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

// settle turns the promise of the host's transport into one that always
// fulfils with a plain {ok, status, body, headers} or {ok: false, message};
// headers (optional, string values) carry Retry-After and the like.
var settle = js.Global().Get("Function").New("p", `
	const text = (e) => { try { return String(e); } catch (_) { return "an unprintable error"; } };
	return p.then((v) => {
		const status = v == null ? undefined : v.status, body = v == null ? undefined : v.body;
		if (typeof status !== "number" || !Number.isInteger(status)) return {ok: false, message: "it resolved to no {status, body}"};
		const headers = {};
		try {
			const h = v.headers;
			if (h && typeof h === "object") for (const k of Object.keys(h)) if (typeof h[k] === "string") headers[k.toLowerCase()] = h[k];
		} catch (_) {}
		return {ok: true, status, body: typeof body === "string" ? body : "", headers};
	}).catch((e) => ({ok: false, message: text(e)}));
`)

// jsTransport sends a request through the host's projectcanvas.transport,
// read at each call so that the host may set it after loading.
type jsTransport struct{ api js.Value }

func (t jsTransport) Do(ctx context.Context, r *pc.OutboundRequest) (*pc.OutboundResponse, error) {
	send := t.api.Get("transport")
	if send.Type() != js.TypeFunction {
		return nil, errors.New("the host set no projectcanvas.transport")
	}
	headers := js.Global().Get("Object").New()
	for k, v := range r.Header {
		headers.Set(k, v)
	}
	req := js.Global().Get("Object").New()
	req.Set("method", r.Method)
	req.Set("url", r.URL)
	req.Set("headers", headers)
	req.Set("body", string(r.Body))
	type answer struct {
		resp *pc.OutboundResponse
		err  error
	}
	done := make(chan answer, 1)
	// The host's answer is read in JavaScript (settle), where a throwing
	// getter is caught: from Go, Value.Get on it would throw through the
	// WebAssembly stack. Go reads only the plain object settle makes.
	onDone := js.FuncOf(func(_ js.Value, args []js.Value) any {
		v := args[0]
		if !v.Get("ok").Bool() {
			done <- answer{err: errors.New("projectcanvas.transport failed: " + v.Get("message").String())}
			return nil
		}
		header := map[string]string{}
		hs := v.Get("headers")
		keys := js.Global().Get("Object").Call("keys", hs)
		for i := range keys.Length() {
			k := keys.Index(i).String()
			header[k] = hs.Get(k).String()
		}
		done <- answer{resp: &pc.OutboundResponse{Status: v.Get("status").Int(), Body: []byte(v.Get("body").String()), Header: header}}
		return nil
	})
	// Called by a promise job, bound to req, so that a transport that
	// throws at once rejects rather than panicking here.
	call := send.Call("bind", js.Null(), req)
	settle.Invoke(js.Global().Get("Promise").Call("resolve").Call("then", call)).Call("then", onDone)
	select {
	case a := <-done:
		onDone.Release()
		return a.resp, a.err
	case <-ctx.Done():
		return nil, ctx.Err() // the callbacks stay alive for the late answer
	}
}
