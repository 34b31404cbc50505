// @ts-check
// Sync with Notion from the editor, driven as a person would: the settings
// filled in, the palette's commands and the menus, with the real core in
// its worker reaching a fake Notion (package notiontest's, served by
// internal/notionfake on 127.0.0.1 in real time) through requestUrl, the
// response headers included. Checked: the pages in the fake, the notes and
// conflict notes on disk, the notices, the status bar, the requests the
// fake received and when.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { defined, exampleVault, obsidian, root, snapshot, startPlugin, tempVault, until } from "./helpers.mjs";

/** @typedef {import("node:test").TestContext} TestContext */
/** @typedef {import("./harness.mjs").ProjectCanvasPlugin} Plugin */
/** @typedef {import("./fake/obsidian").Menu} Menu */

const { Menu, Notice, Setting, openCanvas, openNote, requestUrlMock } = obsidian;

/** The token the fake accepts (notiontest.Token). */
const TOKEN = "secret_fake_integration_token";
const read = (/** @type {string} */ dir, /** @type {string} */ p) => readFileSync(path.join(dir, p), "utf8");
/** @param {string} dir @param {string} folder @param {string} id */
const fileOf = (dir, folder, id) => `Projects/${folder}/` + readdirSync(path.join(dir, "Projects", folder)).find((f) => f.startsWith(id + " "));

/** @type {string} */
let bin;
before(() => {
  bin = mkdtempSync(path.join(tmpdir(), "pc-notionfake-"));
  execFileSync("go", ["build", "-o", path.join(bin, "notionfake"), "./internal/notionfake"], { cwd: root, stdio: "inherit" });
});
after(() => rmSync(bin, { recursive: true, force: true }));

/** The fake Notion: its base URL, database, and the /_fake/ controls. */
/** @param {TestContext} t */
async function startFake(t) {
  const child = spawn(path.join(bin, "notionfake"), [], { stdio: ["pipe", "pipe", "inherit"] });
  t.after(() => child.kill());
  const info = JSON.parse(await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`notionfake exited (${code})`)));
  }));
  /** @param {string} method @param {string} what @param {object} [body] */
  const control = async (method, what, body) => {
    const r = await fetch(`${info.url}/_fake/${what}`, { method, body: body && JSON.stringify(body) });
    const out = await r.json();
    if (!r.ok) throw new Error(out.error);
    return out;
  };
  return {
    ...info,
    pages: async (/** @type {string} */ id) => (await control("GET", `find?prop=ID&value=${id}`)).pages,
    property: (/** @type {string} */ page, /** @type {string} */ prop) => control("GET", `property?page=${page}&prop=${encodeURIComponent(prop)}`),
    edit: (/** @type {string} */ page, /** @type {string} */ prop, /** @type {object} */ value) => control("POST", "edit", { page, prop, ...value }),
    inject: (/** @type {object} */ fault) => control("POST", "inject", fault),
    log: () => control("GET", "log"),
    resetLog: () => control("POST", "reset-log"),
  };
}

/** requestUrl, as Obsidian's: the request sent, the answer with its headers (lower-cased names), after delay.ms. */
/** @param {TestContext} t @param {{ ms: number }} delay @param {string} fakeUrl */
function routeRequestUrl(t, delay, fakeUrl) {
  requestUrlMock.handler = async (r) => {
    if (delay.ms) await new Promise((res) => setTimeout(res, delay.ms));
    // Notion's API is fixed (no synced setting may redirect the token):
    // the test's transport takes its requests to the fake.
    const res = await fetch(r.url.replace(/^https:\/\/api\.notion\.com(?=\/)/, fakeUrl), { method: r.method, headers: r.headers, body: r.body && r.method !== "GET" ? r.body : undefined });
    return { status: res.status, text: await res.text(), headers: Object.fromEntries(res.headers) };
  };
  t.after(() => { requestUrlMock.handler = undefined; });
}

/** Runs a palette command as Obsidian does; the notices it gave come back. @param {Plugin} plugin @param {string} id */
async function run(plugin, id) {
  const cmd = plugin.commands.find((c) => c.id === id);
  assert.ok(cmd?.callback, `no command ${id}`);
  const n = Notice.shown.length;
  await cmd.callback();
  return Notice.messages().slice(n);
}

