// @ts-check
// The plugin's start-up benchmark, wherever it runs: under Node
// (bench/load.mjs, the worker in a worker_thread, the vault in a temporary
// folder) and in headless Chromium (bench/chromium.mjs, a real Web Worker,
// the vault in memory: bench/chromium/fs.mjs is node:fs there). Each
// start is timed from onLayoutReady to ready (commands answer), the first
// call after ready (get_entity: target 50 ms), and search_docs, from ready
// (target: 300 ms at a later start of 10,000) and from onLayoutReady; the
// caller's probe watches the main thread from onLayoutReady to the first
// call's answer (target: no task over 50 ms).
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { median, vault } from "./vault.mjs";

export const PLUGIN_DIR = ".obsidian/plugins/project-canvas";

/**
 * What a start-up bench needs of where it runs.
 * @typedef {object} Env
 * @property {Pick<typeof import("../test/harness.mjs"), "obsidian" | "ProjectCanvasPlugin">} harness
 *   the plugin's sources bundled over the fake obsidian module
 * @property {import("obsidian").PluginManifest} manifest
 * @property {() => string} newDir a new empty folder for a vault
 * @property {MainThread} mainThread
 * @property {(line: string) => void} print
 *
 * @typedef {object} MainThread
 * @property {() => () => Record<string, number>} watch starts watching the main thread; the function stops and answers its figures
 * @property {(runs: Record<string, number>[]) => string} summary the figures of a scenario's runs, for its line
 *
 * @typedef {{ entities: number, ready: number, firstCall: number, docs: number, docsFromStart: number,
 *   main: Record<string, number>, stats: { hits: number, misses: number }, index: { restored?: number } | undefined }} Run
 */

/** The scenarios: a first start (nothing kept) on a new vault each run; a later start with the caches of a warm-up start. */
export const SCENARIOS = [
  { entities: 1000, notes: 0, cache: false },
  { entities: 1000, notes: 2000, cache: false },
  { entities: 1000, notes: 0, cache: true },
  { entities: 10000, notes: 0, cache: true },
  { entities: 10000, notes: 10000, cache: true },
];

/**
 * One start of the plugin on the vault in dir, from onLayoutReady.
 * @param {Env} env
 * @param {string} dir
 * @param {boolean} cache whether the plugin has its folder (Obsidian's manifest.dir), where it keeps its caches
 * @returns {Promise<Run>}
 */
async function once(env, dir, cache) {
  const { obsidian, ProjectCanvasPlugin } = env.harness;
  const app = new obsidian.App(dir);
  const plugin = new ProjectCanvasPlugin(app, cache ? { ...env.manifest, dir: PLUGIN_DIR } : env.manifest);
  await plugin.load();
  const stop = env.mainThread.watch();
  const t0 = performance.now();
  app.workspace.setLayoutReady();
  await plugin.session.ready();
  const ready = performance.now();
  // The first call after ready, while the document index builds (commands go ahead of it).
  await plugin.session.call("get_entity", { id: "T-001", fields: ["title"] }).catch(() => undefined);
  const firstCall = performance.now() - ready;
  const main = stop();
  await plugin.session.call("search_docs", { query: "roll back the release" });
  const docs = performance.now();
  const { entities, cacheStats: stats, indexCacheStats: index } = plugin.session;
  if (cache) {
    // This device's caches: file-cache-<device>.jsonl, index-cache-<device>.bin, doc-index-cache-<device>.bin.
    const kept = () => readdirSync(path.join(dir, PLUGIN_DIR)).filter((f) => /^(file-cache-\w+\.jsonl|index-cache-\w+\.bin)$/.test(f));
    while (kept().length < 2) await new Promise((r) => setTimeout(r, 20));
    await plugin.session.docIndexCacheSaved;
    await new Promise((r) => setTimeout(r, 200)); // let a rewrite finish
  }
  plugin.unload();
  return { entities, ready: ready - t0, firstCall, docs: docs - ready, docsFromStart: docs - t0, main, stats, index };
}

/**
 * A scenario's line: the median and the max of each figure over its runs.
 * @param {Env} env
 * @param {string} label
 * @param {Run[]} all
 */
function report(env, label, all) {
  /** @param {"ready" | "firstCall" | "docs" | "docsFromStart"} k */
  const fig = (k) => `${median(all.map((r) => r[k])).toFixed(0)} ms (max ${Math.max(...all.map((r) => r[k])).toFixed(0)})`;
  env.print(`${label}, median of ${all.length}: ready ${fig("ready")}; first call after ready ${fig("firstCall")}; ` +
    `search_docs answering ${fig("docs")} after ready, ${fig("docsFromStart")} after onLayoutReady; ` +
    `main thread while loading: ${env.mainThread.summary(all.map((r) => r.main))}` +
    (all[0].stats.hits ? `; ${all[0].stats.hits} files from the cache, ${all[0].stats.misses} read` : "") +
    (all[0].index?.restored ? `; ${all[0].index.restored} decodes from the index cache` : ""));
}

/**
 * A scenario's name for `only`: "first" or "later", its entities and notes, as in later:10000+0.
 * @param {{ entities: number, notes: number, cache: boolean }} s
 */
export const scenarioName = (s) => `${s.cache ? "later" : "first"}:${s.entities}+${s.notes}`;

/**
 * Whether a bench named name runs for only: every one when only is empty,
 * else those it names (comma-separated).
 * @param {string} only
 * @returns {(name: string) => boolean}
 */
export function wanted(only) {
  const names = only.split(",").filter(Boolean);
  return (name) => names.length === 0 || names.includes(name);
}

/**
 * Every scenario (or those named in only, comma-separated), runs times each, a line each.
 * @param {Env} env
 * @param {number} runs
 * @param {string} [only]
 */
export async function benchStart(env, runs, only = "") {
  const named = wanted(only);
  for (const { entities, notes, cache } of SCENARIOS) {
    if (!named(scenarioName({ entities, notes, cache }))) continue;
    const what = `${entities} entities${notes ? ` + ${notes} notes` : ""}`;
    /** @type {Run[]} */
    const all = [];
    if (!cache) {
      for (let i = 0; i < runs; i++) {
        const dir = vault(env.newDir(), entities, notes);
        all.push(await once(env, dir, false));
        rmSync(dir, { recursive: true, force: true });
      }
      report(env, `first start (nothing kept): ${what}`, all);
      continue;
    }
    const dir = vault(env.newDir(), entities, notes);
    mkdirSync(path.join(dir, PLUGIN_DIR), { recursive: true });
    await once(env, dir, true); // writes the caches (the document index's once it is built)
    for (let i = 0; i < runs; i++) all.push(await once(env, dir, true));
    rmSync(dir, { recursive: true, force: true });
    report(env, `later start (the core, the files and the index kept): ${what}`, all);
  }
}
