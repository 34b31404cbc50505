// A copy of the vault's tracked files in the plugin's folder, so that the
// next start reads one file instead of thousands. The plugin's folder
// syncs with the vault, so the cache is this device's: sealed with its key
// (seal.ts), and a cache this device did not write is not opened. An
// entry is used only when the file's mtime and size are those it was
// cached with (the rule Obsidian's own metadata cache follows), its text
// has that size in UTF-8 and still has the hash it was saved with; any
// other entry, or a cache that cannot be read, is read from the vault
// again and the cache rewritten. The core indexes what the load hands it
// either way: the cache saves reading, not checking.
import type { TFile } from "obsidian";
import { hashOf } from "./files";
import type { Seal } from "./seal";
import { yieldThread } from "../core/yieldThread";

/** The adapter calls the cache makes (Obsidian's DataAdapter). */
export interface CacheAdapter {
  exists(path: string): Promise<boolean>;
  readBinary(path: string): Promise<ArrayBuffer>;
  writeBinary(path: string, data: ArrayBuffer): Promise<void>;
}

const VERSION = 3;
/** path, mtime, size, hashOf(content), content. */
type Entry = [string, number, number, number, string];
/** Entries parsed or serialized per slice of the main thread. */
const SLICE = 500;
/** Bytes of the cache decoded per slice of the main thread. */
const DECODE_BYTES = 1 << 20;

/**
 * The cache file: a header line {"version":3,"mac":...} (the seal's MAC of
 * everything after it), then one entry per line (JSON escapes the newlines
 * of a text), so that it is parsed and written a slice at a time: one
 * JSON.parse of 10,000 files held the main thread for tens of
 * milliseconds.
 */
export class FileCache {
  constructor(private readonly adapter: CacheAdapter, private readonly dir: string, private readonly seal: Promise<Seal>) {}

  /** file-cache-<device>.jsonl: each device that syncs the plugin's folder keeps its own. */
  async path(): Promise<string> { return `${this.dir}/file-cache-${(await this.seal).id}.jsonl`; }

  /**
   * The cache as saved, for one load; an unreadable or older cache is
   * empty. Its MAC is checked off the main thread while the load goes on:
   * the run's sealed answers whether it matched, and a load that took
   * texts from a cache that did not must read them again (Session does).
   */
  async open(): Promise<CacheRun> {
    const old = new Map<string, Entry>();
    let sealed: Promise<boolean> = Promise.resolve(true);
    try {
      const path = await this.path();
      if (await this.adapter.exists(path)) {
        // Read as bytes: the MAC is checked on them, and they are decoded once.
        const bytes = new Uint8Array(await this.adapter.readBinary(path));
        const cut = bytes.indexOf(0x0a);
        const header = JSON.parse(new TextDecoder().decode(bytes.subarray(0, cut))) as { version?: unknown; mac?: unknown };
        const rest = bytes.subarray(cut + 1);
        // The MAC is computed off the main thread (WebCrypto) while the
        // entries are parsed; none of them is used unless it matches.
        const mac = cut > 0 ? (await this.seal).macOf(rest) : Promise.resolve("");
        mac.catch(() => undefined);
        if (header.version === VERSION && cut > 0) {
          sealed = mac.then((m) => m === header.mac, () => false);
          // Decoded a piece at a time: one decode of a 20 MB cache was a
          // task of 50 ms on the main thread.
          const decoder = new TextDecoder();
          let carry = "";
          for (let at = 0; at < rest.byteLength; at += DECODE_BYTES) {
            const lines = (carry + decoder.decode(rest.subarray(at, at + DECODE_BYTES), { stream: at + DECODE_BYTES < rest.byteLength })).split("\n");
            carry = lines.pop() ?? "";
            for (const line of lines) {
              const e: unknown = line ? JSON.parse(line) : undefined;
              if (valid(e)) old.set(e[0], e);
            }
            await yieldThread();
          }
          if (carry) throw new Error("cut short"); // the file ends with a newline
        }
      }
    } catch {
      old.clear(); // not JSON, or not readable: rebuilt by this load
      sealed = Promise.resolve(true);
    }
    return new CacheRun(this, old, sealed);
  }

  /** A run with nothing cached: for a load whose cache turned out not to be this device's. */
  fresh(): CacheRun { return new CacheRun(this, new Map(), Promise.resolve(true)); }

  /** Writes entries; sliced, so that no slice holds the main thread long. */
  async write(entries: Entry[]): Promise<void> {
    const parts: string[] = [];
    for (let i = 0; i < entries.length; i += SLICE) {
      for (const e of entries.slice(i, i + SLICE)) parts.push(JSON.stringify(e));
      await yieldThread();
    }
    // Encoded a slice at a time too, then joined (the MAC is over the whole).
    const encoder = new TextEncoder();
    const pieces: Uint8Array[] = [];
    let size = 0;
    for (let i = 0; i < parts.length; i += SLICE) {
      const piece = encoder.encode(parts.slice(i, i + SLICE).join("\n") + "\n");
      pieces.push(piece);
      size += piece.byteLength;
      await yieldThread();
    }
    const rest = new Uint8Array(size);
    let at = 0;
    for (const piece of pieces) {
      rest.set(piece, at);
      at += piece.byteLength;
    }
    const header = encoder.encode(JSON.stringify({ version: VERSION, mac: await (await this.seal).macOf(rest) }) + "\n");
    const file = new Uint8Array(header.byteLength + rest.byteLength);
    file.set(header, 0);
    file.set(rest, header.byteLength);
    await this.adapter.writeBinary(await this.path(), file.buffer);
  }
}

/** The UTF-8 byte length of s, without encoding it. */
function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1; // a surrogate pair's 4 bytes: 2 units + 1 + 1
  }
  return n;
}

function valid(e: unknown): e is Entry {
  return Array.isArray(e) && e.length === 5 && typeof e[0] === "string" && typeof e[1] === "number" &&
    typeof e[2] === "number" && typeof e[3] === "number" && typeof e[4] === "string";
}

/** One load's use of the cache: take what is still good, put what was read. */
export class CacheRun {
  /** Files taken from the cache, and read from the vault. */
  hits = 0;
  misses = 0;
  private next: Entry[] = [];
  private hashes = new Map<string, number>();

  /** Whether the cache was this device's (its MAC matched); until then its texts are only provisional. */
  constructor(private readonly cache: FileCache, private readonly old: Map<string, Entry>, readonly sealed: Promise<boolean>) {}

  /** The cached text of f, if f has not changed since; undefined otherwise. */
  take(f: TFile): string | undefined {
    const e = this.old.get(f.path);
    if (!e || e[1] !== f.stat.mtime || e[2] !== f.stat.size) return undefined;
    const h = hashOf(e[4]);
    if (h !== e[3]) return undefined;
    this.hashes.set(f.path, h);
    return e[4];
  }

  /**
   * Records f's text for the next start; returns hashOf(content). A text
   * read from the vault is kept only if its UTF-8 length is the size the
   * file had (it did not change between the stat and the read); the seal
   * keeps it so until the next start takes it.
   */
  put(f: TFile, content: string): number {
    const taken = this.hashes.get(f.path);
    const h = taken ?? hashOf(content);
    if (taken === undefined) this.misses++;
    else this.hits++;
    if (taken !== undefined || utf8Length(content) === f.stat.size) this.next.push([f.path, f.stat.mtime, f.stat.size, h, content]);
    return h;
  }

  /** Saves the files put, unless they are exactly what the cache held. */
  async save(): Promise<void> {
    if (this.misses === 0 && this.hits === this.old.size) return;
    await this.cache.write(this.next);
  }
}
