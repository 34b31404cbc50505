// @ts-check
// Start-up of the plugin under Node, with the real core in its worker (a
// worker_thread): from onLayoutReady to ready (commands answer) for a
// generated vault of 1,000 entity files (target 400 ms), and with 2,000
// more notes (the document index answering within 2 s); the main thread's
// event loop delay while loading (perf_hooks, 1 ms resolution; target: no
// task over 50 ms); a later start with the core, the files and the index
// kept in the plugin's folder, with 10,000 entities (target 500 ms; the
// first call after ready within 50 ms, search_docs within 300 ms of
// ready), and with 10,000 notes more (issue 17: the big vault). The
// scenarios and figures are bench/start.mjs's; bench/chromium.mjs runs the
// same in headless Chromium.
//
//   node bench/load.mjs [RUNS]      (make bench-plugin; needs build.mjs --test)
import { monitorEventLoopDelay } from "node:perf_hooks";
import { manifest, obsidian, ProjectCanvasPlugin, tempVault } from "../test/helpers.mjs";
import { benchStart } from "./start.mjs";
import { median } from "./vault.mjs";

const runs = Number(process.argv[2] ?? 3);
const only = process.argv[3] ?? ""; // e.g. later:10000+0 (start.mjs's scenarioName)

await benchStart({
  harness: { obsidian, ProjectCanvasPlugin },
  manifest,
  newDir: () => tempVault(null),
  mainThread: {
    watch() {
      const h = monitorEventLoopDelay({ resolution: 1 });
      h.enable();
      return () => { h.disable(); return { max: h.max / 1e6, p99: h.percentile(99) / 1e6 }; };
    },
    summary: (all) => `event loop delay max ${Math.max(...all.map((f) => f.max)).toFixed(1)} ms, p99 ${median(all.map((f) => f.p99)).toFixed(1)} ms`,
  },
  print: (line) => console.log(line),
}, runs, only);
process.exit(0);
