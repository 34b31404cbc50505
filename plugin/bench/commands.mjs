// @ts-check
// Editor commands end to end under Node, with the real core in its worker
// and a fake canvas view: reposition-canvas-nodes on a 1,000-entity canvas
// (target 100 ms, the live canvas updated), search-entity-on-canvas per
// keystroke with 10,000 entities on the canvas (target 16 ms), and the
// main thread's event loop delay meanwhile (target: no task over 50 ms).
//
//   node bench/commands.mjs [RUNS]      (make bench-plugin)
import { rmSync } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { defined, lastModal, manifest, obsidian, ProjectCanvasPlugin, suggesters, tempVault } from "../test/helpers.mjs";
import { median, vault } from "./vault.mjs";

const runs = Number(process.argv[2] ?? 5);

/** A plugin started on a generated vault of n entities, ready. @param {number} n */
async function started(n) {
  const dir = vault(tempVault(null), n);
  const app = new obsidian.App(dir);
  const plugin = new ProjectCanvasPlugin(app, manifest);
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
  return { dir, plugin, view, session: plugin.session, done() { plugin.unload(); rmSync(dir, { recursive: true, force: true }); } };
}

function delay() {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  return () => { h.disable(); return h.max / 1e6; };
}

{
  const s = await started(1000);
  const times = [];
  const stop = delay();
  for (let i = 0; i < runs; i++) {
    // Move a node so that each run has work to do.
    const first = [...s.view.canvas.nodes.values()][0];
    first.setData({ ...first.getData(), x: first.getData().x + 1000 });
    const t0 = performance.now();
    const out = await s.session.command("reposition-canvas-nodes", { canvas: "Projects.canvas" });
    times.push(performance.now() - t0);
    if (!out.changes.length) throw new Error("reposition changed nothing");
  }
  console.log(`reposition-canvas-nodes, ${s.view.canvas.nodes.size} nodes on the canvas: median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (end to end, the live canvas set); event loop delay max ${stop().toFixed(1)} ms`);
  s.done();
}

{
  const s = await started(10000);
  const word = "task 7123";
  // The palette command opens the suggester; each keystroke is its
  // getSuggestions, without the debounce (what is timed is the answer).
  await defined(s.plugin.commands.find((c) => c.id === "search-entity-on-canvas")?.callback, "search-entity-on-canvas")();
  const modal = lastModal(suggesters.CanvasSearch);
  modal.debounceMs = 0;
  await modal.getSuggestions("warm"); // the first compares the live canvas; the core parses it once per content
  const times = [];
  const stop = delay();
  for (let r = 0; r < runs; r++) {
    for (let i = 1; i <= word.length; i++) {
      const t0 = performance.now();
      const rows = await modal.getSuggestions(word.slice(0, i));
      times.push(performance.now() - t0);
      if (i === word.length && rows[0]?.id !== "T-7123") throw new Error("search found " + JSON.stringify(rows.slice(0, 4)));
    }
  }
  const p90 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)];
  console.log(`search-entity-on-canvas per keystroke (the suggester), ${s.view.canvas.nodes.size} nodes: median ${median(times).toFixed(1)} ms, p90 ${p90.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; event loop delay max ${stop().toFixed(1)} ms`);
  s.done();
}
process.exit(0);
