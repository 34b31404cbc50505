// @ts-check
// Starts the real plugin (the bundle of test/.build/harness.mjs) over a
// temporary copy of a vault, with its worker in a worker_thread.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import assert from "node:assert/strict";
import { install } from "./workerShim.mjs";
import * as harness from "./harness.mjs";

install();
// Obsidian's renderer has a global require (the HTTP server loads Node's http with it),
// and window, its main window (the plugin's timers are window's).
globalThis.require ??= createRequire(import.meta.url);
globalThis.window ??= /** @type {any} */ (globalThis);
export const { boardDraw, boardModel, EDITOR_HOST, modals, suggesters, obsidian, ProjectCanvasPlugin, canvasAdapter, journaled, LoadProgress, COMMANDS, wasmFileName, WASM_SHA256 } = harness;
export const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");
export const exampleVault = path.join(root, "examples/vault");
export const PLUGIN_DIR = ".obsidian/plugins/project-canvas";
export const manifest = JSON.parse(readFileSync(path.join(here, "../manifest.json"), "utf8"));

/** @typedef {import("node:test").TestContext} TestContext */

/**
 * A temporary folder, a copy of from when given; removed after the test.
 * @param {TestContext | null} t
 * @param {string} [from]
 */
export function tempVault(t, from) {
  const dir = mkdtempSync(path.join(tmpdir(), "pc-plugin-"));
  if (from) cpSync(from, dir, { recursive: true });
  t?.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The plugin loaded over dir the way Obsidian loads it: onload, then the layout is ready.
 * @param {TestContext | null} t
 * @param {string} dir
 * @param {{ data?: Record<string, unknown>, cache?: boolean, app?: { secretStorage?: boolean } }} [options]
 */
export async function startPlugin(t, dir, { data, cache, app: appOptions } = {}) {
  const app = new obsidian.App(dir, appOptions);
  // With cache, the plugin has its folder (Obsidian's manifest.dir), where it keeps its file cache.
  const plugin = new ProjectCanvasPlugin(app, cache ? { ...manifest, dir: PLUGIN_DIR } : manifest);
  if (cache) mkdirSync(path.join(dir, PLUGIN_DIR), { recursive: true });
  if (data) plugin.data = data;
  await plugin.load();
  app.workspace.setLayoutReady();
  t?.after(() => plugin.unload());
  await plugin.session.ready();
  return { app, plugin, vault: app.vault, session: plugin.session };
}

/**
 * v, which the test expects to be there: a failed assertion when it is
 * undefined or null.
 * @template T
 * @param {T | undefined | null} v
 * @param {string} what
 * @returns {T}
 */
export function defined(v, what) {
  assert.ok(v !== undefined && v !== null, `no ${what}`);
  return v;
}

/**
 * The last modal opened, which the test expects to be a cls, one of src's
 * modal classes (harness.modals, harness.suggesters): a failed assertion
 * when it is not.
 * @template M
 * @param {new (...args: never) => M} cls
 * @returns {M}
 */
export function lastModal(cls) {
  const m = obsidian.Modal.opened.at(-1);
  assert.ok(m instanceof cls, `the last modal is a ${cls.name}, not ${m?.constructor.name}`);
  return m;
}

/**
 * @typedef {{ id?: string, title?: string, type?: string, file?: string, [field: string]: unknown }} Row
 *   An item of a list suggester: a value, an entity, a target or an
 *   action, by command; the fields the tests read.
 * @typedef {import("../src/editor/suggesters").ListSuggest<Row>} SrcListSuggest
 * @typedef {Omit<import("./harness.mjs").OverFake<SrcListSuggest>, "getSuggestions"> & Pick<SrcListSuggest, "getSuggestions">} ListSuggest
 *   (its getSuggestions answers at once: src's own)
 */

/**
 * m, which the test expects to be a list suggester.
 * @param {unknown} m
 * @returns {ListSuggest}
 */
export function asList(m) {
  assert.ok(m instanceof harness.suggesters.ListSuggest, `a list suggester, not ${m?.constructor.name}`);
  return /** @type {ListSuggest} */ (m); // its items' type is the command's
}

/** The last modal opened, which the test expects to be a list suggester. */
export const lastList = () => asList(obsidian.Modal.opened.at(-1));

/**
 * Waits until cond() holds, polling.
 * @param {() => unknown} cond
 * @param {string} what
 */
export async function until(cond, what, ms = 10000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("timed out waiting for " + what);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Waits until the file at p has stopped changing (its size and time the
 * same for quiet ms): a plugin unloaded may still be writing its caches,
 * and a test that changes one behind its back must not race that write.
 * @param {string} p
 */
export async function settled(p, quiet = 300) {
  const stamp = () => { try { const s = statSync(p); return `${s.size}:${s.mtimeMs}`; } catch { return "none"; } };
  let last = stamp(), since = Date.now();
  await until(() => {
    const now = stamp();
    if (now !== last) { last = now; since = Date.now(); }
    return Date.now() - since >= quiet;
  }, "the writes to " + p + " to end");
}

/**
 * Every file under dir (hidden ones too), path -> content.
 * @param {string} dir
 * @returns {Record<string, string>}
 */
export function snapshot(dir, prefix = "") {
  /** @type {Record<string, string>} */
  const out = {};
  for (const name of readdirSync(path.join(dir, prefix))) {
    const rel = prefix ? prefix + "/" + name : name;
    if (statSync(path.join(dir, rel)).isDirectory()) Object.assign(out, snapshot(dir, rel));
    else out[rel] = readFileSync(path.join(dir, rel), "utf8");
  }
  return out;
}
