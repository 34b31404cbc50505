// @ts-check
// The device's store of a model's vectors (src/vault/vectorStore.ts) over
// Chromium's real IndexedDB, what Obsidian runs: parts appended in order
// and read back whole, a replace that leaves one part, another name's
// store its own, and what was stored still there when the browser is
// started again on the same profile (a restart of the editor). The Node
// tests run it over a fake (test/fakeIndexedDB.mjs).
//
//   node test/chromium/vectorStore.mjs      (make test-plugin, when Chromium is there)
//
// CHROMIUM names the browser (default /usr/bin/chromium); nothing is
// downloaded. The page is served from 127.0.0.1 (IndexedDB needs an
// origin) and posts its findings back.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { build } from "esbuild";
import { removeProfile } from "../../bench/chromium/profile.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const browser = process.env.CHROMIUM ?? "/usr/bin/chromium";

const bundled = await build({
  entryPoints: [path.join(here, "../../src/vault/vectorStore.ts")], bundle: true, format: "esm", write: false, logLevel: "error",
});
const store = bundled.outputFiles[0].text;

// step=write stores; step=read reads what a browser started earlier stored.
const page = (/** @type {string} */ step) => `<!doctype html><meta charset="utf-8"><title>vectors</title>
<script type="module">
import { deviceVectorStore } from "/store.mjs";
const text = (b) => b === undefined ? null : new TextDecoder().decode(b);
const enc = (s) => new TextEncoder().encode(s);
try {
  const s = deviceVectorStore();
  const seen = {};
  if (${JSON.stringify(step)} === "write") {
    seen.empty = text(await s.load("a.vec"));
    await s.append("a.vec", enc("one,"));
    await s.append("a.vec", enc("two,"));
    await s.append("b.vec", enc("other"));
    seen.appended = text(await s.load("a.vec"));
    await s.replace("b.vec", enc("replaced"));
    await s.append("b.vec", enc("+more"));
    seen.replaced = text(await s.load("b.vec"));
    await s.append("a.vec", enc("three"));
  } else {
    seen.a = text(await s.load("a.vec"));
    seen.b = text(await s.load("b.vec"));
  }
  await fetch("/result", { method: "POST", body: JSON.stringify(seen) });
} catch (e) {
  await fetch("/result", { method: "POST", body: JSON.stringify({ error: String(e) }) });
}
</script>`;

/** @type {(body: string) => void} */
let answered = () => {};
const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "POST" && url.pathname === "/result") {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c) => { body += c; });
    req.on("end", () => { res.writeHead(204).end(); answered(body); });
    return;
  }
  if (url.pathname === "/store.mjs") return void res.writeHead(200, { "content-type": "text/javascript" }).end(store);
  if (url.pathname === "/") return void res.writeHead(200, { "content-type": "text/html" }).end(page(url.searchParams.get("step") ?? ""));
  res.writeHead(404).end();
});
await new Promise((r) => server.listen(0, "127.0.0.1", () => r(undefined)));
const port = /** @type {import("node:net").AddressInfo} */ (server.address()).port;
const profile = mkdtempSync(path.join(tmpdir(), "pc-vectors-chromium-"));

/** @param {string} step @returns {Promise<unknown>} */
async function run(step) {
  const body = new Promise((resolve) => { answered = resolve; });
  const child = spawn(browser, [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", `--user-data-dir=${profile}`, `http://127.0.0.1:${port}/?step=${step}`,
  ], { stdio: "ignore" });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`chromium: no answer from the page (step ${step}) in 60 s`)), 60_000).unref());
    return JSON.parse(/** @type {string} */ (await Promise.race([body, timeout])));
  } finally {
    child.kill();
    await exited; // the profile is written and unlocked before the next start
  }
}

try {
  assert.deepEqual(await run("write"), { empty: null, appended: "one,two,", replaced: "replaced+more" });
  assert.deepEqual(await run("read"), { a: "one,two,three", b: "replaced+more" }, "kept across a restart of the browser");
  console.log("vector store in Chromium's IndexedDB: ok");
} finally {
  server.close();
  await removeProfile(profile);
}
