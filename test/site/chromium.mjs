// @ts-check
// The status site (projectcanvas site) in headless Chromium, opened from
// disk (file://) as a person opening the folder would: every page loads
// with no console error, no failed check of its Content-Security-Policy
// and no request outside the site's folder; every link of every page
// resolves to a file of the site (or is an http(s)/mailto address a note
// wrote); the board lists every active entity, each once; a search for a
// title with two letters swapped finds it, a keystroke answering within
// 50 ms. Screenshots of the board and the first canvas go to SHOTS (a
// folder) when it is set.
//
//   node --experimental-websocket test/site/chromium.mjs SITE_DIR
//
// CHROMIUM names the browser (default /usr/bin/chromium); nothing is
// downloaded. Chromium is driven over its DevTools protocol.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const siteDir = path.resolve(process.argv[2] ?? "");
if (!process.argv[2] || !existsSync(path.join(siteDir, "index.html"))) {
  console.error("usage: node --experimental-websocket test/site/chromium.mjs SITE_DIR (a folder projectcanvas site wrote)");
  process.exit(2);
}
const shots = process.env.SHOTS;
const browser = process.env.CHROMIUM ?? "/usr/bin/chromium";
const siteURL = pathToFileURL(siteDir + path.sep).href;
const problems = [];

const profile = mkdtempSync(path.join(tmpdir(), "pc-site-chromium-"));
const child = spawn(browser, [
  "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--remote-debugging-port=0", `--user-data-dir=${profile}`,
  "--window-size=1400,1000", "about:blank",
], { stdio: ["ignore", "ignore", "pipe"] });
let stderr = "";
const wsURL = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error("chromium: no DevTools address after 30 s\n" + stderr)), 30_000);
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (c) => {
    stderr = (stderr + c).slice(-20_000);
    const m = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
    if (m) { clearTimeout(timer); resolve(m[1]); }
  });
  child.on("error", (e) => reject(e));
});

