// @ts-check
// The file menu of an entity note and the canvas node menu, with the real
// core: the navigations that have targets, set phase and tier for
// features, link to a feature; nothing for a note that is no entity. And
// what the plugin leaves behind: the focus on unload, the HTTP commands
// off the desktop.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { defined, exampleVault, lastList, obsidian, startPlugin, tempVault, until } from "./helpers.mjs";

/** @typedef {import("./fake/obsidian").App} App */
/** @typedef {import("./fake/obsidian").Menu} Menu */
/** @typedef {import("./fake/obsidian").FakeCanvasView} CanvasView */
/** @typedef {import("./fake/obsidian").FakeCanvasNode} CanvasNode */

const { Menu, openCanvas, openNote } = obsidian;
const read = (/** @type {string} */ dir, /** @type {string} */ p) => readFileSync(path.join(dir, p), "utf8");
/** @param {string} dir @param {string} folder @param {string} id */
const fileOf = (dir, folder, id) => `Projects/${folder}/` + readdirSync(path.join(dir, "Projects", folder)).find((f) => f.startsWith(id + " "));
const titles = (/** @type {Menu} */ menu) => menu.items.map((i) => i.title);
/** @param {CanvasView} view @param {string} file */
const nodeOf = (view, file) => defined([...view.canvas.nodes.values()].find((n) => n.getData().file === file), `node of ${file}`);
const selected = (/** @type {CanvasView} */ view) => [...view.canvas.selection].map((n) => n.getData().file ?? n.id);
const hidden = (/** @type {CanvasView} */ view) => [...view.canvas.nodes.values()].filter((n) => n.nodeEl.hasClass("project-canvas-hidden"));

/** @param {App} app @param {string} p */
function fileMenu(app, p) {
  const menu = new Menu();
  app.workspace.trigger("file-menu", menu, app.vault.getFileByPath(p), "file-explorer");
  return menu;
}

/** @param {App} app @param {CanvasNode | undefined} node */
function nodeMenu(app, node) {
  const menu = new Menu();
  app.workspace.trigger("canvas:node-menu", menu, node);
  return menu;
}

/**
 * The menu once the core has answered about its entity (the first one asks).
 * @param {() => Menu} open
 */
async function answered(open) {
  /** @type {Menu | undefined} */
  let menu;
  await until(() => { menu = open(); return !titles(menu).includes("Project Canvas…"); }, "the core's answer");
  return defined(menu, "the menu");
}

/**
 * The navigation items the core's counts call for.
 * @param {import("../src/core/session").Session} session
 * @param {string} file
 */
async function navigations(session, file) {
  const { data } = (await session.command("navigate-to-parent", { file })).result;
  const { targets } = /** @type {{ targets: Record<string, number> }} */ (data);
  const names = { "navigate-to-parent": "Navigate to parent", "navigate-to-children": "Navigate to children", "navigate-to-dependencies": "Navigate to dependencies",
    "navigate-to-dependents": "Navigate to dependents", "navigate-to-documents": "Navigate to documents", "navigate-to-decisions": "Navigate to decisions",
    "navigate-to-features": "Navigate to features", "navigate-to-implemented-by": "Navigate to implemented by" };
  return Object.entries(names).filter(([id]) => targets[id] > 0).map(([id, name]) => `${name} (${targets[id]})`);
}

