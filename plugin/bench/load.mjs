// @ts-check
// Start-up of the plugin under Node, with the real core in its worker:
// from onLayoutReady to ready (commands answer) for a generated vault of
// 1,000 entity files (target 400 ms), and with 2,000 more notes (the
// document index answering within 2 s); the main thread's event loop delay
// while loading (perf_hooks, 1 ms resolution; target: no task over 50 ms);
// a later start with the core, the files and the index kept in the plugin's
// folder, with 10,000 entities (target 500 ms), and with 10,000 notes more
// (issue 17: the big vault).
//
//   node bench/load.mjs [RUNS]      (make bench-plugin; needs build.mjs --test)
import { rmSync } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { manifest, obsidian, PLUGIN_DIR, ProjectCanvasPlugin } from "../test/helpers.mjs";
import { median, vault } from "./vault.mjs";
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

const runs = Number(process.argv[2] ?? 3);

/**
 * @typedef {{ entities: number, ready: number, firstCall: number, docs: number, maxDelay: number, p99Delay: number,
 *   stats: { hits: number, misses: number }, index: { restored?: number } | undefined }} Run
 */

/**
 * One start of the plugin on the vault in dir, from onLayoutReady.
 * @param {string} dir
 * @param {{ cache?: boolean, docs?: boolean }} [options]
 * @returns {Promise<Run>}
 */
async function once(dir, { cache = false, docs = true } = {}) {
  const app = new obsidian.App(dir);
  const plugin = new ProjectCanvasPlugin(app, cache ? { ...manifest, dir: PLUGIN_DIR } : manifest);
  await plugin.load();
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const t0 = performance.now();
  app.workspace.setLayoutReady();
  await plugin.session.ready();
  const ready = performance.now() - t0;
  // The first call after ready, while the document index builds (commands
  // go ahead of it: target 50 ms).
  const t1 = performance.now();
  await plugin.session.call("get_entity", { id: "T-001", fields: ["title"] }).catch(() => undefined);
  const firstCall = performance.now() - t1;
  h.disable();
  let docsMs = NaN;
  if (docs) {
    await plugin.session.call("search_docs", { query: "roll back the release" });
    docsMs = performance.now() - t0;
  }
  const entities = plugin.session.entities;
  const stats = plugin.session.cacheStats;
  const index = plugin.session.indexCacheStats;
  if (cache) {
    // This device's caches: file-cache-<device>.jsonl, index-cache-<device>.bin, doc-index-cache-<device>.bin.
    const kept = () => readdirSync(path.join(dir, PLUGIN_DIR)).filter((f) => /^(file-cache-\w+\.jsonl|index-cache-\w+\.bin)$/.test(f));
    while (kept().length < 2) await new Promise((r) => setTimeout(r, 20));
    await plugin.session.docIndexCacheSaved;
    await new Promise((r) => setTimeout(r, 200)); // let a rewrite finish
  }
  plugin.unload();
  return { entities, ready, firstCall, docs: docsMs, stats, index, maxDelay: h.max / 1e6, p99Delay: h.percentile(99) / 1e6 };
}

/**
 * @param {string} label
 * @param {Run[]} all
 */
function report(label, all) {
  /** @typedef {"ready" | "firstCall" | "docs" | "maxDelay" | "p99Delay"} Figure */
  const med = (/** @type {Figure} */ k) => median(all.map((r) => r[k]));
  const max = (/** @type {Figure} */ k) => Math.max(...all.map((r) => r[k]));
  console.log(`${label} (median of ${all.length}): ready ${med("ready").toFixed(0)} ms; first call after ready ${med("firstCall").toFixed(0)} ms (max ${max("firstCall").toFixed(0)})` +
    (Number.isNaN(all[0].docs) ? "" : `; document index answering ${med("docs").toFixed(0)} ms after onLayoutReady`) +
    `; event loop delay while loading: max ${max("maxDelay").toFixed(1)} ms, p99 ${med("p99Delay").toFixed(1)} ms` +
    (all[0].stats.hits ? `; ${all[0].stats.hits} files from the cache, ${all[0].stats.misses} read` : "") +
    (all[0].index?.restored ? `; ${all[0].index.restored} decodes from the index cache` : ""));
}

for (const notes of [0, 2000]) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    const dir = vault(1000, notes);
    all.push(await once(dir));
    rmSync(dir, { recursive: true, force: true });
  }
  report(`first start (nothing kept): 1000 entities + ${notes} notes`, all);
}

for (const [n, notes] of [[1000, 0], [10000, 0], [10000, 10000]]) {
  const dir = vault(n, notes);
  mkdirSync(path.join(dir, PLUGIN_DIR), { recursive: true });
  await once(dir, { cache: true, docs: true }); // writes the caches (the document index's once it is built)
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await once(dir, { cache: true, docs: true }));
  rmSync(dir, { recursive: true, force: true });
  report(`later start (the core, the files and the index kept): ${n} entities${notes ? ` + ${notes} notes` : ""}`, all);
}
process.exit(0);
