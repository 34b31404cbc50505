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
// downloaded. Chromium is driven over its DevTools protocol (devtools.mjs).
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { launch } from "./devtools.mjs";

const siteDir = path.resolve(process.argv[2] ?? "");
if (!process.argv[2] || !existsSync(path.join(siteDir, "index.html"))) {
  console.error("usage: node --experimental-websocket test/site/chromium.mjs SITE_DIR (a folder projectcanvas site wrote)");
  process.exit(2);
}
const shots = process.env.SHOTS;
const siteURL = pathToFileURL(siteDir + path.sep).href;
const problems = [];

const { page, listeners, sessionId, navigate, evaluate: evaluateIn, stop } = await launch();
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

async function open(rel) {
  current = rel;
  await navigate(siteURL + rel);
}
async function evaluate(expression) {
  try {
    return await evaluateIn(expression);
  } catch (e) {
    throw new Error(`${current}: ${e instanceof Error ? e.message : String(e)}`);
  }
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

// checkLinks checks that every link of the page matching selector
// resolves to a file of the site (or is an http(s)/mailto address).
async function checkLinks(rel, selector) {
  const hrefs = await evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((a) => new URL(a.getAttribute("href"), document.baseURI).href)`);
  for (const href of hrefs) {
    links++;
    if (/^(https?:|mailto:)/.test(href)) continue;
    const file = href.split("#")[0].split("?")[0];
    if (!file.startsWith(siteURL) || !existsSync(fileURLToPath(file))) problems.push(`${rel}: a link that does not resolve within the site: ${href}`);
  }
  return hrefs.length;
}

let status = 0;
let links = 0;
try {
  const pages = htmlFiles(siteDir).sort();
  const active = [];
  for (const rel of pages) {
    await open(rel);
    await checkLinks(rel, "a[href]");
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
  // The cards, drawn by the script, link to their entities' pages (the paths the board's data gives).
  await checkLinks("index.html (its cards)", ".project-canvas-card a[href]");
  const strays = await evaluate(`[...document.querySelectorAll(".project-canvas-card")].filter((c) => !c.querySelector("a[href]")?.getAttribute("href").endsWith("/" + c.getAttribute("data-id") + ".html")).length`);
  if (strays) problems.push(`board: ${strays} card(s) without a link to their page`);
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
  await checkLinks("search.html (its results)", "#results a[href]");
  const misled = await evaluate(`[...document.querySelectorAll("#results a")].filter((a) => !a.getAttribute("href").endsWith("/" + a.textContent.split(" ")[0] + ".html")).length`);
  if (misled) problems.push(`search: ${misled} result(s) without a link to their page`);
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
  await stop();
}
process.exit(status);

