// The worker's side: runs after Go's wasm_exec.js in the same source (a
// Blob), instantiates the core and answers the plugin's messages one by one
// (the core itself serializes what must be).
import type { ErrorInfo, FromWorker, InitInput, InitOutput, OutboundRequest, OutboundResponse, ToWorker, VaultFile, VectorRequest, WorkerFn } from "../protocol";
import { pack } from "./pack";

declare const Go: new () => { importObject: WebAssembly.Imports; run(i: WebAssembly.Instance): Promise<void>; exited?: boolean };
interface Api {
  [fn: string]: unknown;
  transport?: (r: OutboundRequest) => Promise<OutboundResponse>;
  vectorStore?: { [op in VectorRequest["op"]]: (name: string, bytes: Uint8Array | null) => Promise<Uint8Array | null> };
}

// self: the worker's global scope (a worker has no window), where Go's
// wasm_exec.js installs the core's projectcanvas global.
const scope = self as unknown as { postMessage(m: FromWorker, transfer?: Transferable[]): void; onmessage: ((e: { data: ToWorker }) => void) | null; projectcanvas?: Api };
const post = (m: FromWorker, transfer?: Transferable[]) => scope.postMessage(m, transfer);

let api: Api | undefined;
let nextTransport = 1;
const transports = new Map<number, { resolve(r: OutboundResponse): void; reject(e: Error): void }>();
let nextVectors = 1;
const vectorRequests = new Map<number, { resolve(b: Uint8Array | null): void; reject(e: Error): void }>();

async function init(input: InitInput): Promise<string> {
  const go = new Go();
  const module = input.cached && await verified(input.cached, input.sha256);
  const instance = module ? await WebAssembly.instantiate(module, go.importObject) : await embedded(input, go.importObject);
  const core: InitOutput["core"] = module ? "cache" : "embedded";
  go.run(instance).then(() => post({ dead: "the core exited" }), (e) => post({ dead: "the core failed: " + String(e) }));
  for (let i = 0; !scope.projectcanvas && i < 500; i++) await new Promise((r) => self.setTimeout(r, 10));
  api = scope.projectcanvas;
  if (!api) throw new Error("the core installed no projectcanvas global");
  // Outbound HTTP (an embeddings endpoint, Notion) is the plugin's:
  // requestUrl lives on the main thread. Its answers carry the response's
  // headers (Retry-After) through as they are.
  api.transport = (request) => new Promise((resolve, reject) => {
    const id = nextTransport++;
    transports.set(id, { resolve, reject });
    post({ transport: id, request });
  });
  // The device's store of a person's model's vectors is the plugin's
  // too (IndexedDB, or the tests' own): the core's requests go to it and
  // the bytes come back transferred.
  if (input.vectorStore) {
    const ask = (op: VectorRequest["op"]) => (name: string, bytes: Uint8Array | null) => new Promise<Uint8Array | null>((resolve, reject) => {
      const id = nextVectors++;
      vectorRequests.set(id, { resolve, reject });
      const copy = bytes ? bytes.slice().buffer : undefined;
      post({ vectors: id, request: { op, name, bytes: copy } }, copy ? [copy] : []);
    });
    api.vectorStore = { load: ask("load"), append: ask("append"), replace: ask("replace") };
  }
  const out: InitOutput = { version: typeof api.version === "string" ? api.version : "dev", core };
  return JSON.stringify(out);
}

/**
 * A cached copy of the core, compiled, if it is the one this plugin
 * carries (its SHA-256): a copy changed or cut short on disk is never
 * run. The hash and the compile run side by side.
 */
async function verified(bytes: ArrayBuffer, sha256: string): Promise<WebAssembly.Module | undefined> {
  try {
    const [digest, module] = await Promise.all([crypto.subtle.digest("SHA-256", bytes), WebAssembly.compile(bytes)]);
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    return hex === sha256 ? module : undefined;
  } catch {
    return undefined; // not WebAssembly, or no crypto.subtle: the embedded copy
  }
}

/** The core main.js carries, decompressed; sent back to be kept when asked. */
async function embedded(input: InitInput, imports: WebAssembly.Imports): Promise<WebAssembly.Instance> {
  const bin = atob(input.gzipBase64);
  const gz = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) gz[i] = bin.charCodeAt(i);
  const unzipped = () => new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"));
  if (input.keep) {
    const bytes = await new Response(unzipped()).arrayBuffer();
    const { instance } = await WebAssembly.instantiate(bytes, imports);
    post({ wasm: bytes }, [bytes]);
    return instance;
  }
  try {
    // Compiles while it decompresses (about 100 ms less than one after the other).
    return (await WebAssembly.instantiateStreaming(new Response(unzipped(), { headers: { "Content-Type": "application/wasm" } }), imports)).instance;
  } catch {
    return (await WebAssembly.instantiate(await new Response(unzipped()).arrayBuffer(), imports)).instance;
  }
}

