// @ts-check
// node:fs/promises in the browser bench's bundle: fs.mjs's calls, answered
// as promises in a later task, the way a disk's answer comes. A binary read
// answers the bytes the tree keeps, without the copy readFileSync makes:
// Node copies a file into its buffer on an I/O thread, not on the page's
// (the fake adapter's readBinary then slices them, as Obsidian's does).
import { mkdirSync, readdirSync, readFileSync, readKept, renameSync, rmSync, writeFileSync } from "./fs.mjs";

/** Resolves in a task of its own (a MessageChannel's message: no 4 ms timer floor). */
const later = () => new Promise((resolve) => {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => { port1.close(); resolve(undefined); };
  port2.postMessage(null);
});

/** @template {unknown[]} A @template R @param {(...args: A) => R} f */
const promised = (f) => async (/** @type {A} */ ...args) => { await later(); return f(...args); };

export const mkdir = promised(mkdirSync);
/** @type {typeof readFileSync} */
export const readFile = promised((p, options) => (typeof options === "string" || options?.encoding ? readFileSync(p, options) : readKept(p)));
export const readdir = promised(readdirSync);
export const rename = promised(renameSync);
export const rm = promised(rmSync);
export const writeFile = promised(writeFileSync);