test("menus: an entity note's and a canvas node's items come from the core", async (t) => {
  const dir = tempVault(t, exampleVault);
  const { app, session } = await startPlugin(t, dir);
  await session.command("populate-canvas-from-vault", {});
  /** @type {CanvasView} */
  let view; // opened below: opening it asks the core about all its nodes
  const task = fileOf(dir, "tasks", "T-002");
  const feature = fileOf(dir, "features", "F-001");

  await t.test("a task: its navigations with targets and link to feature; the first menu asks", async () => {
    assert.deepEqual(titles(fileMenu(app, task)), ["Project Canvas…"]);
    const menu = await answered(() => fileMenu(app, task));
    assert.deepEqual(titles(menu), [...await navigations(session, task), "Link to feature"]);
    assert.ok(titles(menu).includes("Navigate to parent (1)"));
    assert.ok(!titles(menu).some((s) => /phase|tier|Navigate to children/.test(s)));
    await menu.click("Navigate to parent (1)");
    assert.equal(app.workspace.opened.at(-1), fileOf(dir, "stories", "S-001"));
  });

  await t.test("a feature: set phase, set tier, link work, its navigations", async () => {
    openNote(app, feature); // the active note is asked ahead
    const menu = await answered(() => fileMenu(app, feature));
    assert.deepEqual(titles(menu), [...await navigations(session, feature), "Set feature phase", "Set feature tier", "Link work to this feature"]);
    assert.ok(titles(menu).some((s) => /^Navigate to implemented by \(\d+\)$/.test(s)));
    await menu.click("Set feature tier");
    await lastList().choose("Premium");
    assert.match(read(dir, feature), /tier: Premium/);
  });

  await t.test("a note that is no entity, and a canvas, have no items", async () => {
    await until(() => titles(fileMenu(app, "Research/Pricing Research.md")).length === 0, "no items");
    assert.deepEqual(titles(fileMenu(app, "Projects.canvas")), []);
  });

  await t.test("link to feature from the menu; the vault changed, the menu is asked again", async () => {
    const menu = await answered(() => fileMenu(app, task));
    await menu.click("Link to feature");
    const picker = lastList();
    assert.ok(picker.items.every((r) => r.type === "feature"));
    await picker.choose("F-009");
    assert.match(read(dir, task), /implements: \[F-001, F-009\]/);
    const again = await answered(() => fileMenu(app, task));
    assert.ok(titles(again).includes("Navigate to features (2)"), titles(again).join());
  });

  await t.test("opening a canvas asks about all its entity nodes at once: a node's first menu has its items", async () => {
    view = await openCanvas(app, "Projects.canvas");
    await session.call("get_entity", { id: "M-001" }); // after the canvas's describe-canvas, in the session's order
    const milestone = fileOf(dir, "milestones", "M-001");
    assert.deepEqual(titles(nodeMenu(app, nodeOf(view, milestone))), [...await navigations(session, milestone), "Link to feature"]);
    assert.deepEqual(titles(fileMenu(app, milestone)), titles(nodeMenu(app, nodeOf(view, milestone))), "the note's menu too");
  });

  await t.test("a canvas node: the same items; a navigation selects on that canvas", async () => {
    const menu = await answered(() => nodeMenu(app, nodeOf(view, task)));
    assert.deepEqual(titles(menu), [...await navigations(session, task), "Link to feature"]);
    await menu.click("Navigate to parent (1)");
    assert.deepEqual(selected(view), [fileOf(dir, "stories", "S-001")]);
    // The canvas saved (a drag, say) changes no relation: the answer is kept.
    await view.save();
    assert.deepEqual(titles(nodeMenu(app, nodeOf(view, task))), titles(menu));
    // A text node is no entity's.
    view.canvas.importData({ nodes: [{ id: "note-1", type: "text", text: "hello", x: 0, y: 0, width: 10, height: 10 }], edges: [] });
    assert.deepEqual(titles(nodeMenu(app, view.canvas.nodes.get("note-1"))), []);
  });

  await t.test("set phase from a feature's node moves it on the features canvas, not on this one", async () => {
    await session.command("create-features-canvas", {});
    const node = nodeOf(view, feature);
    const before = JSON.stringify(node.getData());
    const menu = await answered(() => nodeMenu(app, node));
    await menu.click("Set feature phase");
    await lastList().choose("4");
    assert.match(read(dir, feature), /phase: "?4"?/);
    assert.equal(JSON.stringify(nodeOf(view, feature).getData()), before, "the project canvas is not laid out as a features grid");
  });

  await t.test("the first menu's item asks the core when clicked and lists what it offers", async () => {
    const milestone = fileOf(dir, "milestones", "M-001");
    // Another note active, and a change that makes every answer stale: the
    // milestone is not asked again until its menu opens.
    openNote(app, "Research/Pricing Research.md");
    await app.vault.modify(defined(app.vault.getFileByPath("Research/Pricing Research.md"), "the note"), "# Pricing\n\nchanged\n");
    await new Promise((r) => setTimeout(r, 400));
    const menu = nodeMenu(app, nodeOf(view, milestone));
    assert.deepEqual(titles(menu), ["Project Canvas…"], "not asked before");
    await menu.click("Project Canvas…");
    const actions = lastList();
    assert.deepEqual(actions.items.map((a) => a.title), [...await navigations(session, milestone), "Link to feature"]);
    await actions.choose("children");
    assert.ok(lastList().items.length > 1, "several children: a suggester");
  });
});

test("off the desktop the HTTP commands are absent (the Notion ones stay); unloading ends the focus and every listener", async (t) => {
  const desktop = obsidian.Platform.isDesktopApp;
  obsidian.Platform.isDesktopApp = false;
  t.after(() => { obsidian.Platform.isDesktopApp = desktop; });
  const dir = tempVault(t, exampleVault);
  const { app, plugin, session } = await startPlugin(t, dir);
  const ids = plugin.commands.map((c) => c.id);
  assert.equal(ids.length, 30, "the 29 but the two HTTP ones, and the three beyond the spec");
  assert.ok(!ids.includes("start-http-server") && !ids.includes("stop-http-server"));
  assert.ok(ids.includes("open-feature-coverage") && ids.includes("open-board"));
  assert.ok(ids.includes("sync-note-to-extdb") && ids.includes("start-extdb-sync-polling"), "Notion sync works on mobile (requestUrl)");

  await session.command("populate-canvas-from-vault", {});
  const view = await openCanvas(app, "Projects.canvas");
  await defined(plugin.commands.find((c) => c.id === "focus-in-progress")?.callback, "focus-in-progress")();
  assert.ok(hidden(view).length > 0);
  const onDisk = read(dir, "Projects.canvas");
  plugin.unload();
  assert.deepEqual(hidden(view), [], "every node shown again");
  for (const e of ["file-menu", "canvas:node-menu", "file-open", "layout-change", "active-leaf-change"]) assert.equal(app.workspace.listeners(e), 0, e);
  for (const e of ["create", "modify", "delete", "rename"]) assert.equal(app.vault.listeners(e), 0, e);
  assert.equal(read(dir, "Projects.canvas"), onDisk);
});
