// Memory of a real `projectcanvas serve` process at scale: a vault written
// by `projectcanvas gen` (10,000 entity files and 10,000 notes by default),
// the server started on it, then 16 clients mixing reads, searches, updates
// and atomic batches over HTTP for --seconds; the server's resident size
// (VmRSS) is sampled when the document index has been built and every few
// seconds under load, with its peak (VmHWM). Unlike make
// soak, whose figures include its clients (they run in the server's
// process), this measures the server alone. Exits 1 when the resident size
// under load reaches --max-mb (300: issue 17's target) or a call fails.
//
//   node bench/serve/memory.mjs --bin BIN [--entities N] [--docs M] [--seconds S] [--max-mb MB]
//
// (make bench-serve-memory). Linux only (/proc).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: opt } = parseArgs({
  options: {
    bin: { type: "string", default: ".scratch/bin/projectcanvas" },
    entities: { type: "string", default: "10000" },
    docs: { type: "string", default: "10000" },
    seconds: { type: "string", default: "120" },
    clients: { type: "string", default: "16" },
    "max-mb": { type: "string", default: "300" },
  },
});

const token = "bench-serve-memory";
const status = (pid, key) => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(path.join(tmpdir(), "pc-serve-memory-"));
const server = { child: null };
try {
  execFileSync(path.resolve(opt.bin), ["gen", "--entities", opt.entities, "--docs", opt.docs, dir], { stdio: "ignore" });
  const t0 = performance.now();
  const child = spawn(path.resolve(opt.bin), ["--vault", dir, "serve", "--addr", "127.0.0.1:0", "--token", token], { stdio: ["ignore", "pipe", "inherit"] });
  server.child = child;
  let banner = "";
  const url = await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      banner += d;
      const m = banner.match(/HTTP API\s+(http:\/\/127\.0\.0\.1:\d+)/);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`serve exited with ${code}`)));
  });
  const call = async (method, p, body) => {
    const r = await fetch(url + p, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body && JSON.stringify(body) });
    await r.arrayBuffer();
    return r.status;
  };
  // search_docs waits for the document index, built in the background.
  if (await call("POST", "/tools/search_docs", { query: "cache" }) !== 200) throw new Error("search_docs failed");
  const ready = performance.now() - t0;
  const rows = [{ at: 0, rss: status(child.pid, "VmRSS"), hwm: status(child.pid, "VmHWM") }];

  const tasks = Array.from({ length: 2000 }, (_, i) => `T-${String(i + 1).padStart(3, "0")}`); // gen's first tasks
  const words = ["lock held during reindexing", "offline access exports", "latency first page", "security review tokens", "pricing beta"];
  const ops = [
    [30, (i) => call("GET", `/entities/${tasks[i % tasks.length]}`)],
    [15, (i) => call("GET", ["/entities?type=task&max_items=50", "/entities?status=in_progress&max_items=100"][i % 2])],
    [10, (i) => call("POST", "/tools/search_entities", { query: words[i % words.length] })],
    [10, (i) => call("POST", "/tools/search_docs", { query: words[i % words.length] })],
    [25, (i) => call("PUT", `/entities/${tasks[(i * 7) % tasks.length]}`, { data: { title: `Task renamed ${i}` } })],
    [10, (i) => call("POST", "/tools/batch_update", { ops: [0, 1, 2].map((k) => ({ op: "update", id: tasks[(i * 3 + k) % tasks.length], data: { priority: `P${(i + k) % 4}` } })), options: { atomic: true } })],
  ];
  const total = ops.reduce((s, [w]) => s + w, 0);
  let calls = 0, errors = 0, stop = false;
  const client = async (c) => {
    for (let i = c; !stop; i += 16) {
      let pick = (i * 2654435761) % total;
      const [, op] = ops.find(([w]) => (pick -= w) < 0);
      const code = await op(i);
      calls++;
      if (code >= 500) errors++;
    }
  };
  const began = performance.now();
  const running = Array.from({ length: Number(opt.clients) }, (_, c) => client(c));
  const every = Math.max(5, Number(opt.seconds) / 12) * 1000;
  while (performance.now() - began < Number(opt.seconds) * 1000) {
    await sleep(Math.min(every, Number(opt.seconds) * 1000 - (performance.now() - began)));
    rows.push({ at: Math.round((performance.now() - began) / 1000), rss: status(child.pid, "VmRSS"), hwm: status(child.pid, "VmHWM") });
  }
  stop = true;
  await Promise.all(running);

  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(`serve: ${opt.entities} entities, ${opt.docs} other notes (projectcanvas gen); answering search_docs ${(ready / 1000).toFixed(1)} s after start`);
  console.log(`${opt.clients} clients, ${opt.seconds} s: ${calls} calls (${(calls / Number(opt.seconds)).toFixed(0)}/s), ${errors} server errors; load average at the end ${load}\n`);
  console.log("| at s | resident MB | peak MB |\n|---|---|---|");
  for (const r of rows) console.log(`| ${r.at} | ${r.rss.toFixed(0)} | ${r.hwm.toFixed(0)} |`);
  const worst = Math.max(...rows.slice(1).map((r) => r.rss));
  console.log(`\nlargest resident size under load: ${worst.toFixed(0)} MB (target: under ${opt["max-mb"]} MB); peak, start-up included: ${rows.at(-1).hwm.toFixed(0)} MB`);
  process.exitCode = worst < Number(opt["max-mb"]) && errors === 0 ? 0 : 1;
} finally {
  server.child?.kill("SIGTERM");
  await new Promise((r) => (server.child && server.child.exitCode === null ? server.child.on("exit", r) : r()));
  rmSync(dir, { recursive: true, force: true });
}
