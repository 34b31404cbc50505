// The core's index cache in the plugin's folder: what decoding each file
// of the vault gave (an entity's fields, or nothing for a note), so that
// the next start decodes only the files that changed; at 10,000 entity
// files, decoding is most of a start. The core checks it whole (its
// format, the core's SHA-256 it was made by, a CRC-32C) and file by file
// (the size and CRC-64 of its bytes): a cache that does not match is
// rebuilt, never trusted (projectcanvas.WithIndexCache).
import type { DataAdapter } from "obsidian";

export const INDEX_CACHE_FILE = "index-cache.bin";

export class IndexCacheFile {
  readonly path: string;

  constructor(private readonly adapter: Pick<DataAdapter, "exists" | "readBinary" | "writeBinary">, dir: string) {
    this.path = `${dir}/${INDEX_CACHE_FILE}`;
  }

  /** The cache as the last start saved it; none when there is none or it cannot be read. */
  async read(): Promise<ArrayBuffer | undefined> {
    try {
      return (await this.adapter.exists(this.path)) ? await this.adapter.readBinary(this.path) : undefined;
    } catch {
      return undefined;
    }
  }

  write(bytes: ArrayBuffer): Promise<void> { return this.adapter.writeBinary(this.path, bytes); }
}
