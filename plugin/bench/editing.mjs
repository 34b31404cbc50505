// @ts-check
// The editor's commands end to end, wherever they run: under Node
// (bench/commands.mjs) and in headless Chromium (bench/chromium.mjs), with
// the real core in its worker and a fake canvas view. populate-canvas-from-vault
// of 1,000 entities onto an empty canvas open in its view (the live canvas
// set); reposition-canvas-nodes on a 1,000-entity canvas (target 100 ms,
// the live canvas updated);
// search-entity-on-canvas per keystroke with 10,000 entities on the canvas
// (target 16 ms); the caller's probe watches the main thread meanwhile
// (target: no task over 50 ms).
import { rmSync } from "node:fs";
import { wanted } from "./start.mjs";
import { median, vault } from "./vault.mjs";

/**
 * @typedef {import("./start.mjs").Env & { harness: Pick<typeof import("../test/harness.mjs"), "obsidian" | "ProjectCanvasPlugin" | "suggesters"> }} Env
 */

/**
 * A plugin started on a generated vault of n entities, ready, its canvas populated and open.
 * @param {Env} env
 * @param {number} n
 */
async function started(env, n) {
  const { obsidian, ProjectCanvasPlugin } = env.harness;
  const dir = vault(env.newDir(), n);
  const app = new obsidian.App(dir);
  const plugin = new ProjectCanvasPlugin(app, env.manifest);
  await plugin.load();
  app.workspace.setLayoutReady();
  await plugin.session.ready();
  await plugin.session.command("populate-canvas-from-vault", { canvas: "Projects.canvas" });
  // The document index builds in the background after a load, sharing the
  // core's thread: the figures are of the steady state after it.
  await plugin.session.call("search_docs", { query: "warm up" });
  const view = await obsidian.openCanvas(app, "Projects.canvas");
  // Opening the canvas asks the core about its nodes for their menus
  // (describe-canvas); a person acts on it later than the same instant.
  await plugin.session.call("get_entity", { id: "M-001" });
  return { plugin, view, session: plugin.session, done() { plugin.unload(); rmSync(dir, { recursive: true, force: true }); } };
}

/**
 * populate-canvas-from-vault of 1,000 entities onto an empty canvas open in
 * its view, runs times (a new canvas each run: a populated one has nothing
 * left to add).
 * @param {Env} env
 * @param {number} runs
 */
async function populate(env, runs) {
  const { obsidian } = env.harness;
  const s = await started(env, 1000);
  const times = [];
  let nodes = 0;
  const stop = env.mainThread.watch();
  for (let i = 0; i < runs; i++) {
    const canvas = `Populate ${i}.canvas`;
    await s.plugin.app.vault.create(canvas, "{}");
    const view = await obsidian.openCanvas(s.plugin.app, canvas);
    await s.session.call("get_entity", { id: "M-001" }); // after the view's opening, as in started()
    const t0 = performance.now();
    const out = await s.session.command("populate-canvas-from-vault", { canvas });
    times.push(performance.now() - t0);
    nodes = view.canvas.nodes.size;
    if (!out.changes.length || nodes < 1000) throw new Error(`populate set ${nodes} nodes on the live canvas`);
  }
  const main = stop();
  env.print(`populate-canvas-from-vault, 1000 entities onto an open canvas (${nodes} nodes): median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (end to end, the live canvas set); main thread: ${env.mainThread.summary([main])}`);
  s.done();
}

/**
 * reposition-canvas-nodes, runs times, a node moved before each.
 * @param {Env} env
 * @param {number} runs
 */
async function reposition(env, runs) {
  const s = await started(env, 1000);
  const times = [];
  const stop = env.mainThread.watch();
  for (let i = 0; i < runs; i++) {
    // Move a node so that each run has work to do.
    const first = [...s.view.canvas.nodes.values()][0];
    first.setData({ ...first.getData(), x: first.getData().x + 1000 });
    const t0 = performance.now();
    const out = await s.session.command("reposition-canvas-nodes", { canvas: "Projects.canvas" });
    times.push(performance.now() - t0);
    if (!out.changes.length) throw new Error("reposition changed nothing");
  }
  const main = stop();
  env.print(`reposition-canvas-nodes, ${s.view.canvas.nodes.size} nodes on the canvas: median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (end to end, the live canvas set); main thread: ${env.mainThread.summary([main])}`);
  s.done();
}

/**
 * search-entity-on-canvas: each keystroke of a word, runs times.
 * @param {Env} env
 * @param {number} runs
 */
async function keystrokes(env, runs) {
  const { obsidian, suggesters } = env.harness;
  const s = await started(env, 10000);
  const word = "task 7123";
  // The palette command opens the suggester; each keystroke is its
  // getSuggestions, without the debounce (what is timed is the answer).
  const open = s.plugin.commands.find((c) => c.id === "search-entity-on-canvas")?.callback;
  if (!open) throw new Error("no search-entity-on-canvas command");
  await open();
  const modal = obsidian.Modal.opened.at(-1);
  if (!(modal instanceof suggesters.CanvasSearch)) throw new Error(`the last modal is a ${modal?.constructor.name}, not a CanvasSearch`);
  modal.debounceMs = 0;
  await modal.getSuggestions("warm"); // the first compares the live canvas; the core parses it once per content
  const times = [];
  const stop = env.mainThread.watch();
  for (let r = 0; r < runs; r++) {
    for (let i = 1; i <= word.length; i++) {
      const t0 = performance.now();
      const rows = await modal.getSuggestions(word.slice(0, i));
      times.push(performance.now() - t0);
      if (i === word.length && rows[0]?.id !== "T-7123") throw new Error("search found " + JSON.stringify(rows.slice(0, 4)));
    }
  }
  const main = stop();
  const p90 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)];
  env.print(`search-entity-on-canvas per keystroke (the suggester), ${s.view.canvas.nodes.size} nodes: median ${median(times).toFixed(1)} ms, p90 ${p90.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; main thread: ${env.mainThread.summary([main])}`);
  s.done();
}

/** The benches, by their names for `only`. */
const BENCHES = { populate, reposition, keystrokes };

/**
 * Every bench (or those named in only, comma-separated: populate,
 * reposition, keystrokes), a line each.
 * @param {Env} env
 * @param {number} runs
 * @param {string} [only]
 */
export async function benchCommands(env, runs, only = "") {
  const named = wanted(only);
  for (const [name, bench] of Object.entries(BENCHES)) {
    if (named(name)) await bench(env, runs);
  }
}
