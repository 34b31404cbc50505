// @ts-check
// node:fs/promises in the browser bench's bundle: fs.mjs's calls, answered
// as promises (the in-memory tree answers at once, on a microtask).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "./fs.mjs";

/** @template {unknown[]} A @template R @param {(...args: A) => R} f */
const promised = (f) => async (/** @type {A} */ ...args) => f(...args);

export const mkdir = promised(mkdirSync);
export const readFile = promised(readFileSync);
export const readdir = promised(readdirSync);
export const rename = promised(renameSync);
export const rm = promised(rmSync);
export const writeFile = promised(writeFileSync);
