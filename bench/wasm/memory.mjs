// Memory of the WebAssembly core under Node at scale: a vault written by
// `projectcanvas gen` (10,000 entity files and 10,000 notes by default) is
// loaded through the bridge as the editor plugin loads it, the document
// index is built, then searches, reads and updates run; the process's
// resident size is printed after each step, with its peak (VmHWM) and the
// WebAssembly linear memory (which never shrinks). Exits 1 when the peak
// reaches --max-mb (600: issue 17's target).
//
//   node --expose-gc bench/wasm/memory.mjs --bin BIN --wasm WASM [--entities N] [--docs M] [--max-mb MB]
//
// (make bench-wasm-memory). No dependency beyond Node and the Go toolchain's
// wasm_exec.js.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: opt } = parseArgs({
  options: {
    bin: { type: "string", default: ".scratch/bin/projectcanvas" },
    wasm: { type: "string", default: ".scratch/projectcanvas.wasm" },
    entities: { type: "string", default: "10000" },
    docs: { type: "string", default: "10000" },
    "max-mb": { type: "string", default: "600" },
  },
});

const MB = 1 << 20;
const peakKB = () => Number(readFileSync("/proc/self/status", "utf8").match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
const rows = [];
let mem;
function sample(step, ms) {
  globalThis.gc?.(); // JavaScript's garbage (the files as loaded) does not count
  rows.push({ step, ms: ms === undefined ? "" : ms.toFixed(0), rss: process.memoryUsage.rss() / MB, wasm: mem().buffer.byteLength / MB, js: process.memoryUsage().heapUsed / MB });
}

/** Every file of a folder, as the bridge's load takes them. */
function files(dir, prefix = "") {
  const out = [];
  for (const name of readdirSync(path.join(dir, prefix))) {
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(path.join(dir, rel)).isDirectory()) out.push(...files(dir, rel));
    else out.push({ path: rel, content: readFileSync(path.join(dir, rel), "utf8") });
  }
  return out;
}

async function call(pc, name, args) {
  const out = JSON.parse(await pc.call(JSON.stringify({ name, arguments: args })));
  return out.result;
}

async function timed(step, f) {
  const t0 = performance.now();
  const r = await f();
  sample(step, performance.now() - t0);
  return r;
}

const dir = mkdtempSync(path.join(tmpdir(), "pc-wasm-memory-"));
try {
  execFileSync(path.resolve(opt.bin), ["gen", "--entities", opt.entities, "--docs", opt.docs, dir], { stdio: "ignore" });
  const goroot = execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim();
  createRequire(import.meta.url)(path.join(goroot, "lib/wasm/wasm_exec.js"));
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(readFileSync(opt.wasm), go.importObject);
  mem = () => instance.exports.mem;
  go.run(instance);
  while (!globalThis.projectcanvas) await new Promise((r) => setTimeout(r, 10));
  const pc = globalThis.projectcanvas;
  sample("started");

  let input = JSON.stringify({ files: files(dir), token: "bench" });
  const n = (await timed("load (project index)", () => pc.load(input).then(JSON.parse))).entities;
  input = null;
  // search_docs waits for the document index, which load started building.
  await timed("document index built, first search", () => call(pc, "search_docs", { query: "roll back the release" }));

  const words = ["cache", "latency", "rollback", "security review", "offline exports", "pricing beta", "migration transaction",
    "accessibility keyboard", "outage lock", "design layout", "tokens in logs", "background worker timeout"];
  await timed("100 search_docs", async () => {
    for (let i = 0; i < 100; i++) await call(pc, "search_docs", { query: words[i % words.length], top_k: 8 });
  });
  await timed("100 search_entities", async () => {
    for (let i = 0; i < 100; i++) await call(pc, "search_entities", { query: words[i % words.length] });
  });
  const tasks = Array.from({ length: 200 }, (_, i) => `T-${String(i + 1).padStart(3, "0")}`); // gen's first tasks
  await timed("200 get_entity, 200 update_entity", async () => {
    for (const id of tasks) {
      await call(pc, "get_entity", { id });
      await call(pc, "update_entity", { id, data: { title: `Task ${id} renamed` } });
    }
  });
  await timed("100 search_docs after the updates", async () => {
    for (let i = 0; i < 100; i++) await call(pc, "search_docs", { query: words[(i + 5) % words.length], top_k: 8 });
  });

  const peak = peakKB() / 1024;
  console.log(`WebAssembly core under Node ${process.version}: ${n} entities, ${opt.docs} other notes (projectcanvas gen)\n`);
  console.log("| step | ms | resident MB | WebAssembly memory MB | JavaScript heap MB |\n|---|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.step} | ${r.ms} | ${r.rss.toFixed(0)} | ${r.wasm.toFixed(0)} | ${r.js.toFixed(0)} |`);
  console.log(`\npeak resident (VmHWM): ${peak.toFixed(0)} MB (target: under ${opt["max-mb"]} MB)`);
  process.exitCode = peak < Number(opt["max-mb"]) ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit();
