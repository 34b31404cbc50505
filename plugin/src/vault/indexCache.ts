// The core's index cache in the plugin's folder: what decoding each file
// of the vault gave (an entity's fields, or nothing for a note), so that
// the next start decodes only the files that changed; at 10,000 entity
// files, decoding is most of a start. The plugin's folder syncs with the
// vault, so the file is sealed with this device's key (seal.ts) and one
// this device did not write is never handed to the core. The core checks
// it too, whole (its format, the core's SHA-256 it was made by, a CRC-32C)
// and file by file (the size and CRC-64 of its bytes, and every restored
// entity as a decoded one is checked): a cache that does not match is
// rebuilt, never trusted (projectcanvas.WithIndexCache).
import type { DataAdapter } from "obsidian";
import type { Seal } from "./seal";

/** index-cache-<device>.bin: each device that syncs the folder keeps its own. */
export const indexCacheFile = (device: string, base = "index-cache") => `${base}-${device}.bin`;

/**
 * A cache of the core's, sealed per device: the index cache (base
 * "index-cache") or the document index's ("doc-index-cache"), which the
 * core checks file by file again (a file's content hash) before it uses
 * an entry.
 */
export class IndexCacheFile {
  constructor(private readonly adapter: Pick<DataAdapter, "exists" | "readBinary" | "writeBinary">, private readonly dir: string,
    private readonly seal: Promise<Seal>, private readonly base = "index-cache") {}

  /** Where the cache is, once the device's seal is known. */
  async path(): Promise<string> { return `${this.dir}/${indexCacheFile((await this.seal).id, this.base)}`; }

  /**
   * The cache as the last start on this device saved it; none when there
   * is none, it cannot be read, or this device did not seal it. A view
   * past the seal's MAC into bytes read for this call only, handed to the
   * worker as they are: a copy of the document index's cache (14 MB for
   * 10,000 entities and 10,000 notes) held the main thread 9 to 14 ms.
   */
  async read(): Promise<Uint8Array | undefined> {
    try {
      const path = await this.path();
      if (!(await this.adapter.exists(path))) return undefined;
      const opened = await (await this.seal).open(new Uint8Array(await this.adapter.readBinary(path)));
      return opened;
    } catch {
      return undefined;
    }
  }

  async write(bytes: ArrayBuffer): Promise<void> {
    const sealed = await (await this.seal).seal(new Uint8Array(bytes));
    await this.adapter.writeBinary(await this.path(), sealed.slice().buffer);
  }
}
