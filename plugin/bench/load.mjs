// Start-up of the plugin under Node, with the real core in its worker:
// from onLayoutReady to ready (commands answer) for a generated vault of
// 1,000 entity files, and with 2,000 more notes; the main thread's event
// loop delay while loading (perf_hooks, 1 ms resolution), and the first
// call after ready (search_docs waits for the document index).
//
//   node bench/load.mjs [RUNS]      (make bench-plugin; needs build.mjs --test)
import { mkdirSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import path from "node:path";
import { manifest, obsidian, ProjectCanvasPlugin, tempVault } from "../test/helpers.mjs";

const runs = Number(process.argv[2] ?? 3);

function entity(dir, folder, id, type, title, parent) {
  mkdirSync(path.join(dir, folder), { recursive: true });
  const fm = [`id: ${id}`, `type: ${type}`, `title: ${title}`, "status: Not Started", ...(parent ? [`parent: ${parent}`] : []),
    "created_at: 2026-01-01T00:00:00Z", "updated_at: 2026-01-01T00:00:00Z"];
  writeFileSync(path.join(dir, folder, `${id} ${title}.md`), `---\n${fm.join("\n")}\n---\n# ${title}\n\nSome words about ${title.toLowerCase()}.\n`);
}

/** 20 milestones, 180 stories, 800 tasks; notes extra plain notes of a few paragraphs. */
function vault(notes) {
  const dir = tempVault(null);
  const pad = (n) => String(n).padStart(3, "0");
  for (let m = 1; m <= 20; m++) entity(dir, "Projects/milestones", `M-${pad(m)}`, "milestone", `Milestone ${m}`);
  for (let s = 1; s <= 180; s++) entity(dir, "Projects/stories", `S-${pad(s)}`, "story", `Story ${s}`, `M-${pad(1 + (s % 20))}`);
  for (let t = 1; t <= 800; t++) entity(dir, "Projects/tasks", `T-${pad(t)}`, "task", `Task ${t}`, `S-${pad(1 + (t % 180))}`);
  for (let n = 0; n < notes; n++) {
    mkdirSync(path.join(dir, "Notes", String(n % 20)), { recursive: true });
    writeFileSync(path.join(dir, "Notes", String(n % 20), `Note ${n}.md`),
      `# Note ${n}\n\n## Context\n\nThe release ${n} rolls back with the previous build when the health check fails.\n\n## Steps\n\nRun the deploy, watch the error rate, page the owner ${n % 7}.\n`);
  }
  return dir;
}

async function once(notes) {
  const dir = vault(notes);
  const app = new obsidian.App(dir);
  const plugin = new ProjectCanvasPlugin(app, manifest);
  await plugin.load();
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const t0 = performance.now();
  app.workspace.setLayoutReady();
  await plugin.session.ready();
  const ready = performance.now() - t0;
  h.disable();
  const t1 = performance.now();
  await plugin.session.call("search_docs", { query: "roll back the release" });
  const docs = performance.now() - t0;
  const call = performance.now() - t1;
  const entities = plugin.session.entities;
  plugin.unload();
  return { entities, ready, docs, call, maxDelay: h.max / 1e6, p99Delay: h.percentile(99) / 1e6 };
}

for (const notes of [0, 2000]) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await once(notes));
  const med = (k) => all.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(all.length / 2)];
  const max = (k) => Math.max(...all.map((r) => r[k]));
  console.log(`${all[0].entities} entities + ${notes} notes (median of ${runs}): ready ${med("ready").toFixed(0)} ms; ` +
    `document index answering ${med("docs").toFixed(0)} ms after onLayoutReady; ` +
    `event loop delay while loading: max ${max("maxDelay").toFixed(1)} ms, p99 ${med("p99Delay").toFixed(1)} ms`);
}
