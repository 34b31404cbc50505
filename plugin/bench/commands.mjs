// @ts-check
// The editor's commands end to end under Node (bench/editing.mjs's
// benches, the worker in a worker_thread, the vault in a temporary folder);
// bench/chromium.mjs runs them in headless Chromium.
//
//   node bench/commands.mjs [RUNS] [ONLY]      (make bench-plugin)
import { manifest, obsidian, ProjectCanvasPlugin, suggesters, tempVault } from "../test/helpers.mjs";
import { benchCommands } from "./editing.mjs";
import { nodeMainThread } from "./nodeMainThread.mjs";

await benchCommands({
  harness: { obsidian, ProjectCanvasPlugin, suggesters },
  manifest,
  newDir: () => tempVault(null),
  mainThread: nodeMainThread,
  print: (line) => console.log(line),
}, Number(process.argv[2] ?? 5), process.argv[3] ?? "");
process.exit(0);
