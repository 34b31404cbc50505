// @ts-check
// The plugin with the real core in a real worker (a worker_thread running
// the same Blob source) over a temporary folder, through the fake obsidian.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { defined, exampleVault, here, journaled, LoadProgress, obsidian, snapshot, startPlugin, tempVault, until } from "./helpers.mjs";
import { ShimWorker } from "./workerShim.mjs";
import { install as installIndexedDB } from "./fakeIndexedDB.mjs";

const { Notice, openCanvas } = obsidian;
/** @typedef {Error & { code?: string }} CoreFailure */

const read = (/** @type {string} */ dir, /** @type {string} */ p) => readFileSync(path.join(dir, p), "utf8");
const noticed = (/** @type {RegExp} */ re) => Notice.messages().some((m) => re.test(m));

// A community plugin's main.js may weigh 5 MB; this one measured 3,717,779
// bytes when issue 28 shrank the core, 3,841,949 after issues 35 and 39's
// core (the fused search model, the site; wasm/bridge's TestWASMSize
// raised with it) and 3,853,176 with the board view, and may grow 1 %
// from there.
test("main.js, with the core inlined, is at most 3.89 MB", () => {
  const size = statSync(path.join(here, "../dist/main.js")).size;
  assert.ok(size <= 3_890_000, `main.js is ${size} bytes`);
  assert.ok(size > 1024 * 1024, "the core is inlined");
});

test("the plugin loads the example vault in its worker and shows the entity count", async (t) => {
  const dir = tempVault(t, exampleVault);
  const { plugin, session } = await startPlugin(t, dir);
  assert.ok(session.entities > 10, `entities: ${session.entities}`);
  assert.equal(plugin.statusBar[0].text, `${session.entities} entities`);
  const out = await session.call("get_entity", { id: "M-001", fields: ["title"] });
  assert.equal(typeof out.result.title, "string");
  assert.deepEqual(out.changes, []);
  assert.ok(plugin.device.secret("httpToken").length === 64, "a token is generated on first load and kept on the device");
  assert.equal(plugin.data?.token, undefined, "not in data.json, which syncs with the vault");
});

// The worker builds the document index after the load has answered; a
// call made at once is answered between two of the build's turns (and
// with the collector still paused after the load), not after the build:
// the index is still building when it has its answer. Its time is
// reported, not asserted (make bench-plugin measures it).
test("a call right after ready is answered while the document index still builds", async (t) => {
  const dir = tempVault(t, exampleVault);
  mkdirSync(path.join(dir, "Notes", "generated"));
  for (let n = 0; n < 3000; n++) {
    writeFileSync(path.join(dir, "Notes", "generated", `Note ${n}.md`), `# Note ${n}\n\n## Context\n\nRelease ${n} rolls back when the health check fails.\n`);
  }
  const { session } = await startPlugin(t, dir);
  const t0 = performance.now();
  const out = await session.call("get_entity", { id: "M-001", fields: ["title"] });
  t.diagnostic(`first call after ready: ${(performance.now() - t0).toFixed(0)} ms`);
  assert.equal(typeof out.result.title, "string");
  const status = await session.call("msrl_status", {});
  assert.equal(status.result.state, "indexing", "the call was answered only once the document index was built");
});

test("a vault event reaches the core: get_entity after a modify sees the edit", async (t) => {
  const dir = tempVault(t, exampleVault);
  const { vault, session } = await startPlugin(t, dir);
  const file = defined(vault.getMarkdownFiles().find((f) => /^T-001\b/.test(f.basename)), "T-001");
  const edited = (await vault.read(file)).replace(/^title: .*$/m, "title: Edited in the editor");
  await vault.userWrite(file.path, edited);
  const out = await session.call("get_entity", { id: "T-001", fields: ["title"] });
  assert.equal(out.result.title, "Edited in the editor");

  // A rename and a delete too.
  const renamed = file.parent?.path + "/Renamed task.md";
  await vault.rename(file, renamed);
  assert.equal((await session.call("get_entity", { id: "T-001", fields: ["path"] })).result.path, renamed);
  await vault.delete(defined(vault.getFileByPath(renamed), renamed));
  await assert.rejects(session.call("get_entity", { id: "T-001" }), (/** @type {CoreFailure} */ e) => e.code === "not_found");
});

