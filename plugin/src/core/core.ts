// The main thread's side of the core: one worker running the WebAssembly,
// requests by id, and the outbound HTTP the core asks for. It knows nothing
// of Obsidian; Session decides what a crash means (a restart and a reload).
import type { ErrorInfo, FromWorker, InitInput, InitOutput, OutboundRequest, OutboundResponse, ToWorker, VaultFile, VectorRequest, VectorStore, WorkerFn } from "./protocol";

/** A refusal or failure of the core, carrying its code (docs/ARCHITECTURE.md, "Errors"). */
export class CoreError extends Error {
  constructor(readonly code: string, message: string, readonly details?: unknown) {
    super(message);
    this.name = "CoreError";
  }
  static from(e: ErrorInfo): CoreError { return new CoreError(e.code, e.message, e.details); }
}

/** The code of calls that were pending when the worker died. */
export const CODE_CRASHED = "core_crashed";

/** A copy of the decompressed core kept between starts (see wasmCache.ts). */
export interface WasmStore {
  read(): Promise<ArrayBuffer | undefined>;
  write(bytes: ArrayBuffer): Promise<void>;
}

export interface CoreOptions {
  workerSource: string;
  wasmGzipBase64: string;
  /** The SHA-256 of the .wasm (hex), which a kept copy must have to be run. */
  wasmSha256?: string;
  /** Where the decompressed core is kept between starts; none: decompressed at every start. */
  wasmStore?: WasmStore;
  /** Outbound HTTP, e.g. around Obsidian's requestUrl. */
  transport(req: OutboundRequest): Promise<OutboundResponse>;
  /** Where a person's model's vectors are kept on the device; none: for the load only. */
  vectorStore?: VectorStore;
  /** Called once when the running worker dies; pending calls are rejected with CODE_CRASHED. */
  onCrash(why: string): void;
}

interface Pending { resolve(out: string, bytes?: ArrayBuffer): void; reject(e: Error): void }

export class CoreClient {
  private worker: Worker | undefined;
  private url: string | undefined;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private generation = 0;
  /** Where the last start took the core from. */
  coreSource: InitOutput["core"] | undefined;

  constructor(private readonly opts: CoreOptions) {}

  get running(): boolean { return this.worker !== undefined; }

  /**
   * Starts a worker and instantiates the core in it; resolves when it
   * answers. Requests may be sent at once: the worker runs them once the
   * core is up.
   */
  async start(): Promise<void> {
    this.stop();
    const gen = ++this.generation;
    // Read while the worker starts; a copy that cannot be read is no copy.
    const store = this.opts.wasmSha256 ? this.opts.wasmStore : undefined;
    const kept = store ? store.read().catch(() => undefined) : Promise.resolve(undefined);
    this.url = URL.createObjectURL(new Blob([this.opts.workerSource], { type: "text/javascript" }));
    const worker = new Worker(this.url);
    this.worker = worker;
    worker.onmessage = (e: MessageEvent<FromWorker>) => this.receive(gen, e.data);
    worker.onerror = (e: ErrorEvent) => { e.preventDefault?.(); this.crashed(gen, "the core's worker failed: " + (e.message || "unknown error")); };
    worker.onmessageerror = () => this.crashed(gen, "the core's worker sent an unreadable message");
    const cached = await kept;
    const input: InitInput = { gzipBase64: this.opts.wasmGzipBase64, sha256: this.opts.wasmSha256 ?? "", cached, keep: store !== undefined, vectorStore: this.opts.vectorStore !== undefined };
    const out = JSON.parse(await this.request("init", input, cached ? [cached] : [])) as InitOutput;
    this.coreSource = out.core;
  }

  /** Ends the worker; pending calls are rejected. */
  stop(): void {
    this.generation++;
    this.teardown(new CoreError("unavailable", "the core was stopped"));
  }

  /** Kills the worker as a crash would (tests and the benchmark). */
  kill(): void { this.worker?.terminate(); this.crashed(this.generation, "the core's worker was killed"); }

  /** Sends a chunk of files for the next load. */
  stage(files: VaultFile[]): Promise<string> { return this.request("stage", files); }

  /**
   * Hands the next load the index cache an earlier one made. bytes's
   * whole buffer is transferred (the caller's no more after): a view past
   * a header goes over without a copy of what it views.
   */
  stageIndexCache(bytes: Uint8Array): Promise<string> { return this.request("stageIndexCache", bytes, [bytes.buffer]); }

  /** The index cache of the last load (empty when it was given no index_key). */
  indexCache(): Promise<ArrayBuffer> {
    return this.send("indexCache", "{}", []).then(([, bytes]) => bytes ?? new ArrayBuffer(0));
  }