// A minimal DevTools client: one socket to the browser, sessions flattened.
const ws = new WebSocket(String(wsURL));
await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
let nextId = 1;
const pending = new Map();
const listeners = [];
ws.onmessage = (ev) => {
  const msg = JSON.parse(String(ev.data));
  if (msg.id && pending.has(msg.id)) {
    const { resolve, reject } = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.error) reject(new Error(JSON.stringify(msg.error))); else resolve(msg.result);
  } else if (msg.method) {
    for (const l of listeners) l(msg);
  }
};
/** @returns {Promise<any>} */
function send(method, params = {}, sessionId = undefined) {
  const id = nextId++;
  ws.send(JSON.stringify({ id, method, params, sessionId }));
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

const { targetId } = await send("Target.createTarget", { url: "about:blank" });
const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
const page = (method, params = {}) => send(method, params, sessionId);
let current = "";
listeners.push((msg) => {
  if (msg.sessionId !== sessionId) return;
  if (msg.method === "Runtime.exceptionThrown") problems.push(`${current}: exception: ${msg.params.exceptionDetails.exception?.description ?? msg.params.exceptionDetails.text}`);
  if (msg.method === "Runtime.consoleAPICalled" && (msg.params.type === "error" || msg.params.type === "warning")) problems.push(`${current}: console ${msg.params.type}: ${msg.params.args.map((a) => a.value ?? a.description).join(" ")}`);
  if (msg.method === "Log.entryAdded" && msg.params.entry.level === "error") problems.push(`${current}: ${msg.params.entry.source}: ${msg.params.entry.text} ${msg.params.entry.url ?? ""}`);
  if (msg.method === "Network.requestWillBeSent" && !msg.params.request.url.startsWith(siteURL)) problems.push(`${current}: a request outside the site: ${msg.params.request.url}`);
  if (msg.method === "Network.loadingFailed") problems.push(`${current}: failed to load: ${msg.params.errorText} ${msg.params.blockedReason ?? ""}`);
});
await page("Runtime.enable");
await page("Log.enable");
await page("Network.enable");
await page("Page.enable");

async function open(rel) {
  current = rel;
  const loaded = new Promise((resolve) => listeners.push(function once(msg) {
    if (msg.sessionId === sessionId && msg.method === "Page.loadEventFired") { listeners.splice(listeners.indexOf(once), 1); resolve(undefined); }
  }));
  await page("Page.navigate", { url: siteURL + rel });
  await loaded;
}
async function evaluate(expression) {
  const r = await page("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
  if (r.exceptionDetails) throw new Error(`${current}: ${expression}: ${r.exceptionDetails.text}`);
  return r.result.value;
}
async function shoot(name) {
  if (!shots) return;
  const { data } = await page("Page.captureScreenshot", { format: "png" });
  writeFileSync(path.join(shots, name), Buffer.from(data, "base64"));
}

function htmlFiles(dir, prefix = "") {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? htmlFiles(path.join(dir, d.name), prefix + d.name + "/") : d.name.endsWith(".html") ? [prefix + d.name] : []);
}

let status = 0;
try {
  const pages = htmlFiles(siteDir).sort();
  const active = [];
  let links = 0;
  for (const rel of pages) {
    await open(rel);
    const hrefs = await evaluate(`[...document.querySelectorAll("a[href]")].map((a) => new URL(a.getAttribute("href"), document.baseURI).href)`);
    for (const href of hrefs) {
      links++;
      if (/^(https?:|mailto:)/.test(href)) continue;
      const file = href.split("#")[0].split("?")[0];
      if (!file.startsWith(siteURL) || !existsSync(fileURLToPath(file))) problems.push(`${rel}: a link that does not resolve within the site: ${href}`);
    }
    const levels = await evaluate(`[...document.querySelectorAll("h1,h2,h3,h4,h5,h6")].map((h) => Number(h.tagName[1]))`);
    levels.forEach((l, i) => { if (i === 0 ? l !== 1 : l > levels[i - 1] + 1) problems.push(`${rel}: headings out of order: ${levels.join(",")}`); });
    if (rel.startsWith("e/")) {
      const fields = await evaluate(`Object.fromEntries([...document.querySelectorAll("dl.fields dt")].map((dt) => [dt.textContent, dt.nextElementSibling.textContent]))`);
      if (fields.archived !== "true") active.push(fields.id);
    }
  }

  await open("index.html");
  // The board is drawn by its script, in slices: wait for the last.
  await evaluate(`new Promise((resolve) => { const t = setInterval(() => { if (!document.querySelector("#board[aria-busy]")) { clearInterval(t); resolve(true); } }, 20); })`);
  const cards = await evaluate(`[...document.querySelectorAll(".project-canvas-card .project-canvas-card-id")].map((s) => s.textContent)`);
  const missing = active.filter((id) => !cards.includes(id));
  const twice = cards.filter((id, i) => cards.indexOf(id) !== i);
  if (missing.length || twice.length || cards.length !== active.length) problems.push(`board: ${cards.length} cards for ${active.length} active entities; missing ${missing.join(" ")}; twice ${twice.join(" ")}`);
  const unlabelled = await evaluate(`[...document.querySelectorAll(".project-canvas-card")].filter((c) => !c.querySelector(".project-canvas-card-status")?.textContent.trim()).length`);
  if (unlabelled) problems.push(`board: ${unlabelled} card(s) show their status by colour alone`);
  await shoot("board.png");

  // A title's longest word with two letters swapped, as a person mistypes it.
  await open("search.html");
  const target = await evaluate(`window.PC_SEARCH.find((e) => e.title.split(" ").some((w) => w.length >= 7))`);
  const word = target.title.split(" ").sort((a, b) => b.length - a.length)[0];
  const typo = word.slice(0, 2) + word[3] + word[2] + word.slice(4);
  const found = await evaluate(`(() => {
    const q = document.getElementById("q");
    q.value = ${JSON.stringify(typo)};
    const t0 = performance.now();
    q.dispatchEvent(new Event("input"));
    const ms = performance.now() - t0;
    return { ms, ids: [...document.querySelectorAll("#results a")].map((a) => a.textContent.split(" ")[0]) };
  })()`);
  if (!found.ids.includes(target.id)) problems.push(`search: "${typo}" (for "${word}") does not find ${target.id}: ${found.ids.join(" ")}`);
  if (found.ms > 50) problems.push(`search: a keystroke took ${found.ms.toFixed(1)} ms`);

  const canvas = pages.find((p) => p.startsWith("canvas/"));
  if (canvas) {
    await open(canvas);
    const cardLinks = await evaluate(`document.querySelectorAll(".viewport svg a").length`);
    if (!cardLinks) problems.push(`${canvas}: no card links to its page`);
    await shoot("canvas.png");
  }
  console.log(`site: ${pages.length} pages, ${links} links, ${cards.length} cards on the board, "${typo}" found ${target.id} in ${found.ms.toFixed(1)} ms`);
  if (problems.length) {
    console.error(problems.join("\n"));
    status = 1;
  }
} catch (e) {
  console.error(e instanceof Error ? e.stack : String(e));
  status = 1;
} finally {
  ws.close();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const hard = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(hard);
  await removeProfile(profile);
}
process.exit(status);

/**
 * Removes Chromium's profile folder once its helper processes, which
 * outlive the browser by a moment and write into it meanwhile, let go of
 * it; a folder still held after ten seconds is left in the temporary
 * folder with a note, not a failed test.
 * @param {string} dir
 */
async function removeProfile(dir) {
  for (let i = 0; ; i++) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      return;
    } catch (e) {
      if (i === 20) {
        console.error(`note: ${dir} is left behind (${e instanceof Error ? e.message : String(e)})`);
        return;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
