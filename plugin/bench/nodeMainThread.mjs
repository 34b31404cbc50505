// @ts-check
// The Node benches' watch on the main thread: perf_hooks' event loop delay
// at 1 ms resolution (the largest is the longest task, give or take a
// millisecond).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { median } from "./vault.mjs";

/** @type {import("./start.mjs").MainThread} */
export const nodeMainThread = {
  watch() {
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    return () => { h.disable(); return { max: h.max / 1e6, p99: h.percentile(99) / 1e6 }; };
  },
  summary: (all) => `event loop delay max ${Math.max(...all.map((f) => f.max)).toFixed(1)} ms, p99 ${median(all.map((f) => f.p99)).toFixed(1)} ms`,
};
