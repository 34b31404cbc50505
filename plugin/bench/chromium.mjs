// @ts-check
// Start-up and commands of the plugin in headless Chromium, what Obsidian
// runs: the scenarios and figures of bench/start.mjs and bench/editing.mjs
// (as bench/load.mjs and bench/commands.mjs under Node),
// with the core in a real Web Worker from a Blob URL, the browser's
// DecompressionStream and structured clone, and its 4 ms clamp on nested
// timers. The page (bench/chromium/page.mjs, bundled by build.mjs
// --chromium-bench) is served from 127.0.0.1 (a secure context: the
// caches' seal needs crypto.subtle) and posts its lines back here.
//
//   node bench/chromium.mjs [RUNS] [ONLY]      (make bench-plugin-chromium; RUNS default 5)
//
// CHROMIUM names the browser (default /usr/bin/chromium); nothing is
// downloaded. BENCH_BUNDLE names another page bundle (bench/chromiumVs.mjs
// runs a base commit's this way). The browser runs with a new profile in a temporary folder,
// removed at the end with the browser stopped, also on a failure.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { removeProfile } from "./chromium/profile.mjs";

const runs = Number(process.argv[2] ?? 5);
const only = process.argv[3] ?? ""; // e.g. later:10000+0 (start.mjs's scenarioName) or keystrokes (editing.mjs)
const here = path.dirname(fileURLToPath(import.meta.url));
const bundlePath = process.env.BENCH_BUNDLE ?? path.join(here, "../test/.build/chromium-bench.mjs");
const browser = process.env.CHROMIUM ?? "/usr/bin/chromium";
// Long enough for the 10,000 + 10,000 scenario on a busy machine of 2 cores.
const timeoutMs = 120_000 + runs * 90_000;

let bundle;
try {
  bundle = readFileSync(bundlePath);
} catch {
  console.error(`chromium: no ${bundlePath}; run node build.mjs --chromium-bench first (make bench-plugin-chromium does)`);
  process.exit(1);
}

/** @type {(v: string) => void} */
let finish = () => {};
/** @type {(e: Error) => void} */
let abort = () => {};
const done = new Promise((resolve, reject) => { finish = resolve; abort = reject; });

const page = `<!doctype html><meta charset="utf-8"><title>Project Canvas start-up</title><script type="module" src="/bench.mjs"></script>`;
const server = createServer((req, res) => {
  if (req.method === "GET") {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/") return void res.writeHead(200, { "content-type": "text/html" }).end(page);
    if (url.pathname === "/bench.mjs") return void res.writeHead(200, { "content-type": "text/javascript" }).end(bundle);
    return void res.writeHead(404).end();
  }
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (c) => { body += c; });
  req.on("end", () => {
    res.writeHead(204).end();
    if (req.url === "/line") console.log(body);
    else if (req.url === "/done") finish(body);
    else if (req.url === "/fail") abort(new Error("the page failed: " + body));
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
const address = server.address();
const port = address && typeof address === "object" ? address.port : 0;

const profile = mkdtempSync(path.join(tmpdir(), "pc-chromium-"));
// The machine's network is closed: without the background-networking flags
// Chromium keeps trying (and logging) refused connections.
const child = spawn(browser, [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
  `--user-data-dir=${profile}`,
  `http://127.0.0.1:${port}/?${new URLSearchParams({ runs: String(runs), only })}`,
], { stdio: ["ignore", "ignore", "pipe"] });
let stderr = "";
child.stderr.setEncoding("utf8");
child.stderr.on("data", (c) => { stderr = (stderr + c).slice(-20_000); });
child.on("error", (e) => abort(new Error(`chromium: cannot start ${browser}: ${e.message}`)));
child.on("exit", (code, signal) => abort(new Error(`chromium exited (${signal ?? code}) before the bench finished`)));

const timer = setTimeout(() => abort(new Error(`chromium: no end after ${timeoutMs / 1000} s`)), timeoutMs);
let status = 0;
try {
  const agent = await done;
  console.log(`(${agent})`);
} catch (e) {
  console.error(String(e instanceof Error ? e.message : e));
  console.error("chromium's last output:\n" + stderr.split("\n").slice(-30).join("\n"));
  status = 1;
} finally {
  clearTimeout(timer);
  child.removeAllListeners("exit");
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const hard = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(hard);
  }
  server.close();
  await removeProfile(profile);
}
process.exit(status);