test("a call's changes are applied to the folder through the vault API, echoes not sent back", async (t) => {
  const dir = tempVault(t);
  const { vault, session } = await startPlugin(t, dir);
  assert.equal(session.entities, 0);
  const out = await session.call("create_entity", { type: "milestone", data: { title: "Public beta" } });
  assert.equal(out.result.id, "M-001");
  assert.ok(out.changes.length >= 2, JSON.stringify(out.changes.map((c) => c.path)));
  const created = defined(out.changes.find((c) => c.path.endsWith(".md")), "the note");
  assert.equal(read(dir, created.path), created.content);
  assert.ok(existsSync(path.join(dir, "Projects.canvas")), "the node is put on the canvas");
  assert.ok(!existsSync(path.join(dir, ".projectcanvas/journal.json")), "the journal is gone after the last change");
  assert.ok(vault.log.some((l) => l.op === "create" && l.path === created.path));
  // The vault events of the plugin's own writes are echoes: none reaches the core.
  /** @type {unknown[]} */
  const sent = [];
  const request = session.core.request.bind(session.core);
  session.core.request = (fn, input) => { if (fn === "events") sent.push(input); return request(fn, input); };
  await session.call("create_entity", { type: "milestone", data: { title: "Second" } });
  await session.call("get_schema", {});
  assert.deepEqual(sent, []);
  session.core.request = request;
  // A folder that did not exist is created.
  const story = await session.call("create_entity", { type: "story", data: { title: "Sign-in", parent: "M-001" } });
  const storyFile = defined(story.changes.find((c) => c.op === "write" && /S-001/.test(c.path)), "S-001").path;
  assert.ok(vault.getFileByPath(storyFile), storyFile);
  // An existing file goes through process.
  const before = vault.log.length;
  await session.call("update_entity", { id: "M-001", status: "wip" });
  assert.ok(vault.log.slice(before).some((l) => l.op === "process" && l.path === created.path), JSON.stringify(vault.log.slice(before)));
  assert.match(read(dir, created.path), /status: (wip|in[_ -]progress)/i);
});

test("a multi-file change writes the journal first and removes it last, in order", async (t) => {
  const dir = tempVault(t);
  const { vault, session } = await startPlugin(t, dir);
  await session.call("create_entity", { type: "milestone", data: { title: "M" } });
  const ops = [1, 2, 3].map((i) => ({ op: "create", type: "story", data: { title: "S" + i, parent: "M-001" } }));
  /** @type {[string, string][]} */
  const writes = [];
  vault.adapter.write = ((w) => async (p, d) => { writes.push(["write", p]); return w(p, d); })(vault.adapter.write.bind(vault.adapter));
  vault.adapter.remove = ((r) => async (p) => { writes.push(["remove", p]); return r(p); })(vault.adapter.remove.bind(vault.adapter));
  const logStart = vault.log.length;
  const out = await session.call("batch_update", { ops });
  const c = out.changes;
  assert.ok(journaled(c), JSON.stringify(c.map((x) => [x.op, x.path])));
  assert.deepEqual([c[0].op, c[0].path], ["write", ".projectcanvas/journal.json"]);
  assert.deepEqual([c.at(-1)?.op, c.at(-1)?.path], ["delete", ".projectcanvas/journal.json"]);
  // The journal went through the adapter (hidden), before any vault write and after the last.
  assert.deepEqual(writes[0], ["write", ".projectcanvas/journal.json"]);
  assert.deepEqual(writes.at(-1), ["remove", ".projectcanvas/journal.json"]);
  assert.equal(vault.log.length - logStart, c.length - 2 - c.filter((x) => x.path.startsWith(".projectcanvas/") && x.path !== ".projectcanvas/journal.json").length);
  assert.ok(!existsSync(path.join(dir, ".projectcanvas/journal.json")));
});

