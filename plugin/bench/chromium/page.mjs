// @ts-check
// The browser side of bench/chromium.mjs: bench/start.mjs's scenarios and
// bench/editing.mjs's commands in the page, with the plugin's sources over the fake obsidian module (as in
// test/harness-entry.ts), the vault in memory (fs.mjs is node:fs here),
// the core in a real Web Worker. The main thread is watched with the Long
// Tasks API (every task over 50 ms, counted from onLayoutReady) and a
// chain of 1 ms timers (the longest gap between two ticks: the browser
// holds nested timers to 4 ms, so 4 is the floor; a gap is a long task, or
// a timer waiting behind a run of shorter tasks). Each line, and the end
// or a failure, is posted back to the server that served the page.
import * as entry from "../../test/harness-entry";
import manifest from "../../manifest.json";
import { mkdirSync } from "./fs.mjs";
import { benchCommands } from "../editing.mjs";
import { benchStart } from "../start.mjs";

/** @param {string} what @param {string} body */
const post = (what, body) => fetch(what, { method: "POST", body });

/** @param {unknown} e */
const failed = (e) => void post("/fail", e instanceof Error ? `${e.message}\n${e.stack}` : String(e));
addEventListener("error", (e) => failed(e.error ?? e.message));
addEventListener("unhandledrejection", (e) => failed(e.reason));

const longTasks = PerformanceObserver.supportedEntryTypes.includes("longtask");

/** Starts watching the main thread; the function stops and answers the longest task and timer gap. */
function watch() {
  const start = performance.now();
  let longest = 0, over = 0;
  // A task that began before the watch (the one that called it) counts from the watch's start.
  const seen = (/** @type {PerformanceEntry[]} */ es) => {
    for (const e of es) {
      const d = Math.min(e.duration, e.startTime + e.duration - start);
      if (d > 0) longest = Math.max(longest, d);
      if (d > 50) over++;
    }
  };
  const observer = longTasks ? new PerformanceObserver((list) => seen(list.getEntries())) : undefined;
  observer?.observe({ type: "longtask" });
  let gap = 0, last = start, on = true;
  const tick = () => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
    if (on) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  return () => {
    on = false;
    if (observer) { seen(observer.takeRecords()); observer.disconnect(); }
    return { longest, over, gap: Math.max(gap, performance.now() - last) };
  };
}

let vaults = 0;
/** The lines posted so far, in order. */
let posted = Promise.resolve(/** @type {unknown} */ (undefined));
try {
  const params = new URLSearchParams(location.search);
  const runs = Number(params.get("runs") ?? 5);
  const only = params.get("only") ?? "";
  /** @type {import("../editing.mjs").Env} */
  const env = {
    // src is typed against the real obsidian; at run time its base classes are the fake's (test/harness.d.mts).
    harness: /** @type {import("../editing.mjs").Env["harness"]} */ (/** @type {unknown} */ (entry)),
    manifest,
    newDir() { const dir = `/vault-${++vaults}`; mkdirSync(dir); return dir; },
    mainThread: {
      watch,
      summary: (all) => (longTasks
        ? `${all.reduce((n, f) => n + f.over, 0)} tasks over 50 ms${all.length > 1 ? ` in ${all.length} runs` : ""} (longest ${Math.max(...all.map((f) => f.longest)).toFixed(0)} ms)`
        : "no Long Tasks API") +
        `; a 1 ms timer chain's longest gap ${Math.max(...all.map((f) => f.gap)).toFixed(1)} ms`,
    },
    print: (line) => { posted = posted.then(() => post("/line", line)); },
  };
  await benchStart(env, runs, only);
  await benchCommands(env, runs, only);
  await posted;
  await post("/done", navigator.userAgent);
} catch (e) {
  failed(e);
}
