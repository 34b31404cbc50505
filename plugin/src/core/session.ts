// One vault held by the core: the worker's life (start, stop, a crash
// restarted and the vault reloaded, ready or failed) and the calls a
// person, a command or the HTTP API makes. How a vault is loaded is
// loader.ts's; the order of calls, events and applied changes is
// calls.ts's. It shows nothing itself: main.ts turns its progress and
// messages into the status bar and notices.
import type { App, TAbstractFile } from "obsidian";
import type { Applied } from "../vault/apply";
import { CODE_CRASHED, CoreClient, CoreError } from "./core";
import { KnownFiles } from "../vault/files";
import { CallQueue } from "./calls";
import { message } from "./failures";
import { VaultLoader } from "./loader";
import type { CallOutput, CommandInfo, CommandResult, HttpInput, HttpOutput, LoadOutput, OutboundRequest, OutboundResponse, VaultEvent, VectorStore } from "./protocol";

export type Progress =
  | { phase: "starting" }
  | { phase: "reading"; done: number; total: number }
  | { phase: "indexing"; files: number }
  | { phase: "ready"; entities: number; problems: number; ms: number }
  | { phase: "failed"; message: string };

export interface SessionOptions {
  app: App;
  workerSource: string;
  wasmGzipBase64: string;
  /** The .wasm's SHA-256 (hex): with cacheDir, the decompressed core is kept there between starts. */
  wasmSha256?: string;
  /** The bearer token of the in-editor HTTP API. */
  token(): string;
  /** Where document search may send note text: the person's device-local setting; undefined keeps it in the editor. */
  embeddings?(): { endpoint: string; model: string; api_key?: string } | undefined;
  transport(req: OutboundRequest): Promise<OutboundResponse>;
  /** Where a person's model's vectors are kept on this device (vault/vectorStore.ts); none: for each load only. */
  vectorStore?: VectorStore;
  /** The vault's name on this device, naming its store of vectors. */
  vaultId?: string;
  onProgress(p: Progress): void;
  /** A message for a person (a notice). */
  notify(message: string): void;
  /** Files read and sent to the worker per chunk. */
  chunkSize?: number;
  /** The plugin's folder (vault path), where the file cache (and on the desktop the core) is kept; none without it. */
  cacheDir?: string;
}

/** A call's answer with what applying its changes did. */
export type Answer<R> = CallOutput<R> & { applied: Applied };

/** Crashes within CRASH_WINDOW_MS after which the core is not restarted again. */
const MAX_CRASHES = 3;
const CRASH_WINDOW_MS = 60_000;

export class Session {
  readonly known = new KnownFiles();
  readonly core: CoreClient;
  /** The entity count of the last load. */
  entities = 0;
  private loaded = false;
  private stopped = false;
  private readyP!: Promise<void>;
  /** Whether readyP has resolved or rejected: a new load then needs a new one. */
  private settled = true;
  private settle!: { resolve(): void; reject(e: Error): void };
  private crashes: number[] = [];
  private readonly loader: VaultLoader;
  private readonly queue: CallQueue;

  constructor(private readonly opts: SessionOptions) {
    this.core = new CoreClient({
      workerSource: opts.workerSource,
      wasmGzipBase64: opts.wasmGzipBase64,
      wasmSha256: opts.wasmSha256,
      wasmStore: VaultLoader.wasmStore(opts),
      transport: (r) => opts.transport(r),
      vectorStore: opts.vectorStore,
      onCrash: (why) => this.crashed(why),
    });
    this.resetReady();
    this.loader = new VaultLoader(opts, this.core, this.known, () => this.stopped);
    this.queue = new CallQueue({
      app: opts.app, core: this.core, known: this.known, notify: (m) => opts.notify(m),
      loaded: () => this.loaded,
      reload: (inTurn) => inTurn ? this.load() : this.reload(),
    });
  }

  /** How the last load used the index cache. */
  get indexCacheStats(): LoadOutput["index_cache"] | undefined { return this.loader.indexCacheStats; }
  /** The last save of the index cache (tests wait for it). */
  get indexCacheSaved(): Promise<void> { return this.loader.indexCacheSaved; }
  /** The last save of the document index's cache. */
  get docIndexCacheSaved(): Promise<void> { return this.loader.docIndexCacheSaved; }
  /** Files the last load took from the file cache, and read from the vault. */
  get cacheStats(): { hits: number; misses: number } { return this.loader.cacheStats; }

  /** Resolves when the vault is loaded; rejects when the core cannot run. */
  ready(): Promise<void> { return this.readyP; }

  get isReady(): boolean { return this.loaded; }

  /** Starts the worker and loads the vault (onLayoutReady). */
  start(): Promise<void> {
    return this.queue.exclusive(() => this.load()).catch(() => undefined);
  }

  /** Reloads the whole vault into the core. */
  reload(): Promise<void> { return this.queue.exclusive(() => this.load()); }

  /** Ends the worker; later calls fail. */
  stop(): void {
    this.stopped = true;
    this.queue.stop();
    this.core.stop();
    this.fail(new CoreError("unavailable", "Project Canvas is stopped"));
  }

