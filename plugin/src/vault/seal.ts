// Caches in the plugin's folder (the file cache, the core's index cache)
// travel with the vault when the folder syncs, so a teammate could write
// one. Each is sealed with an HMAC-SHA-256 whose key lives on this device
// only (App.saveLocalStorage, never in the vault nor the plugin's folder):
// a cache this device did not write is not opened, and is rebuilt.
import type { App } from "obsidian";

const KEY_NAME = "project-canvas-cache-key";
const MAC_BYTES = 32;

export class Seal {
  /**
   * @param id names this device's caches (file-cache-<id>.jsonl): two
   * devices that sync the plugin's folder each keep their own, instead of
   * rebuilding the other's at every start.
   */
  private constructor(private readonly key: CryptoKey, readonly id: string) {}

  /** The seal of this device for app's vault: its key, made on first use. */
  static async of(app: App): Promise<Seal> {
    let saved: unknown = null;
    try { saved = app.loadLocalStorage(KEY_NAME); } catch { /* none yet */ }
    let { key, id } = (saved && typeof saved === "object" ? saved : {}) as { key?: unknown; id?: unknown };
    if (typeof key !== "string" || !/^[0-9a-f]{64}$/.test(key) || typeof id !== "string" || !/^[0-9a-f]{8}$/.test(id)) {
      key = hex(crypto.getRandomValues(new Uint8Array(32)));
      id = hex(crypto.getRandomValues(new Uint8Array(4)));
      app.saveLocalStorage(KEY_NAME, { key, id });
    }
    const bytes = new Uint8Array((key as string).match(/../g)!.map((h) => parseInt(h, 16)));
    return new Seal(await crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]), id as string);
  }

  /** data with its MAC in front. */
  async seal(data: Uint8Array): Promise<Uint8Array> {
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", this.key, data as BufferSource));
    const out = new Uint8Array(MAC_BYTES + data.byteLength);
    out.set(mac, 0);
    out.set(data, MAC_BYTES);
    return out;
  }

  /** What seal sealed, or undefined for bytes this device's key did not seal. */
  async open(sealed: Uint8Array): Promise<Uint8Array | undefined> {
    if (sealed.byteLength < MAC_BYTES) return undefined;
    const data = sealed.subarray(MAC_BYTES);
    const ok = await crypto.subtle.verify("HMAC", this.key, sealed.subarray(0, MAC_BYTES) as BufferSource, data as BufferSource);
    return ok ? data : undefined;
  }

  /** The MAC of bytes, as hex: for the file cache's header. */
  async macOf(data: Uint8Array): Promise<string> {
    return hex(new Uint8Array(await crypto.subtle.sign("HMAC", this.key, data as BufferSource)));
  }
}

function hex(b: Uint8Array): string { return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(""); }
