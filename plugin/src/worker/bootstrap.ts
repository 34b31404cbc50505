// The worker's side: runs after Go's wasm_exec.js in the same source (a
// Blob), instantiates the core and answers the plugin's messages one by one
// (the core itself serializes what must be).
import type { ErrorInfo, FromWorker, OutboundRequest, OutboundResponse, ToWorker, VaultFile } from "../protocol";

declare const Go: new () => { importObject: WebAssembly.Imports; run(i: WebAssembly.Instance): Promise<void>; exited?: boolean };
interface Api { [fn: string]: unknown; transport?: (r: OutboundRequest) => Promise<OutboundResponse> }

const scope = globalThis as unknown as { postMessage(m: FromWorker): void; onmessage: ((e: { data: ToWorker }) => void) | null; projectcanvas?: Api };
const post = (m: FromWorker) => scope.postMessage(m);

let api: Api | undefined;
let staged: VaultFile[] = [];
let nextTransport = 1;
const transports = new Map<number, { resolve(r: OutboundResponse): void; reject(e: Error): void }>();

async function init(base64: string): Promise<string> {
  const bin = atob(base64);
  const gz = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) gz[i] = bin.charCodeAt(i);
  const unzipped = () => new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"));
  const go = new Go();
  let instance: WebAssembly.Instance;
  try {
    // Compiles while it decompresses (about 100 ms less than one after the other).
    ({ instance } = await WebAssembly.instantiateStreaming(new Response(unzipped(), { headers: { "Content-Type": "application/wasm" } }), go.importObject));
  } catch {
    ({ instance } = await WebAssembly.instantiate(await new Response(unzipped()).arrayBuffer(), go.importObject));
  }
  go.run(instance).then(() => post({ dead: "the core exited" }), (e) => post({ dead: "the core failed: " + String(e) }));
  for (let i = 0; !scope.projectcanvas && i < 500; i++) await new Promise((r) => setTimeout(r, 10));
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
  return JSON.stringify({ version: api.version ?? "dev" });
}

function errorInfo(e: unknown): ErrorInfo {
  const err = e as { code?: unknown; message?: unknown; details?: unknown };
  if (err && typeof err.code === "string") return { code: err.code, message: String(err.message), details: err.details };
  return { code: "internal", message: err && err.message !== undefined ? String(err.message) : String(e) };
}

let started: Promise<string> | undefined;

async function run(fn: string, input: unknown): Promise<string> {
  if (fn === "init") return (started = init(input as string));
  // The plugin sends the vault while the core is being instantiated.
  if (started) await started.catch(() => undefined);
  if (!api) throw new Error("the core is not started");
  if (fn === "stage") {
    // Chunks of the vault arrive as plain objects, so the main thread never
    // builds the whole load's JSON; load sends them all at once.
    for (const f of input as VaultFile[]) staged.push(f);
    return JSON.stringify({ staged: staged.length });
  }
  if (fn === "load") {
    const extra = JSON.parse((input as string) || "{}");
    const files = staged;
    staged = [];
    input = JSON.stringify({ ...extra, files });
  }
  const f = api[fn];
  if (typeof f !== "function") throw Object.assign(new Error(`the core has no function ${fn}`), { code: "not_found" });
  return await (f as (s: unknown) => Promise<string>)(input);
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
  run(m.fn, m.input).then(
    (output) => post({ id: m.id, ok: true, output }),
    (err) => {
      post({ id: m.id, ok: false, error: errorInfo(err) });
      // Go refuses every call once its program has ended (a panic outside
      // the bridge's recover, an out-of-memory trap): say so, so that the
      // plugin starts a new worker.
      if (/Go program has already exited/.test(String(err && (err as Error).message))) post({ dead: "the core exited" });
    });
};