test("a change to an open canvas goes to the live canvas, which saves it", async (t) => {
  const dir = tempVault(t, exampleVault);
  const { app, session } = await startPlugin(t, dir);
  await session.call("populate_canvas", {});
  const view = await openCanvas(app, "Projects.canvas");
  const onDisk = read(dir, "Projects.canvas");
  const xs = () => [...view.canvas.nodes.values()].map((n) => n.getData().x).join();
  const before = xs();
  const out = await session.call("layout_canvas", {});
  assert.deepEqual(out.changes.map((c) => c.path), ["Projects.canvas"]);
  assert.notEqual(xs(), before, "the live canvas has the new layout");
  assert.equal(view.canvas.saveRequests, 1, "the view is asked to save");
  assert.equal(read(dir, "Projects.canvas"), onDisk, "the file is not written behind the view's back");
  await view.save();
  assert.deepEqual(JSON.parse(read(dir, "Projects.canvas")).nodes.map((/** @type {{ x: number }} */ n) => n.x).join(), xs());
  // A node the person moves in the view (not saved yet) is what the core sees next.
  const first = [...view.canvas.nodes.values()][0];
  first.setData({ ...first.getData(), x: 123456 });
  const again = await session.call("populate_canvas", {});
  assert.equal(again.result.nodes_added, 0, "no duplicates");
  const live = await session.call("layout_canvas", {});
  assert.ok(live.changes.length <= 1);
});

test("a missing canvas internal falls back to writing the file, with a notice", async (t) => {
  const dir = tempVault(t, exampleVault);
  const { app, session } = await startPlugin(t, dir);
  await session.call("populate_canvas", {});
  const view = await openCanvas(app, "Projects.canvas");
  const lacking = /** @type {Partial<typeof view.canvas>} */ (view.canvas);
  lacking.setData = undefined;
  lacking.importData = undefined;
  const out = await session.call("layout_canvas", {});
  assert.equal(read(dir, "Projects.canvas"), out.changes[0].content, "the file holds the new canvas");
  assert.ok(noticed(/Projects\.canvas was written as a file: the canvas has neither setData nor importData/), Notice.messages().join("\n"));
  // The adapter's other entry points answer fallbacks rather than throw.
  // (Canvases as a changed Obsidian could give them, lacking what the adapter needs.)
  const broken = (/** @type {unknown} */ v) => /** @type {import("../src/editor/canvasAdapter").OpenCanvas} */ (v);
  const c = broken({ view: { canvas: {} }, path: "x.canvas" });
  const { canvasAdapter } = await import("./helpers.mjs");
  assert.equal(canvasAdapter.selectNode(c, "n1", true).ok, false);
  assert.equal(canvasAdapter.setHidden(c, ["n1"], true).ok, false);
  const nodes = canvasAdapter.nodes(broken({ view: {} }));
  assert.ok(!Array.isArray(nodes) && !nodes.ok);
  assert.equal(canvasAdapter.liveData(broken({ view: null })), undefined);
});

test("a file edited while a command ran is not overwritten; the vault is reloaded", async (t) => {
  const dir = tempVault(t, exampleVault);
  const { vault, session } = await startPlugin(t, dir);
  const file = defined(vault.getMarkdownFiles().find((f) => /^M-001\b/.test(f.basename)), "M-001");
  // Saved on disk, its event not yet seen by the core.
  const mine = (await vault.read(file)).replace(/^title: .*$/m, "title: Mine");
  writeFileSync(path.join(dir, file.path), mine);
  await assert.rejects(session.call("update_entity", { id: "M-001", data: { title: "Theirs" } }), (/** @type {CoreFailure} */ e) => e.code === "conflict");
  assert.equal(read(dir, file.path), mine);
  assert.ok(noticed(/was edited while the command ran/));
  await session.ready();
  assert.equal((await session.call("get_entity", { id: "M-001", fields: ["title"] })).result.title, "Mine");
});

