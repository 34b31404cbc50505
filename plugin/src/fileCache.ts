// A copy of the vault's tracked files in the plugin's folder, so that the
// next start reads one file instead of thousands. An entry is used only
// when the file's mtime and size are those it was cached with (the rule
// Obsidian's own metadata cache follows) and its text still has the hash
// it was saved with; any other entry, or a cache that cannot be read, is
// read from the vault again and the cache rewritten. The core indexes
// what the load hands it either way: the cache saves reading, not checking.
import type { TFile } from "obsidian";
import { hashOf } from "./files";
import { yieldThread } from "./yieldThread";

/** The adapter calls the cache makes (Obsidian's DataAdapter). */
export interface CacheAdapter {
  exists(path: string): Promise<boolean>;
  read(path: string): Promise<string>;
  write(path: string, data: string): Promise<void>;
}

const VERSION = 2;
/** path, mtime, size, hashOf(content), content. */
type Entry = [string, number, number, number, string];
/** Entries parsed or serialized per slice of the main thread. */
const SLICE = 500;

/**
 * The cache file: a header line {"version":2}, then one entry per line
 * (JSON escapes the newlines of a text), so that it is parsed and written
 * a slice at a time: one JSON.parse of 10,000 files held the main thread
 * for tens of milliseconds.
 */
export class FileCache {
  constructor(private readonly adapter: CacheAdapter, readonly path: string) {}

  /** The cache as saved, for one load; an unreadable or older cache is empty. */
  async open(): Promise<CacheRun> {
    const old = new Map<string, Entry>();
    try {
      if (await this.adapter.exists(this.path)) {
        const lines = (await this.adapter.read(this.path)).split("\n");
        const header = JSON.parse(lines[0]) as { version?: unknown };
        if (header.version === VERSION) {
          for (let i = 1; i < lines.length; i += SLICE) {
            for (const line of lines.slice(i, i + SLICE)) {
              const e: unknown = line ? JSON.parse(line) : undefined;
              if (valid(e)) old.set(e[0], e);
            }
            await yieldThread();
          }
        }
      }
    } catch {
      old.clear(); // not JSON, or not readable: rebuilt by this load
    }
    return new CacheRun(this, old);
  }

  /** Writes entries; sliced, so that no slice holds the main thread long. */
  async write(entries: Entry[]): Promise<void> {
    const parts = [JSON.stringify({ version: VERSION })];
    for (let i = 0; i < entries.length; i += SLICE) {
      for (const e of entries.slice(i, i + SLICE)) parts.push(JSON.stringify(e));
      await yieldThread();
    }
    await this.adapter.write(this.path, parts.join("\n") + "\n");
  }
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

  constructor(private readonly cache: FileCache, private readonly old: Map<string, Entry>) {}

  /** The cached text of f, if f has not changed since; undefined otherwise. */
  take(f: TFile): string | undefined {
    const e = this.old.get(f.path);
    if (!e || e[1] !== f.stat.mtime || e[2] !== f.stat.size) return undefined;
    const h = hashOf(e[4]);
    if (h !== e[3]) return undefined;
    this.hashes.set(f.path, h);
    return e[4];
  }

  /** Records f's text for the next start; returns hashOf(content). */
  put(f: TFile, content: string): number {
    const taken = this.hashes.get(f.path);
    const h = taken ?? hashOf(content);
    if (taken === undefined) this.misses++;
    else this.hits++;
    this.next.push([f.path, f.stat.mtime, f.stat.size, h, content]);
    return h;
  }

  /** Saves the files put, unless they are exactly what the cache held. */
  async save(): Promise<void> {
    if (this.misses === 0 && this.hits === this.old.size) return;
    await this.cache.write(this.next);
  }
}
