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
//   node bench/load.mjs [RUNS] [ONLY]      (make bench-plugin; needs build.mjs --test)
import { manifest, obsidian, ProjectCanvasPlugin, tempVault } from "../test/helpers.mjs";
import { nodeMainThread } from "./nodeMainThread.mjs";
import { benchStart } from "./start.mjs";

const runs = Number(process.argv[2] ?? 3);
const only = process.argv[3] ?? ""; // e.g. later:10000+0 (start.mjs's scenarioName)

await benchStart({
  harness: { obsidian, ProjectCanvasPlugin },
  manifest,
  newDir: () => tempVault(null),
  mainThread: nodeMainThread,
  print: (line) => console.log(line),
}, runs, only);
process.exit(0);