test("a killed worker is restarted and the vault reloaded", async (t) => {
  const dir = tempVault(t, exampleVault);
  const { session } = await startPlugin(t, dir);
  const n = session.entities;
  const worker = defined(ShimWorker.instances.at(-1), "the worker");
  const pending = session.call("search_entities", { query: "task" });
  await worker.crash();
  await assert.rejects(pending, (/** @type {CoreFailure} */ e) => e.code === "core_crashed");
  await until(() => session.isReady, "the reload");
  assert.notEqual(ShimWorker.instances.at(-1), worker, "a new worker");
  assert.equal(session.entities, n);
  const out = await session.call("create_entity", { type: "milestone", data: { title: "After the crash" } });
  assert.ok(existsSync(path.join(dir, defined(out.changes.find((c) => c.path.endsWith("After the crash.md")), "the note").path)));
  assert.ok(noticed(/restarting and reloading/));
});

test("outbound HTTP of the core goes through requestUrl on the main thread, to the device's endpoint only", async (t) => {
  const dir = tempVault(t);
  writeFileSync(path.join(dir, "Runbook.md"), "# Runbook\n\n## Rollback\n\nRoll the release back with the previous build.\n");
  const { mkdirSync } = await import("node:fs");
  mkdirSync(path.join(dir, ".projectcanvas"));
  // What a teammate committed: an endpoint of theirs, and the name of a variable holding a secret.
  writeFileSync(path.join(dir, ".projectcanvas/config.json"), JSON.stringify({ embeddings: { endpoint: "http://evil.test/v1/embeddings", model: "m", api_key_env: "HOME" } }));
  obsidian.requestUrlMock.sent = [];
  obsidian.requestUrlMock.handler = async (r) => {
    const { input } = JSON.parse(String(r.body));
    return { status: 200, text: JSON.stringify({ data: input.map((/** @type {unknown} */ _, /** @type {number} */ i) => ({ index: i, embedding: [1, (i % 3) + 1, 0.5] })) }) };
  };
  t.after(() => { obsidian.requestUrlMock.handler = undefined; });
  const { plugin, session } = await startPlugin(t, dir);
  const local = await session.call("search_docs", { query: "roll back a release" });
  assert.ok(/** @type {unknown[]} */ (local.result.results).length > 0, "search works on the device");
  assert.equal(obsidian.requestUrlMock.sent.length, 0, "nothing went to the vault's endpoint");

  // The person sets the endpoint in the settings tab: the core reloads with it.
  plugin.settingTabs[0].display();
  const setting = (/** @type {string} */ name) => defined(obsidian.Setting.in(plugin.settingTabs[0].containerEl).find((s) => s.name === name), name).components[0];
  await setting("Embeddings model").input("m");
  await setting("Embeddings API key").input("person-key");
  await setting("Embeddings endpoint").input("http://embed.test/v1/embeddings");
  assert.equal(obsidian.requestUrlMock.sent.length, 0, "nothing is sent while the setting is typed");
  plugin.settingTabs[0].hide(); // the tab closes: one reload with the new setting
  await plugin.settingTabs[0].applied;
  await session.ready();
  const out = await session.call("search_docs", { query: "roll back a release" });
  assert.ok(/** @type {unknown[]} */ (out.result.results).length > 0);
  assert.ok(obsidian.requestUrlMock.sent.length >= 1);
  assert.ok(obsidian.requestUrlMock.sent.every((r) => r.url === "http://embed.test/v1/embeddings"));
  assert.equal(obsidian.requestUrlMock.sent[0].headers?.Authorization, "Bearer person-key");
  assert.equal(JSON.stringify(plugin.data ?? {}).includes("embed.test"), false, "the endpoint is no synced setting");
});