function errorInfo(e: unknown): ErrorInfo {
  const err = e as { code?: unknown; message?: unknown; details?: unknown };
  const message = typeof err?.message === "string" ? err.message : String(e);
  if (err && typeof err.code === "string") return { code: err.code, message, details: err.details as ErrorInfo["details"] };
  return { code: "internal", message };
}

let started: Promise<string> | undefined;
let initArrived!: () => void;
const initSeen = new Promise<void>((r) => { initArrived = r; });

/** How a call's outcome goes back to the plugin. */
interface Reply { ok(output: string | Uint8Array): void; fail(err: unknown): void }

/** The core's functions that answer through a callback: bridge.Functions in Go (see answer in wasm/main.go); the others take no callback. */
const CALLBACK_FNS: ReadonlySet<string> = new Set<WorkerFn>(["load", "events", "call", "http", "tools", "command", "commands"]);

async function run(fn: WorkerFn, input: unknown, reply: Reply): Promise<void> {
  if (fn === "init") {
    started = init(input as InitInput);
    initArrived();
    return reply.ok(await started);
  }
  // The plugin sends the vault while the core is being instantiated, and
  // may send it before init itself (which waits for the kept core to be
  // read): each chunk is packed at once, the core takes it once up.
  const packed = fn === "stage" ? pack(input as VaultFile[]) : undefined;
  await initSeen;
  await started?.catch(() => undefined);
  if (!api) throw new Error("the core is not started");
  // stage: chunks of the vault go to the core packed (projectcanvas.stage,
  // no JSON) while the main thread reads the next; load takes them.
  const f = api[fn];
  if (typeof f !== "function") throw Object.assign(new Error(`the core has no function ${fn}`), { code: "not_found" });
  if (CALLBACK_FNS.has(fn)) {
    // Posted from inside the core's callback: a promise's reaction would
    // wait until the core gives the thread back (a build, a collection).
    (f as (s: unknown, done: (err: unknown, out: string | null) => void) => void)(input, (err, out) => err ? reply.fail(err) : reply.ok(out ?? ""));
    return;
  }
  if (packed) return reply.ok(await (f as (text: Uint8Array, lengths: Uint8Array) => Promise<string>)(...packed));
  if ((fn === "stageIndexCache" || fn === "stageDocIndexCache") && !(input instanceof Uint8Array)) input = new Uint8Array(input as ArrayBuffer);
  reply.ok(await (f as (s: unknown) => Promise<string | Uint8Array>)(input));
}

/** The reply to message id. */
function replyTo(id: number): Reply {
  return {
    ok(output) {
      if (typeof output === "string") post({ id, ok: true, output });
      else { // indexCache's bytes, handed over rather than copied
        const bytes = output.byteOffset === 0 && output.byteLength === output.buffer.byteLength ? output.buffer as ArrayBuffer : output.slice().buffer;
        post({ id, ok: true, output: "", bytes }, [bytes]);
      }
    },
    fail(err) {
      post({ id, ok: false, error: errorInfo(err) });
      // Go refuses every call once its program has ended (a panic outside
      // the bridge's recover, an out-of-memory trap): say so, so that the
      // plugin starts a new worker.
      if (/Go program has already exited/.test(String(err && (err as Error).message))) post({ dead: "the core exited" });
    },
  };
}

scope.onmessage = (e) => {
  const m = e.data;
  if ("transport" in m) {
    const t = transports.get(m.transport);
    transports.delete(m.transport);
    if (t && m.response) t.resolve(m.response);
    else if (t) t.reject(new Error(m.error ?? "no response"));
    return;
  }
  if ("vectors" in m) {
    const v = vectorRequests.get(m.vectors);
    vectorRequests.delete(m.vectors);
    if (v && m.error !== undefined) v.reject(new Error(m.error));
    else v?.resolve(m.bytes ? new Uint8Array(m.bytes) : null);
    return;
  }
  const reply = replyTo(m.id);
  run(m.fn, m.input, reply).catch((err) => reply.fail(err));
};
