// Where the vectors a person's embeddings model returned are kept: this
// device's IndexedDB (the editor's own storage, per app and device), never
// the vault, so nothing of it travels with the vault or is read from
// someone else's. The core decides what is stored (a cache of its own
// format, checked record by record when read, its size bounded: see
// docsearch.CachedEmbedder); this file only keeps its bytes by name, as
// parts appended in order, or one part replacing them all.
import type { VectorStore } from "../core/protocol";

const DB_NAME = "project-canvas-vectors";
const PARTS = "parts"; // key [name, seq] -> ArrayBuffer

/** The device's store, or undefined where there is no IndexedDB (the vectors are then kept for each load only). */
export function deviceVectorStore(idb: IDBFactory | undefined = window.indexedDB): VectorStore | undefined {
  if (!idb || typeof IDBKeyRange === "undefined") return undefined;
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => db ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = idb.open(DB_NAME, 1);
    req.onupgradeneeded = () => { req.result.createObjectStore(PARTS); };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB did not open"));
  }).catch((e: unknown) => { db = undefined; throw e; }); // tried again at the next use
  const partsOf = (name: string) => IDBKeyRange.bound([name, 0], [name, Number.MAX_SAFE_INTEGER]);
  const run = async <T>(mode: IDBTransactionMode, f: (parts: IDBObjectStore) => () => T): Promise<T> => {
    const tx = (await open()).transaction(PARTS, mode);
    const result = f(tx.objectStore(PARTS));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error("the IndexedDB transaction was aborted"));
    });
    return result();
  };
  return {
    load: (name) => run("readonly", (parts) => {
      const req = parts.getAll(partsOf(name));
      return () => {
        const all = (req.result as unknown[]).filter((p): p is ArrayBuffer => p instanceof ArrayBuffer);
        if (all.length === 0) return undefined;
        const out = new Uint8Array(all.reduce((n, p) => n + p.byteLength, 0));
        let at = 0;
        for (const p of all) { out.set(new Uint8Array(p), at); at += p.byteLength; }
        return out;
      };
    }),
    // The next part's number comes from the last one, read in the same transaction.
    append: (name, bytes) => run("readwrite", (parts) => {
      const last = parts.openKeyCursor(partsOf(name), "prev");
      last.onsuccess = () => {
        const key = last.result?.key as [string, number] | undefined;
        parts.put(bytes.slice().buffer, [name, key ? key[1] + 1 : 0]);
      };
      return () => undefined;
    }),
    // One transaction: a crash leaves the old parts or the new one.
    replace: (name, bytes) => run("readwrite", (parts) => {
      parts.delete(partsOf(name));
      parts.put(bytes.slice().buffer, [name, 0]);
      return () => undefined;
    }),
  };
}
