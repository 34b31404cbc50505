// One vault held by the core: starts the worker, loads the vault in chunks,
// forwards vault events, runs calls one at a time and applies their
// changes, and restarts and reloads a core that died. It shows nothing
// itself: main.ts turns its progress and messages into the status bar and
// notices.
import { Platform, TAbstractFile, TFile, type App } from "obsidian";
import { ApplyError, applyChanges, type Applied } from "../vault/apply";
import * as canvas from "../editor/canvasAdapter";
import { CODE_CRASHED, CoreClient, CoreError } from "./core";
import { FileCache, type CacheRun } from "../vault/fileCache";
import { hashOf, KnownFiles, OWN_FOLDER, ownFileLoaded, tracked } from "../vault/files";
import { IndexCacheFile } from "../vault/indexCache";
import { Seal } from "../vault/seal";
import { WasmCache } from "./wasmCache";
import { yieldThread } from "./yieldThread";
import type { CallOutput, Change, CommandInfo, CommandResult, HttpInput, HttpOutput, LoadOutput, OutboundRequest, OutboundResponse, VaultEvent, VaultFile } from "./protocol";

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

interface Pending { type: VaultEvent["type"]; path: string; from?: string }

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
  private chain: Promise<unknown> = Promise.resolve();
  /** The applies of the core's answers, in the order the answers came (applyInOrder). */
  private applyChain: Promise<unknown> = Promise.resolve();
  private pending: Pending[] = [];
  private flushTimer: number | undefined;
  private crashes: number[] = [];
  /** Hashes of the live data of open canvases as last sent to or set by the core. */
  private liveSeen = new Map<string, number>();
  /** The vault's files as the last load read them, kept in the plugin's folder. */
  readonly cache: FileCache | undefined;
  /** What decoding the vault's files gave, kept in the plugin's folder for the core's build (wasmSha256). */
  readonly indexCache: IndexCacheFile | undefined;
  /** The document index's cache, per device (desktop and mobile alike). */
  readonly docIndexCache: IndexCacheFile | undefined;
  docIndexCacheSaved: Promise<void> = Promise.resolve();
  /** How the last load used the index cache. */
  indexCacheStats: LoadOutput["index_cache"] | undefined;
  /** The last save of the index cache (tests wait for it). */
  indexCacheSaved: Promise<void> = Promise.resolve();
  /** Files the last load took from the cache, and read from the vault. */
  cacheStats = { hits: 0, misses: 0 };

  constructor(private readonly opts: SessionOptions) {
    this.core = new CoreClient({
      workerSource: opts.workerSource,
      wasmGzipBase64: opts.wasmGzipBase64,
      wasmSha256: opts.wasmSha256,
      wasmStore: opts.cacheDir && opts.wasmSha256 && Platform.isDesktopApp ? new WasmCache(opts.app.vault.adapter, opts.cacheDir, opts.wasmSha256) : undefined,
      transport: (r) => opts.transport(r),
      onCrash: (why) => this.crashed(why),
    });
    this.resetReady();
    if (opts.cacheDir) {
      const seal = Seal.of(opts.app);
      seal.catch(() => undefined); // a cache without a seal is not used: each use says so
      this.cache = new FileCache(opts.app.vault.adapter, opts.cacheDir, seal);
      if (opts.wasmSha256) this.indexCache = new IndexCacheFile(opts.app.vault.adapter, opts.cacheDir, seal);
      this.docIndexCache = new IndexCacheFile(opts.app.vault.adapter, opts.cacheDir, seal, "doc-index-cache");
    }
  }

  private get app(): App { return this.opts.app; }

  /** Resolves when the vault is loaded; rejects when the core cannot run. */
  ready(): Promise<void> { return this.readyP; }

  get isReady(): boolean { return this.loaded; }

  /** Starts the worker and loads the vault (onLayoutReady). */
  start(): Promise<void> {
    return this.exclusive(() => this.load()).catch(() => undefined);
  }

  /** Reloads the whole vault into the core. */
  reload(): Promise<void> { return this.exclusive(() => this.load()); }

  /** Ends the worker; later calls fail. */
  stop(): void {
    this.stopped = true;
    if (this.flushTimer !== undefined) window.clearTimeout(this.flushTimer);
    this.core.stop();
    this.fail(new CoreError("unavailable", "Project Canvas is stopped"));
  }

  /** A vault event, as Obsidian fires it; sent to the core in batches, after the load. */
  onVaultEvent(type: VaultEvent["type"], file: TAbstractFile, oldPath?: string): void {
    if (!(file instanceof TFile) || this.stopped) return;
    if (!tracked(file.path) && !(oldPath !== undefined && tracked(oldPath))) return;
    this.pending.push(oldPath === undefined ? { type, path: file.path } : { type, path: file.path, from: oldPath });
    if (this.loaded && this.flushTimer === undefined) {
      this.flushTimer = window.setTimeout(() => {
        this.flushTimer = undefined;
        this.exclusive(() => this.sendEvents()).catch((e) => this.opts.notify(`Project Canvas: a vault change did not reach the index: ${message(e)}`));
      }, 0);
    }
  }

  /** Calls a tool and applies its changes. */
  call<R = Record<string, unknown>>(name: string, args: unknown = {}): Promise<Answer<R>> {
    return this.mutate<R>("call", { name, arguments: args });
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
    await this.exclusive(() => this.syncBeforeCall());
    const out = await this.core.json<CallOutput<CommandResult>>("command", args === undefined ? { id } : { id, arguments: args });
    const applied = await this.applyInOrder(out.changes, false);
    return { ...out, applied };
  }

  /** Serves one request of the HTTP API and applies its changes. */
  async http(req: HttpInput): Promise<HttpOutput> {
    await this.ready();
    return this.exclusive(async () => {
      await this.syncBeforeCall();
      const out = await this.core.json<HttpOutput>("http", req);
      await this.applyInOrder(out.changes, true);
      return out;
    });
  }

  private async mutate<R>(fn: "call" | "command", input: unknown, liveCanvases = true): Promise<Answer<R>> {
    await this.ready();
    return this.exclusive(async () => {
      await this.syncBeforeCall(liveCanvases);
      const out = await this.core.json<CallOutput<R>>(fn, input);
      const applied = await this.applyInOrder(out.changes, true);
      return { ...out, applied };
    });
  }

  /**
   * Applies an answer's changes after those of every answer that came
   * before it. The core hands each answer the files written since the last
   * one, so applying answers in the order they came applies the core's
   * writes in the order it made them, also while a background command runs
   * beside the others. Called at once when the answer comes (no await in
   * between), which keeps that order. inTurn: the caller holds the call
   * chain, and a reload after a failed change runs at once; otherwise it is
   * queued behind the calls under way.
   */
  private applyInOrder(changes: Change[], inTurn: boolean): Promise<Applied> {
    const run = this.applyChain.then(() => this.applyOrReload(changes, inTurn));
    this.applyChain = run.catch(() => undefined);
    return run;
  }

  /** Runs f after every earlier operation: calls, event batches and loads never interleave. */
  private exclusive<T>(f: () => Promise<T>): Promise<T> {
    const run = this.chain.then(f);
    this.chain = run.catch(() => undefined);
    return run;
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

  /** Reads the vault in chunks into the worker, then loads it. */
  private async load(): Promise<void> {
    if (this.stopped) return;
    const t0 = Date.now();
    this.resetReady();
    try {
      this.opts.onProgress({ phase: "starting" });
      // The core is instantiated (about half a second) while the vault is read.
      const started = this.core.running ? Promise.resolve() : this.core.start();
      started.catch(() => undefined); // awaited below
      const indexCache = this.indexCache?.read();
      this.known.clear();
      this.liveSeen.clear();
      // In path order, the core's own files first (they start with a
      // dot): the core then keeps the order without sorting.
      const files = this.app.vault.getFiles().filter((f) => tracked(f.path)).sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
      const own = await this.ownFiles();
      const total = files.length + own.length;
      const size = this.opts.chunkSize ?? 500;
      let done = 0;
      const sent: Promise<unknown>[] = [];
      this.opts.onProgress({ phase: "reading", done, total });
      // Files unchanged since the cache was written (same mtime and size,
      // and the cached text still has its hash) are not read again.
      let cached = this.cache ? await this.cache.open() : undefined;
      const ownFiles: VaultFile[] = [];
      for (const path of own) ownFiles.push({ path, content: await this.app.vault.adapter.read(path) });
      sent.push(this.core.stage(ownFiles));
      await this.stageFiles(files, size, cached, sent, (n) => {
        done += n;
        this.opts.onProgress({ phase: "reading", done, total });
      });
      if (cached && !(await cached.sealed)) {
        // The cache was not this device's (its MAC did not match): every
        // file is read from the vault and staged again, and the later copy
        // of a path is the one the load takes.
        cached = this.cache!.fresh();
        await this.stageFiles(files, size, cached, sent, () => undefined);
      }
      const indexBytes = await indexCache;
      if (indexBytes) sent.push(this.core.stageIndexCache(indexBytes));
      await started;
      await Promise.all(sent);
      this.opts.onProgress({ phase: "indexing", files: total });
      // The document index's cache is read and checked while the core
      // loads (the main thread waits then; the MAC is WebCrypto's, off
      // it), and handed over after the answer: its build waits for it, the
      // editor does not. Read while the vault was read and staged, its
      // tens of megabytes slowed the load of 10,000 entities and 10,000
      // notes by about a tenth; handed over after the answer, it arrived
      // as the first commands did and held them back (62 against 31 ms).
      const docCache = this.docIndexCache?.read();
      const out = await this.core.json<LoadOutput>("load", { token: this.opts.token(), embeddings: this.opts.embeddings?.(), doc_index_cache: this.docIndexCache !== undefined, index_key: this.indexCache ? this.opts.wasmSha256 : undefined });
      if (out.changes.length > 0) {
        // A multi-file write was interrupted (a crash): the core rolled
        // its files back, and the vault must follow.
        await applyChanges(this.app, this.known, out.changes);
        this.opts.notify(`Project Canvas: an interrupted change was rolled back (${out.changes.length} file changes).`);
      }
      if (docCache) {
        void docCache.then((bytes) => this.core.stageDocIndexCache(bytes ?? new Uint8Array(0))).catch(() => undefined);
      }
      this.entities = out.entities;
      this.loaded = true;
      this.settled = true;
      this.settle.resolve();
      this.opts.onProgress({ phase: "ready", entities: out.entities, problems: (out.problems ?? []).length, ms: Date.now() - t0 });
      if (cached) this.cacheStats = { hits: cached.hits, misses: cached.misses };
      cached?.save().catch((e) => this.opts.notify(`Project Canvas: the file cache was not saved: ${message(e)}`));
      this.indexCacheStats = out.index_cache;
      if (this.indexCache && out.index_cache?.stale) this.saveIndexCache(this.indexCache);
      if (this.docIndexCache) this.saveDocIndexCache(this.docIndexCache);
    } catch (e) {
      if ((e as CoreError).code === CODE_CRASHED) throw e; // crashed() restarts
      const err = e instanceof Error ? e : new Error(String(e));
      this.fail(err);
      this.opts.onProgress({ phase: "failed", message: message(err) });
      throw err;
    }
    await this.sendEvents(); // the events seen while loading
  }

  /**
   * Reads files in chunks of size, each text from the cache run when it
   * has it, else from the vault; records each file's hash and stages the
   * chunk (sent gets its answer, which comes once the core is up);
   * progress hears of each chunk's length.
   */
  private async stageFiles(files: TFile[], size: number, cached: CacheRun | undefined, sent: Promise<unknown>[], progress: (n: number) => void): Promise<void> {
    for (let i = 0; i < files.length; i += size) {
      const chunk = files.slice(i, i + size);
      const contents = await Promise.all(chunk.map(async (f) => cached?.take(f) ?? this.app.vault.cachedRead(f)));
      chunk.forEach((f, j) => this.known.setHash(f.path, cached ? cached.put(f, contents[j]) : hashOf(contents[j])));
      sent.push(this.core.stage(chunk.map((f, j): VaultFile => ({ path: f.path, content: contents[j] }))));
      progress(chunk.length);
      // Chunks the cache answers whole never wait on the vault: without
      // a yield, 10,000 files were one task of 30 ms.
      await yieldThread();
    }
  }

  /**
   * Saves the document index's cache once the core has built the index
   * (in the background: the core answers when the build ends), so that the
   * next start re-chunks and re-embeds only the files that changed.
   */
  private saveDocIndexCache(file: IndexCacheFile): void {
    this.docIndexCacheSaved = this.core.docIndexCache()
      .then((bytes) => bytes.byteLength > 0 ? file.write(bytes) : undefined)
      .catch((e) => {
        if ((e as CoreError).code !== CODE_CRASHED && !this.stopped) this.opts.notify(`Project Canvas: the document index's cache was not saved: ${message(e)}`);
      });
  }

  /** Saves the index cache of the load just made, in the background. */
  private saveIndexCache(file: IndexCacheFile): void {
    this.indexCacheSaved = this.core.indexCache()
      .then((bytes) => bytes.byteLength > 0 ? file.write(bytes) : undefined)
      .catch((e) => {
        if ((e as CoreError).code !== CODE_CRASHED && !this.stopped) this.opts.notify(`Project Canvas: the index cache was not saved: ${message(e)}`);
      });
  }

  /** The files of the core's own folder the core reads (hidden: the adapter lists them). */
  private async ownFiles(): Promise<string[]> {
    const adapter = this.app.vault.adapter;
    const out: string[] = [];
    const walk = async (folder: string): Promise<void> => {
      if (!(await adapter.exists(folder))) return;
      const list = await adapter.list(folder);
      for (const f of list.files) if (ownFileLoaded(f)) out.push(f);
      for (const d of list.folders) if (ownFileLoaded(d + "/x")) await walk(d);
    };
    await walk(OWN_FOLDER);
    return out.sort();
  }

  /** Sends the vault events seen since the last batch, less the echoes of the plugin's own writes. */
  private async sendEvents(): Promise<void> {
    if (!this.loaded) return;
    const batch = this.pending.splice(0);
    const events: VaultEvent[] = [];
    for (const ev of batch) {
      if (ev.type === "delete") {
        if (!this.known.has(ev.path)) continue;
        this.known.delete(ev.path);
        events.push({ type: "delete", path: ev.path });
      } else if (ev.type === "rename" && ev.from !== undefined && this.known.has(ev.from)) {
        if (tracked(ev.path)) {
          this.known.rename(ev.from, ev.path);
          events.push({ type: "rename", path: ev.path, from: ev.from });
        } else {
          this.known.delete(ev.from);
          events.push({ type: "delete", path: ev.from });
        }
      } else if (tracked(ev.path)) {
        // create, modify, or a rename from a file the core did not hold
        const f = this.app.vault.getAbstractFileByPath(ev.path);
        if (!(f instanceof TFile)) continue; // gone since: its delete follows
        const content = await this.app.vault.cachedRead(f);
        if (this.known.same(ev.path, content)) continue;
        events.push({ type: this.known.has(ev.path) ? "modify" : "create", path: ev.path, content });
        this.known.set(ev.path, content);
      }
    }
    if (events.length > 0) await this.sendChecked(events);
  }

  /**
   * The core checks a batch whole: one event it refuses (a file name it
   * cannot hold) would drop the others, so a refused batch is sent again
   * one by one and the refused files are named.
   */
  private async sendChecked(events: VaultEvent[]): Promise<void> {
    try {
      await this.core.request("events", { events });
      return;
    } catch (e) {
      if ((e as CoreError).code !== "invalid_argument" || events.length === 1) {
        if ((e as CoreError).code === "invalid_argument") this.opts.notify(`Project Canvas: ${events[0].path} is not indexed: ${message(e)}`);
        else throw e;
        return;
      }
    }
    for (const ev of events) await this.sendChecked([ev]);
  }

  /** Before a call: the vault events not sent yet, and (unless liveCanvases is false) the live data of open canvases the core has not seen. */
  private async syncBeforeCall(liveCanvases = true): Promise<void> {
    const events: VaultEvent[] = [];
    for (const c of liveCanvases ? canvas.openCanvases(this.app) : []) {
      const data = canvas.liveData(c);
      if (data === undefined) continue;
      const h = hashOf(data);
      if (this.liveSeen.get(c.path) === h) continue;
      this.liveSeen.set(c.path, h);
      if (this.known.same(c.path, data)) continue;
      events.push({ type: this.known.has(c.path) ? "modify" : "create", path: c.path, content: data });
      this.known.set(c.path, data);
    }
    await this.sendEvents();
    if (events.length > 0) await this.sendChecked(events);
  }

  /**
   * Applies changes; when one cannot be applied the vault is reloaded, so
   * that the core rolls back from its journal what was half applied, and
   * the failure is reported.
   */
  private async applyOrReload(changes: Change[], inTurn = true): Promise<Applied> {
    try {
      const applied = await applyChanges(this.app, this.known, changes);
      for (const f of applied.fallbacks) this.opts.notify(`Project Canvas: ${f}`);
      this.noteLive(changes);
      return applied;
    } catch (e) {
      if (!(e instanceof ApplyError)) throw e;
      this.opts.notify(`Project Canvas: ${e.message}. ${e.index} of ${changes.length} changes were applied; reloading the vault.`);
      if (inTurn) await this.load();
      else void this.reload().catch(() => undefined); // in turn, behind the calls under way
      throw new CoreError(e.conflict ? "conflict" : "internal", e.message, { path: e.change.path, applied: e.index });
    }
  }

  private noteLive(changes: Change[]): void {
    const written = new Set(changes.filter((c) => c.op === "write" && c.path.endsWith(".canvas")).map((c) => c.path));
    if (written.size === 0) return;
    for (const c of canvas.openCanvases(this.app)) {
      if (!written.has(c.path)) continue;
      const data = canvas.liveData(c);
      if (data !== undefined) this.liveSeen.set(c.path, hashOf(data));
    }
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
    this.exclusive(() => this.load()).catch(() => undefined);
  }
}

export function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