  /** A vault event, as Obsidian fires it; sent to the core in batches, after the load. */
  onVaultEvent(type: VaultEvent["type"], file: TAbstractFile, oldPath?: string): void {
    if (!this.stopped) this.queue.onVaultEvent(type, file, oldPath);
  }

  /** Calls a tool and applies its changes; liveCanvases as for command. */
  call<R = Record<string, unknown>>(name: string, args: unknown = {}, { liveCanvases = true }: { liveCanvases?: boolean } = {}): Promise<Answer<R>> {
    return this.mutate<R>("call", { name, arguments: args }, liveCanvases);
  }

  /**
   * Runs a command of the command registry and applies its changes. With
   * liveCanvases false the open canvases' live data is not compared with
   * what the core holds first: for the keystrokes of a suggester, during
   * which the modal holds the editor and no canvas can change (that
   * comparison serializes every open canvas: 20 ms at 10,000 nodes).
   */
  command(id: string, args?: unknown, { liveCanvases = true }: { liveCanvases?: boolean } = {}): Promise<Answer<CommandResult>> {
    return this.mutate<CommandResult>("command", args === undefined ? { id } : { id, arguments: args }, liveCanvases);
  }

  /** The command registry's commands. */
  async commands(): Promise<CommandInfo[]> {
    await this.ready();
    return (await this.core.json<{ commands: CommandInfo[] }>("commands", {})).commands;
  }

  /**
   * Runs a long command (a sync with Notion, most of its time spent waiting
   * on the network) without holding every other call behind it: the
   * vault's events and open canvases are handed over in turn, then the
   * core works on it while commands, events and HTTP requests go ahead
   * (the core's writes are serialized by its own locks). Its changes are
   * applied in the order the core's answers came, like every answer's.
   */
  async commandInBackground(id: string, args?: unknown): Promise<Answer<CommandResult>> {
    await this.ready();
    await this.queue.exclusive(() => this.queue.syncBeforeCall());
    const out = await this.core.json<CallOutput<CommandResult>>("command", args === undefined ? { id } : { id, arguments: args });
    const applied = await this.queue.applyInOrder(out.changes, false);
    return { ...out, applied };
  }

  /** Serves one request of the HTTP API and applies its changes. */
  async http(req: HttpInput): Promise<HttpOutput> {
    await this.ready();
    return this.queue.exclusive(async () => {
      await this.queue.syncBeforeCall();
      const out = await this.core.json<HttpOutput>("http", req);
      await this.queue.applyInOrder(out.changes, true);
      return out;
    });
  }

  private async mutate<R>(fn: "call" | "command", input: unknown, liveCanvases = true): Promise<Answer<R>> {
    await this.ready();
    return this.queue.exclusive(async () => {
      await this.queue.syncBeforeCall(liveCanvases);
      const out = await this.core.json<CallOutput<R>>(fn, input);
      const applied = await this.queue.applyInOrder(out.changes, true);
      return { ...out, applied };
    });
  }

  private resetReady(): void {
    this.loaded = false;
    if (!this.settled) return; // callers already wait for the load under way
    this.settled = false;
    this.readyP = new Promise<void>((resolve, reject) => { this.settle = { resolve, reject }; });
    this.readyP.catch(() => undefined); // a failure is reported through progress too
  }

  private fail(e: Error): void {
    this.loaded = false;
    this.settled = true;
    this.settle.reject(e);
    this.readyP = Promise.reject(e);
    this.readyP.catch(() => undefined);
  }

  /** Loads the vault (loader.ts), then sends the events seen meanwhile. Runs in the queue's turn. */
  private async load(): Promise<void> {
    if (this.stopped) return;
    const t0 = Date.now();
    this.resetReady();
    try {
      this.queue.reset();
      const loaded = await this.loader.load();
      this.entities = loaded.out.entities;
      this.loaded = true;
      this.settled = true;
      this.settle.resolve();
      this.opts.onProgress({ phase: "ready", entities: loaded.out.entities, problems: (loaded.out.problems ?? []).length, ms: Date.now() - t0 });
      this.loader.afterReady(loaded);
    } catch (e) {
      if ((e as CoreError).code === CODE_CRASHED) throw e; // crashed() restarts
      const err = e instanceof Error ? e : new Error(String(e));
      this.fail(err);
      this.opts.onProgress({ phase: "failed", message: message(err) });
      throw err;
    }
    await this.queue.sendEvents(); // the events seen while loading
  }

  private crashed(why: string): void {
    if (this.stopped) return;
    const now = Date.now();
    this.crashes = this.crashes.filter((t) => now - t < CRASH_WINDOW_MS);
    this.crashes.push(now);
    this.loaded = false;
    if (this.crashes.length > MAX_CRASHES) {
      const e = new CoreError("unavailable", `the core stopped ${this.crashes.length} times in a minute (${why}); reload the plugin to try again`);
      this.fail(e);
      this.opts.notify(`Project Canvas: ${e.message}`);
      this.opts.onProgress({ phase: "failed", message: e.message });
      return;
    }
    this.opts.notify(`Project Canvas: ${why}; restarting and reloading the vault.`);
    this.resetReady();
    this.queue.exclusive(() => this.load()).catch(() => undefined);
  }
}
