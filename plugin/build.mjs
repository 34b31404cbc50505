// Builds the plugin: dist/main.js (the plugin with the WebAssembly core
// inlined, gzip then base64, and the worker's source: wasm_exec.js and
// src/core/worker/bootstrap.ts), dist/manifest.json and dist/styles.css.
//
//   node build.mjs           the plugin, into dist/
//   node build.mjs --test    also test/.build/harness.mjs: the same sources
//                            bundled with the fake obsidian module, for node:test
//   node build.mjs --chromium-bench
//                            also test/.build/chromium-bench.mjs: the same for a
//                            browser page, with node:fs over memory (bench/chromium/)
//   node build.mjs --site    only the status site's board script (siteBundle.mjs),
//                            into ../projectcanvas/site/assets/board.js; no .wasm needed
//
// The .wasm comes from PROJECTCANVAS_WASM or ../.scratch/projectcanvas.wasm
// (make wasm); wasm_exec.js from GOROOT_WASM or `go env GOROOT`/lib/wasm.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { builtinModules } from "node:module";
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { SITE_BUNDLE, siteBundle } from "./siteBundle.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
if (process.argv.includes("--site")) {
  writeFileSync(SITE_BUNDLE, await siteBundle());
  console.log(`site: ${path.relative(process.cwd(), SITE_BUNDLE)} ${statSync(SITE_BUNDLE).size} bytes`);
  process.exit(0);
}
const wasmPath = path.resolve(process.env.PROJECTCANVAS_WASM ?? path.join(here, "../.scratch/projectcanvas.wasm"));
if (!existsSync(wasmPath)) {
  console.error(`build: no ${wasmPath}; run make wasm first (or set PROJECTCANVAS_WASM)`);
  process.exit(1);
}
const wasmExecDir = process.env.GOROOT_WASM ??
  path.join(execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim(), "lib/wasm");
const wasmExec = readFileSync(path.join(wasmExecDir, "wasm_exec.js"), "utf8");

const target = "es2018";

// The worker's code: Go's wasm_exec.js (which defines globalThis.Go),
// then the bootstrap that instantiates the core and answers messages.
const bootstrap = await build({
  entryPoints: [path.join(here, "src/core/worker/bootstrap.ts")],
  bundle: true, write: false, format: "iife", target, minify: true, logLevel: "warning",
});
const workerSource = wasmExec + "\n;\n" + bootstrap.outputFiles[0].text;
const wasm = readFileSync(wasmPath);
const wasmBase64 = gzipSync(wasm, { level: 9 }).toString("base64");
const wasmSha256 = createHash("sha256").update(wasm).digest("hex");

// core-assets is a virtual module: the strings above, each once.
const assets = {
  name: "core-assets",
  setup(b) {
    b.onResolve({ filter: /^core-assets$/ }, () => ({ path: "core-assets", namespace: "core-assets" }));
    b.onLoad({ filter: /.*/, namespace: "core-assets" }, () => ({
      contents: `export const WORKER_SOURCE = ${JSON.stringify(workerSource)};\n` +
        `export const WASM_GZIP_BASE64 = ${JSON.stringify(wasmBase64)};\n` +
        `export const WASM_SHA256 = ${JSON.stringify(wasmSha256)};\n`,
      loader: "js",
    }));
  },
};

const external = ["obsidian", "electron", "@codemirror/*", "@lezer/*",
  ...builtinModules, ...builtinModules.map((m) => "node:" + m)];

const dist = path.join(here, "dist");
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [path.join(here, "src/main.ts")],
  outfile: path.join(dist, "main.js"),
  bundle: true, format: "cjs", platform: "browser", target, external,
  plugins: [assets], minify: true, sourcemap: false, legalComments: "none", logLevel: "warning",
});
copyFileSync(path.join(here, "manifest.json"), path.join(dist, "manifest.json"));
copyFileSync(path.join(here, "styles.css"), path.join(dist, "styles.css"));
console.log(`plugin: dist/main.js ${statSync(path.join(dist, "main.js")).size} bytes (wasm ${statSync(wasmPath).size} raw, ${wasmBase64.length} gzip+base64)`);

if (process.argv.includes("--test")) {
  // The same sources with `obsidian` resolved to the fake module, so that
  // tests drive the real plugin, core client and worker source under Node.
  await build({
    entryPoints: [path.join(here, "test/harness-entry.ts")],
    outfile: path.join(here, "test/.build/harness.mjs"),
    bundle: true, format: "esm", platform: "node", target: "node20",
    alias: { obsidian: path.join(here, "test/fake/obsidian.ts") },
    plugins: [assets], sourcemap: "inline", logLevel: "warning",
  });
}

if (process.argv.includes("--chromium-bench")) {
  // bench/chromium.mjs's page: the same sources and fake in a browser, its
  // vault in memory (the fake's node:fs, node:fs/promises and node:path
  // are bench/chromium's shims).
  const shim = (/** @type {string} */ f) => path.join(here, "bench/chromium", f);
  await build({
    entryPoints: [shim("page.mjs")],
    outfile: path.join(here, "test/.build/chromium-bench.mjs"),
    bundle: true, format: "esm", platform: "browser", target: "es2022",
    alias: { obsidian: path.join(here, "test/fake/obsidian.ts"),
      "node:fs": shim("fs.mjs"), "node:fs/promises": shim("fsPromises.mjs"), "node:path": shim("path.mjs") },
    plugins: [assets], logLevel: "warning",
  });
}