/** A canvas of three entities: the sync of a canvas covers the entities on it. */
function writeCanvas(/** @type {string} */ dir) {
  /** @param {string} id @param {string} file @param {number} x */
  const node = (id, file, x) => ({ id, type: "file", file, x, y: 0, width: 250, height: 120 });
  writeFileSync(path.join(dir, "Sync.canvas"), JSON.stringify({ nodes: [
    node("s1", fileOf(dir, "stories", "S-001"), 0), node("t2", fileOf(dir, "tasks", "T-002"), 300), node("t3", fileOf(dir, "tasks", "T-003"), 600),
  ], edges: [] }));
}

/** The menu open() builds once the core has answered about its entity (the first one asks), and its item titled title. */
/** @param {(menu: Menu) => void} open @param {string} title */
async function menuItem(open, title) {
  /** @type {import("./fake/obsidian").MenuItem | undefined} */
  let item;
  await until(() => { const menu = new Menu(); open(menu); item = menu.items.find((i) => i.title === title); return item; }, title);
  return defined(item, title);
}

/** @param {Plugin} plugin @param {string} name */
const settingOf = (plugin, name) => Setting.in(plugin.settingTabs[0].containerEl).find((s) => s.name === name);
/** @param {Plugin} plugin @param {string} name */
const settingNamed = (plugin, name) => defined(settingOf(plugin, name), `the setting ${name}`);