  /** Hands the next load the document index's cache an earlier one made (transferred, as stageIndexCache). */
  stageDocIndexCache(bytes: Uint8Array): Promise<string> { return this.request("stageDocIndexCache", bytes, [bytes.buffer]); }

  /** The document index's cache, once the index is built (empty when there is nothing new to keep). */
  docIndexCache(): Promise<ArrayBuffer> {
    return this.send("docIndexCache", "{}", []).then(([, bytes]) => bytes ?? new ArrayBuffer(0));
  }

  /** Calls a bridge function with a JSON string (or a value, stringified here) and returns its JSON answer. */
  request(fn: WorkerFn, input: unknown, transfer: Transferable[] = []): Promise<string> {
    if (fn !== "init" && fn !== "stage" && fn !== "stageIndexCache" && fn !== "stageDocIndexCache" && typeof input !== "string") input = JSON.stringify(input ?? {});
    return this.send(fn, input, transfer).then(([out]) => out);
  }

  /** One message to the worker; its answer, with the bytes it carries. */
  private send(fn: WorkerFn, input: unknown, transfer: Transferable[]): Promise<[string, ArrayBuffer?]> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new CoreError("unavailable", "the core is not running"));
    const id = this.nextId++;
    return new Promise<[string, ArrayBuffer?]>((resolve, reject) => {
      this.pending.set(id, { resolve: (out, bytes) => resolve([out, bytes]), reject });
      const msg: ToWorker = { id, fn, input };
      worker.postMessage(msg, transfer);
    });
  }

  /** request, with the answer parsed. */
  async json<T>(fn: WorkerFn, input: unknown): Promise<T> {
    return JSON.parse(await this.request(fn, input)) as T;
  }

  private receive(gen: number, m: FromWorker): void {
    if (gen !== this.generation) return;
    if ("dead" in m) { this.crashed(gen, m.dead); return; }
    if ("transport" in m) { this.forward(gen, m.transport, m.request); return; }
    if ("vectors" in m) { this.forwardVectors(gen, m.vectors, m.request); return; }
    if ("wasm" in m) { this.opts.wasmStore?.write(m.wasm).catch(() => undefined); return; } // kept for the next start, or not
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (m.ok) p.resolve(m.output, m.bytes);
    else p.reject(CoreError.from(m.error));
  }

  private forward(gen: number, id: number, req: OutboundRequest): void {
    const reply = (m: ToWorker) => { if (gen === this.generation) this.worker?.postMessage(m); };
    let sent: Promise<OutboundResponse>;
    try { sent = this.opts.transport(req); } catch (e) { sent = Promise.reject(e instanceof Error ? e : new Error(String(e))); }
    sent.then((r) => reply({ transport: id, response: { status: r.status, body: r.body, headers: lowerCased(r.headers) } }),
      (e) => reply({ transport: id, error: e instanceof Error ? e.message : String(e) }));
  }

  /** A request of the core's vector store, answered from the device's (bytes transferred). */
  private forwardVectors(gen: number, id: number, req: VectorRequest): void {
    const reply = (m: ToWorker, transfer: Transferable[] = []) => { if (gen === this.generation) this.worker?.postMessage(m, transfer); };
    const store = this.opts.vectorStore;
    let done: Promise<Uint8Array | undefined | void>;
    try {
      if (!store) done = Promise.resolve(undefined);
      else if (req.op === "load") done = store.load(req.name);
      else if (req.op === "append" || req.op === "replace") done = store[req.op](req.name, new Uint8Array(req.bytes ?? new ArrayBuffer(0)));
      else done = Promise.reject(new Error(`no vector store operation ${String(req.op)}`));
    } catch (e) {
      done = Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    done.then((bytes) => {
      if (!(bytes instanceof Uint8Array)) return reply({ vectors: id });
      const copy = bytes.slice().buffer;
      reply({ vectors: id, bytes: copy }, [copy]);
    }, (e) => reply({ vectors: id, error: e instanceof Error ? e.message : String(e) }));
  }

  private crashed(gen: number, why: string): void {
    if (gen !== this.generation || !this.worker) return;
    this.generation++;
    this.teardown(new CoreError(CODE_CRASHED, why));
    this.opts.onCrash(why);
  }

  private teardown(err: Error): void {
    this.worker?.terminate();
    this.worker = undefined;
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = undefined;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(err);
  }
}

/** Header names lower-cased (HTTP's are case-insensitive), values as strings; none when there are none. */
function lowerCased(h: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!h || typeof h !== "object") return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined && v !== null) out[k.toLowerCase()] = String(v);
  return out;
}
