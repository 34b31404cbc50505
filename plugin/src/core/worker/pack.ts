// Files packed for the core's projectcanvas.stage(text, lengths): each
// path and content as UTF-8, one after the other, and their byte lengths
// in turn as 32-bit integers (a Uint32Array's bytes: little-endian on
// every platform Obsidian runs on). The worker packs a chunk as it
// arrives, while the core may still be starting, so that staging it once
// the core is up is two copies.
import type { VaultFile } from "../protocol";

export function pack(files: VaultFile[]): [text: Uint8Array, lengths: Uint8Array] {
  if (!Array.isArray(files)) throw new TypeError("stage takes an array of {path, content}");
  let most = 0;
  for (let i = 0; i < files.length; i++) {
    const f = files[i] as Partial<VaultFile> | null;
    if (f === null || typeof f !== "object" || typeof f.path !== "string" || typeof f.content !== "string") {
      throw new TypeError(`item ${i} has no string path and content`);
    }
    most += 3 * (f.path.length + f.content.length); // UTF-8 takes at most 3 bytes per UTF-16 unit
  }
  const text = new Uint8Array(most), lengths = new Uint32Array(2 * files.length), encoder = new TextEncoder();
  let at = 0;
  const put = (s: string, i: number) => {
    lengths[i] = encoder.encodeInto(s, text.subarray(at)).written;
    at += lengths[i];
  };
  files.forEach((f, i) => { put(f.path, 2 * i); put(f.content, 2 * i + 1); });
  return [text.subarray(0, at), new Uint8Array(lengths.buffer)];
}