test("sync with Notion: settings, the three commands, the menus, conflicts, Retry-After, polling", async (t) => {
  const fake = await startFake(t);
  const delay = { ms: 0 };
  routeRequestUrl(t, delay, fake.url);
  const dir = tempVault(t, exampleVault);
  writeCanvas(dir);
  const { app, plugin, session } = await startPlugin(t, dir);
  await openCanvas(app, "Sync.canvas");
  const status = () => plugin.statusBar[1].text;
  const t2 = fileOf(dir, "tasks", "T-002");
  const t3 = fileOf(dir, "tasks", "T-003");

  await t.test("off and unset: each command says exactly what to set; nothing is written or sent", async () => {
    const before = snapshot(dir);
    for (const id of ["sync-canvas-notes-to-extdb", "sync-note-to-extdb", "start-extdb-sync-polling"]) {
      const notices = await run(plugin, id);
      assert.equal(notices.length, 1, id);
      assert.match(notices[0], /in Settings → Project Canvas → External sync \(Notion\): turn on “Sync with Notion”; set the access token .*; set the database id/);
    }
    assert.equal(plugin.notionSync.polling, false);
    assert.deepEqual(snapshot(dir), before);
    assert.equal((await fake.log()).requests.length, 0);
    assert.equal(status(), "");
  });

  await t.test("the settings tab: the integration, a password field for the token, the database, polling; no API URL", async () => {
    plugin.settingTabs[0].display();
    const heading = settingNamed(plugin, "External sync (Notion)");
    assert.ok(heading.heading);
    assert.match(heading.desc, /notion\.properties.*“Sync with Notion” in Project Canvas's README/s);
    await settingNamed(plugin, "Sync with Notion").components[0].input(true);
    const db = settingNamed(plugin, "Database").components[0];
    await db.input(fake.database);
    assert.equal(settingOf(plugin, "API URL (advanced)"), undefined, "where the token goes is no synced setting");
    assert.equal(settingNamed(plugin, "Polling interval (minutes)").components[0].value, "5");
    // Only the token is missing now, and the notice says so alone.
    const notices = await run(plugin, "sync-canvas-notes-to-extdb");
    assert.deepEqual(notices, ["Project Canvas: to sync with Notion, in Settings → Project Canvas → External sync (Notion): set the access token (the integration's secret)"]);
    const token = settingNamed(plugin, "Access token").components[0];
    assert.equal(token.inputEl.type, "password");
    await token.input(" " + TOKEN + " ");
    assert.deepEqual(plugin.data?.notion, { enabled: true, databaseId: fake.database, pollMinutes: 5 }, "data.json, which syncs, holds no token");
    assert.equal(plugin.app.secretStorage?.getSecret("project-canvas-notion-token"), TOKEN);
    assert.equal((await fake.log()).requests.length, 0);
  });

  await t.test("sync-canvas-notes-to-extdb: a page per entity on the canvas, the base under .projectcanvas/sync/", async () => {
    const notices = await run(plugin, "sync-canvas-notes-to-extdb");
    assert.deepEqual(notices.filter((m) => m.startsWith("Project Canvas")), []);
    assert.match(notices.join("\n"), /Synced with Notion: 3 created/);
    for (const id of ["S-001", "T-002", "T-003"]) assert.equal((await fake.pages(id)).length, 1, id);
    assert.deepEqual(await fake.pages("M-001"), [], "only the canvas's entities");
    assert.deepEqual(await fake.property((await fake.pages("T-002"))[0], "Status"), { text: "", select: "Completed" });
    assert.ok(existsSync(path.join(dir, ".projectcanvas/sync/notion.json")));
    assert.match(status(), /^Notion: synced \d\d:\d\d ✓ 3 created/);
  });

  await t.test("a page edited in Notion: sync-note-to-extdb on the open note brings it in", async () => {
    await fake.edit((await fake.pages("T-002"))[0], "Status", { select: "In Progress" });
    openNote(app, t2);
    const notices = await run(plugin, "sync-note-to-extdb");
    assert.deepEqual(notices, ["Synced with Notion: 0 created, 0 updated in Notion, 1 updated here."]);
    assert.match(read(dir, t2), /^status: In Progress$/m);
    assert.match(status(), /^Notion: synced \d\d:\d\d ✓ 1 updated$/);
  });

  await t.test("the file menu offers Sync with Notion, only when it is turned on", async () => {
    const fileMenu = (/** @type {Menu} */ menu) => app.workspace.trigger("file-menu", menu, app.vault.getFileByPath(t2), "file-explorer");
    await menuItem(fileMenu, "Navigate to parent (1)");
    plugin.settings.notion.enabled = false;
    const off = new Menu();
    fileMenu(off);
    assert.ok(!off.items.some((i) => i.title === "Sync with Notion"));
    plugin.settings.notion.enabled = true;
    await fake.edit((await fake.pages("T-002"))[0], "Priority", { select: "P2" });
    const n = Notice.shown.length;
    await (await menuItem(fileMenu, "Sync with Notion")).click();
    assert.match(Notice.messages().slice(n).join("\n"), /1 updated here/);
    assert.match(read(dir, t2), /^priority: P2$/m);
  });

  await t.test("a conflict: the note keeps its value, a notice names it and its conflict note", async () => {
    await fake.edit((await fake.pages("T-003"))[0], "Priority", { select: "P0" });
    await app.vault.userWrite(t3, read(dir, t3).replace("priority: P1", "priority: P2"));
    const view = await openCanvas(app, "Sync.canvas");
    const item = await menuItem((menu) => app.workspace.trigger("canvas:node-menu", menu, view.canvas.nodes.get("t3")), "Sync with Notion");
    const n = Notice.shown.length;
    await item.click();
    const notices = Notice.messages().slice(n);
    const note = "Projects/tasks/T-003 Notion conflict.md";
    assert.ok(notices.some((m) => m.includes("T-003 (priority) changed both here and in Notion") && m.includes(note)), notices.join("\n"));
    assert.match(read(dir, t3), /^priority: P2$/m);
    assert.match(read(dir, note), /P0/);
    assert.deepEqual(await fake.property((await fake.pages("T-003"))[0], "Priority"), { text: "", select: "P0" });
    assert.match(status(), /⚠ 1 in conflict/);
  });

  await t.test("a 429: no request before its Retry-After (3 s, longer than the client's default without the header)", async () => {
    await fake.edit((await fake.pages("T-002"))[0], "Status", { select: "Completed" });
    await fake.resetLog();
    await fake.inject({ status: 429, retry_after: 3, times: 1 });
    openNote(app, t2);
    const notices = await run(plugin, "sync-note-to-extdb");
    assert.match(notices.join("\n"), /1 updated here/);
    const { requests, early } = await fake.log();
    assert.equal(requests[0].status, 429);
    assert.ok(requests.length > 1);
    assert.ok(requests[1].at_ms - requests[0].at_ms >= 3000, `${requests[1].at_ms - requests[0].at_ms} ms after the 429`);
    assert.equal(early, 0);
    assert.match(read(dir, t2), /^status: Completed$/m);
  });

  await t.test("a refused token: a notice naming it, the status bar says failed", async () => {
    plugin.device.setSecret("notionToken", "secret_wrong");
    const notices = await run(plugin, "sync-canvas-notes-to-extdb");
    assert.match(notices.join("\n"), /Notion refused the access token in the plugin's settings \(401/);
    assert.match(status(), /^Notion: failed \d\d:\d\d — Notion refused the access token/);
    plugin.device.setSecret("notionToken", TOKEN);
  });

  await t.test("a sync under way holds no other command: they answer while it waits on Notion", async () => {
    delay.ms = 400; // every request to Notion takes 0.4 s
    t.after(() => { delay.ms = 0; });
    const sent = requestUrlMock.sent.length;
    const order = [];
    let notices;
    const sync = run(plugin, "sync-canvas-notes-to-extdb").then((n) => { notices = n; order.push("sync"); });
    await until(() => requestUrlMock.sent.length > sent || order.length > 0, "the sync waiting on its first request");
    const got = await session.command("describe-entity", { id: "T-002" });
    order.push("command");
    await session.call("get_entity", { id: "T-003", fields: ["title"] });
    order.push("call");
    await sync;
    assert.deepEqual(order, ["command", "call", "sync"], `the command and the call answered before the sync ended (${JSON.stringify(notices)})`);
    assert.equal(/** @type {{ id: string }} */ (got.result.data).id, "T-002");
  });

  await t.test("polling: a toggle; runs never overlap; the status bar shows it; the second call stops it", async () => {
    // Every request takes 150 ms and the timer fires every 60 ms: a run
    // lasts longer than the interval.
    delay.ms = 150;
    plugin.settings.notion.pollMinutes = 1;
    plugin.notionSync.minuteMs = 60;
    let calls = 0, inflight = 0, most = 0;
    const command = session.commandInBackground.bind(session);
    session.commandInBackground = async (...a) => {
      calls++; inflight++; most = Math.max(most, inflight);
      try { return await command(...a); } finally { inflight--; }
    };
    t.after(() => { session.commandInBackground = command; delay.ms = 0; plugin.notionSync.minuteMs = 60_000; });
    await openCanvas(app, "Sync.canvas");
    const started = await run(plugin, "start-extdb-sync-polling");
    assert.match(started[0], /^Syncing the entities on Sync\.canvas with Notion every minute/);
    assert.equal(plugin.notionSync.polling, true);
    assert.match(status(), /^Notion \(every 1 min\): (synced \d\d:\d\d [✓⚠]|syncing…)/);
    await until(() => calls >= 3, "three runs", 15000);
    assert.equal(most, 1, "one run at a time");
    await until(() => status().endsWith("syncing…"), "a run under way");
    assert.deepEqual(await run(plugin, "sync-canvas-notes-to-extdb"), ["Project Canvas: a sync with Notion is under way; try again when it ends"]);
    const stopped = await run(plugin, "start-extdb-sync-polling");
    assert.deepEqual(stopped, ["Stopped syncing with Notion on a timer."]);
    assert.equal(plugin.notionSync.polling, false);
    await until(() => inflight === 0, "the last run");
    const after = calls;
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(calls, after, "no run after stopping");
    assert.match(status(), /^Notion: synced \d\d:\d\d ⚠ 1 in conflict$/, "T-003's conflict is still open");
    // Started again, then the plugin unloads: the timer goes with it.
    await run(plugin, "start-extdb-sync-polling");
    await until(() => inflight === 0, "the first run");
    plugin.unload();
    assert.equal(plugin.notionSync.polling, false);
    const atUnload = calls;
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(calls, atUnload);
  });

  await t.test("the token is in this device's secret storage only, never in the vault nor in data.json", () => {
    assert.equal(plugin.device.secret("notionToken"), TOKEN);
    for (const [p, content] of Object.entries(snapshot(dir))) assert.ok(!content.includes(TOKEN), p);
  });
});
