// The decompressed core, kept in the plugin's folder between starts on the
// desktop: the next start compiles it straight from disk instead of
// inflating 13 MB first (in Node's worker, 50 ms instead of 180 ms). The
// file is named after the core's hash, so an update of the plugin never
// finds an old copy, and the worker runs a copy only when its SHA-256 is
// the one main.js carries: a file cut short or changed on disk is
// replaced, never run. Phones inflate natively and read binary files
// slowly through their bridge, so they do not keep one.
import type { DataAdapter } from "obsidian";
import type { WasmStore } from "./core";

/** The copy's file name for a core hash: core-<first 16 hex digits>.wasm. */
export function wasmFileName(sha256: string): string {
  return `core-${sha256.slice(0, 16)}.wasm`;
}

const COPY = /^core-[0-9a-f]{16}\.wasm$/;

/** The adapter calls the store makes. */
export type WasmAdapter = Pick<DataAdapter, "exists" | "readBinary" | "writeBinary" | "list" | "remove">;

export class WasmCache implements WasmStore {
  readonly path: string;

  constructor(private readonly adapter: WasmAdapter, private readonly dir: string, sha256: string) {
    this.path = `${dir}/${wasmFileName(sha256)}`;
  }

  async read(): Promise<ArrayBuffer | undefined> {
    return (await this.adapter.exists(this.path)) ? this.adapter.readBinary(this.path) : undefined;
  }

  /** Writes the copy and removes the copies of other versions. */
  async write(bytes: ArrayBuffer): Promise<void> {
    await this.adapter.writeBinary(this.path, bytes);
    const { files } = await this.adapter.list(this.dir);
    for (const f of files) {
      const name = f.slice(f.lastIndexOf("/") + 1);
      if (COPY.test(name) && f !== this.path) await this.adapter.remove(f).catch(() => undefined);
    }
  }
}