test("a person's model's vectors are kept on the device: a restart sends the endpoint only the new query", async (t) => {
  const idb = installIndexedDB();
  t.after(() => idb.uninstall());
  const dir = tempVault(t);
  writeFileSync(path.join(dir, "Runbook.md"), "# Runbook\n\n## Rollback\n\nRoll the release back.\n\n## Backups\n\nNightly backups, compressed with zstd.\n");
  // The person's endpoint, set on this device (an App on the same folder finds it).
  new obsidian.App(dir).saveLocalStorage("project-canvas-device", { endpoint: "http://embed.test/v1/embeddings", model: "m" });
  /** @type {string[]} */
  let sent = [];
  obsidian.requestUrlMock.handler = async (r) => {
    const { input } = JSON.parse(String(r.body));
    sent.push(...input);
    return { status: 200, text: JSON.stringify({ data: input.map((/** @type {string} */ s, /** @type {number} */ i) => ({ index: i, embedding: [s.length % 7 + 1, (i % 3) + 1, 0.5] })) }) };
  };
  t.after(() => { obsidian.requestUrlMock.handler = undefined; });
  const before = snapshot(dir);

  const first = await startPlugin(null, dir);
  await first.session.call("search_docs", { query: "roll back a release" });
  assert.ok(sent.length > 2, "the first start embeds every section");
  await until(() => idb.databases.get("project-canvas-vectors")?.stores.get("parts")?.size, "vectors kept in IndexedDB");
  first.plugin.unload();

  sent = [];
  const later = await startPlugin(t, dir);
  const out = await later.session.call("search_docs", { query: "how are backups compressed" });
  assert.ok(/** @type {unknown[]} */ (out.result.results).length > 0);
  assert.deepEqual(sent, ["how are backups compressed"], "a later start sends only the new query");
  assert.deepEqual(Object.keys(snapshot(dir)).filter((f) => !(f in before) && !f.startsWith(".projectcanvas/")), [], "nothing of it is written into the vault");
});

test("unloading leaves no listener and no worker behind", async (t) => {
  const dir = tempVault(t);
  const { app, plugin } = await startPlugin(t, dir);
  const worker = defined(ShimWorker.instances.at(-1), "the worker");
  assert.ok(app.vault.listeners("modify") >= 1);
  plugin.unload();
  for (const e of ["create", "modify", "delete", "rename"]) assert.equal(app.vault.listeners(e), 0, e);
  assert.equal(worker.alive, false);
  await assert.rejects(plugin.session.call("get_schema", {}));
});

test("loading that takes more than the delay shows its progress in a notice", async () => {
  const el = new obsidian.FakeEl();
  const p = new LoadProgress(el, 5);
  const count = Notice.shown.length;
  p.update({ phase: "starting" });
  p.update({ phase: "reading", done: 0, total: 10 });
  assert.equal(Notice.shown.length, count, "no notice at once");
  await new Promise((r) => setTimeout(r, 30));
  const notice = defined(Notice.shown.at(-1), "a notice");
  assert.equal(notice.duration, 0);
  p.update({ phase: "reading", done: 10, total: 10 });
  p.update({ phase: "indexing", files: 10 });
  assert.deepEqual(notice.history.slice(-2), ["Project Canvas: reading 10/10 files", "Project Canvas: indexing 10 files…"]);
  p.update({ phase: "ready", entities: 3, problems: 0, ms: 40 });
  assert.ok(notice.hidden);
  assert.equal(el.text, "3 entities");
  // A fast load shows none.
  p.update({ phase: "starting" });
  p.update({ phase: "ready", entities: 1, problems: 0, ms: 1 });
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(Notice.shown.at(-1), notice);
  assert.equal(el.text, "1 entity");
});

test("the real core's command registry: commands listed, a command's canvas change goes to the open canvas", async (t) => {
  const dir = tempVault(t, exampleVault);
  writeFileSync(path.join(dir, "Projects.canvas"), JSON.stringify({ nodes: [], edges: [] }));
  const { app, session } = await startPlugin(t, dir);
  const ids = (await session.commands()).map((c) => c.id);
  for (const id of ["populate-canvas-from-vault", "reposition-canvas-nodes", "search-entity-on-canvas", "navigate-to-parent", "open-feature-coverage"]) assert.ok(ids.includes(id), id);
  const view = await openCanvas(app, "Projects.canvas");
  const out = await session.command("populate-canvas-from-vault", { canvas: "Projects.canvas" });
  assert.ok(out.changes.some((c) => c.path === "Projects.canvas"), JSON.stringify(out.changes.map((c) => c.path)));
  assert.ok(view.canvas.nodes.size > 10, `live nodes: ${view.canvas.nodes.size}`);
  assert.deepEqual(JSON.parse(read(dir, "Projects.canvas")).nodes, [], "the file waits for the view's save");
  await assert.rejects(session.command("no-such-command"), (/** @type {CoreFailure} */ e) => typeof e.code === "string" && e.code !== "core_crashed");
});
