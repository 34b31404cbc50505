// @ts-check
// Node has no Web Worker: this one runs a Blob URL's source in a
// worker_thread with self.onmessage / postMessage mapped, so the tests run
// the same worker source the plugin gives Obsidian.
import { Worker as ThreadWorker } from "node:worker_threads";
import { resolveObjectURL } from "node:buffer";

const prelude = `
const { parentPort } = require("node:worker_threads");
globalThis.self = globalThis;
globalThis.postMessage = (m, transfer) => parentPort.postMessage(m, transfer);
parentPort.on("message", (m) => { if (typeof globalThis.onmessage === "function") globalThis.onmessage({ data: m }); });
`;

/** @typedef {import("node:worker_threads").TransferListItem[] | undefined} Transfer */

export class ShimWorker {
  /** @type {ShimWorker[]} */
  static instances = [];
  /** @type {((e: { data: unknown }) => void) | null} */
  onmessage = null;
  /** @type {((e: { message: string, preventDefault(): void }) => void) | null} */
  onerror = null;
  /** @type {((e: unknown) => void) | null} */
  onmessageerror = null;
  /** @type {ThreadWorker | null} */
  #thread = null;
  /** @type {[unknown, Transfer][]} */
  #queue = [];
  #terminated = false;

  /** @param {string | URL} url */
  constructor(url) {
    ShimWorker.instances.push(this);
    const blob = resolveObjectURL(String(url));
    if (!blob) throw new Error("ShimWorker: not a Blob URL: " + url);
    this.started = blob.text().then((src) => {
      if (this.#terminated) return;
      const t = new ThreadWorker(prelude + src, { eval: true });
      this.#thread = t;
      t.on("message", (data) => this.onmessage?.({ data }));
      t.on("error", (e) => this.onerror?.({ message: String(e?.message ?? e), preventDefault() {} }));
      t.on("exit", (code) => { if (!this.#terminated) this.onerror?.({ message: `the worker exited (${code})`, preventDefault() {} }); });
      for (const [m, transfer] of this.#queue.splice(0)) t.postMessage(m, transfer);
    });
  }

  /** @param {unknown} m @param {Transfer} [transfer] */
  postMessage(m, transfer) { if (this.#thread) this.#thread.postMessage(m, transfer); else this.#queue.push([m, transfer]); }

  terminate() { this.#terminated = true; void this.#thread?.terminate(); }

  /** Ends the thread as a crash would: the plugin is not told beforehand. */
  async crash() { await this.started; await this.#thread?.terminate(); }

  get alive() { return !this.#terminated && this.#thread !== null; }
}

/**
 * Worker is the shim from now on. It is no full Worker (no
 * addEventListener: no EventTarget), only what the plugin's core client
 * uses of one: onmessage, onerror, postMessage and terminate.
 */
export function install() { globalThis.Worker = /** @type {typeof Worker} */ (/** @type {unknown} */ (ShimWorker)); }
