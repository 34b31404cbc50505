// Which vault files the core sees, and what it believes they hold.

/** The core's own folder; hidden, so Obsidian's vault neither lists it nor fires events for it. */
export const OWN_FOLDER = ".projectcanvas";
/** The journal of a multi-file write: written first, removed last. */
export const JOURNAL_PATH = ".projectcanvas/journal.json";

/** Files of the core's folder never handed over: caches, the native server's token, temporary files. */
export function ownFileLoaded(path: string): boolean {
  const rest = path.slice(OWN_FOLDER.length + 1);
  return !(rest.startsWith("cache/") || rest === "token" || rest.endsWith(".tmp") || rest.split("/").some((p) => p.startsWith(".")));
}

/** The files the core indexes: notes and canvases outside hidden folders. */
export function tracked(path: string): boolean {
  if (!(path.endsWith(".md") || path.endsWith(".canvas"))) return false;
  return !hidden(path);
}

/** A path any of whose parts starts with a dot (or is node_modules), as the core's pc.Hidden. */
export function hidden(path: string): boolean {
  return path.split("/").some((p) => p.startsWith(".") || p === "node_modules");
}

/** The folder of a vault path, "" at the root. */
export function parentOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

/**
 * FNV-1a over UTF-16 code units: cheap enough to run over a whole vault on
 * the main thread, and only compared with itself.
 */
export function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h ^ s.length) >>> 0;
}

/**
 * What the core holds for each file (a hash of its content): a vault event
 * that carries the same content is the echo of a write the plugin applied,
 * and a file that no longer holds it was edited since the core last saw it.
 */
export class KnownFiles {
  private hashes = new Map<string, number>();

  clear(): void { this.hashes.clear(); }
  get size(): number { return this.hashes.size; }
  has(path: string): boolean { return this.hashes.has(path); }
  /** Whether content is what the core has for path. */
  same(path: string, content: string): boolean { return this.sameHash(path, hashOf(content)); }
  /** same, with hashOf(content) already known. */
  sameHash(path: string, hash: number): boolean { return this.hashes.get(path) === hash; }
  set(path: string, content: string): void { this.hashes.set(path, hashOf(content)); }
  /** set, with hashOf(content) already known. */
  setHash(path: string, hash: number): void { this.hashes.set(path, hash); }
  delete(path: string): void { this.hashes.delete(path); }
  rename(from: string, to: string): void {
    const h = this.hashes.get(from);
    this.hashes.delete(from);
    if (h !== undefined) this.hashes.set(to, h);
  }
}
