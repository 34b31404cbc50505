// Loading a vault into the core: the vault's files read in chunks (from the
// file cache when they have not changed) and staged in the worker while the
// core is instantiated, the core's own files, the start-up caches handed
// over and saved again afterwards. The session decides when to load; this
// file is how.
import { Platform, TFile, type App } from "obsidian";
import { applyChanges } from "../vault/apply";
import { CODE_CRASHED, type CoreClient, type CoreError } from "./core";
import { FileCache, type CacheRun } from "../vault/fileCache";
import { hashOf, type KnownFiles, OWN_FOLDER, ownFileLoaded, tracked } from "../vault/files";
import { IndexCacheFile } from "../vault/indexCache";
import { Seal } from "../vault/seal";
import { WasmCache } from "./wasmCache";
import { yieldThread } from "./yieldThread";
import { message } from "./failures";
import type { SessionOptions } from "./session";
import type { LoadOutput, VaultFile } from "./protocol";

/** A load's answer, and the file cache run it read through (saved by afterReady). */
export interface Loaded { out: LoadOutput; cached: CacheRun | undefined }

export class VaultLoader {
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

  constructor(
    private readonly opts: SessionOptions,
    private readonly core: CoreClient,
    private readonly known: KnownFiles,
    private readonly stopped: () => boolean,
  ) {
    if (opts.cacheDir) {
      const seal = Seal.of(opts.app);
      seal.catch(() => undefined); // a cache without a seal is not used: each use says so
      this.cache = new FileCache(opts.app.vault.adapter, opts.cacheDir, seal);
      if (opts.wasmSha256) this.indexCache = new IndexCacheFile(opts.app.vault.adapter, opts.cacheDir, seal);
      this.docIndexCache = new IndexCacheFile(opts.app.vault.adapter, opts.cacheDir, seal, "doc-index-cache");
    }
  }

  /** Where the decompressed core is kept between starts: on the desktop, with a cache folder and the core's hash. */
  static wasmStore(opts: SessionOptions): WasmCache | undefined {
    return opts.cacheDir && opts.wasmSha256 && Platform.isDesktopApp ? new WasmCache(opts.app.vault.adapter, opts.cacheDir, opts.wasmSha256) : undefined;
  }

  private get app(): App { return this.opts.app; }

  /** Reads the vault in chunks into the worker, starting the core meanwhile, then loads it. */
  async load(): Promise<Loaded> {
    this.opts.onProgress({ phase: "starting" });
    // The core is instantiated (about half a second) while the vault is read.
    const started = this.core.running ? Promise.resolve() : this.core.start();
    started.catch(() => undefined); // awaited below
    const indexCache = this.indexCache?.read();
    this.known.clear();
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
    const out = await this.core.json<LoadOutput>("load", {
      token: this.opts.token(), embeddings: this.opts.embeddings?.(), vault_id: this.opts.vaultId,
      doc_index_cache: this.docIndexCache !== undefined, index_key: this.indexCache ? this.opts.wasmSha256 : undefined,
    });
    if (out.changes.length > 0) {
      // A multi-file write was interrupted (a crash): the core rolled
      // its files back, and the vault must follow.
      await applyChanges(this.app, this.known, out.changes);
      this.opts.notify(`Project Canvas: an interrupted change was rolled back (${out.changes.length} file changes).`);
    }
    if (docCache) {
      void docCache.then((bytes) => this.core.stageDocIndexCache(bytes ?? new Uint8Array(0))).catch(() => undefined);
    }
    return { out, cached };
  }

  /** Once the vault is ready: the caches of this load saved, in the background. */
  afterReady({ out, cached }: Loaded): void {
    if (cached) this.cacheStats = { hits: cached.hits, misses: cached.misses };
    cached?.save().catch((e) => this.opts.notify(`Project Canvas: the file cache was not saved: ${message(e)}`));
    this.indexCacheStats = out.index_cache;
    if (this.indexCache && out.index_cache?.stale) this.indexCacheSaved = this.save(this.core.indexCache(), this.indexCache, "the index cache");
    // The core answers once the document index is built, so that the
    // next start re-chunks and re-embeds only the files that changed.
    if (this.docIndexCache) this.docIndexCacheSaved = this.save(this.core.docIndexCache(), this.docIndexCache, "the document index's cache");
  }

  private save(bytes: Promise<ArrayBuffer>, file: IndexCacheFile, what: string): Promise<void> {
    return bytes
      .then((b) => b.byteLength > 0 ? file.write(b) : undefined)
      .catch((e) => {
        if ((e as CoreError).code !== CODE_CRASHED && !this.stopped()) this.opts.notify(`Project Canvas: ${what} was not saved: ${message(e)}`);
      });
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
}
