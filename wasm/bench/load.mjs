// The first load of a vault by the WebAssembly build under Node, as the
// editor plugin's start-up pays it: a fresh process instantiates the .wasm
// with the toolchain's wasm_exec.js and times projectcanvas.load on every
// file of the folder (cold: the engine has compiled nothing yet). Prints the
// median wall time and processor time (all of the process's threads, the
// compiler's included) over RUNS processes.
//
//   node wasm/bench/load.mjs WASM VAULT [RUNS]      (make bench-wasm-load)
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [wasm, dir, arg] = process.argv.slice(2);
if (arg === "--once") {
  console.log(JSON.stringify(await once()));
  process.exit(0); // the Go program never returns
} else {
  const runs = [];
  for (let i = 0; i < Number(arg ?? 5); i++) {
    runs.push(JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), wasm, dir, "--once"]).toString()));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`${dir}: ${runs[0].files} files, ${runs[0].entities} entities; first load (median of ${runs.length}): ` +
    `${median(runs.map((r) => r.ms))} ms, ${median(runs.map((r) => r.cpuMs))} ms of processor time`);
}

async function once() {
  const files = [];
  (function walk(d, rel) {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name), r = rel ? `${rel}/${name}` : name;
      if (statSync(p).isDirectory()) walk(p, r);
      else files.push({ path: r, content: readFileSync(p, "utf8") });
    }
  })(dir, "");
  const goroot = execFileSync("go", ["env", "GOROOT"]).toString().trim();
  await import(path.join(goroot, "lib", "wasm", "wasm_exec.js"));
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(readFileSync(wasm), go.importObject);
  go.run(instance);
  const input = JSON.stringify({ files });
  const cpu = process.cpuUsage(), t0 = performance.now();
  const out = JSON.parse(await globalThis.projectcanvas.load(input));
  const ms = performance.now() - t0, used = process.cpuUsage(cpu);
  if ((out.problems ?? []).length > 0) throw new Error(`load reported problems: ${JSON.stringify(out.problems).slice(0, 300)}`);
  return { files: files.length, entities: out.entities, ms: Math.round(ms), cpuMs: Math.round((used.user + used.system) / 1000) };
}
