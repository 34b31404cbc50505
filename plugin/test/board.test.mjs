// @ts-check
// The board and table view (open-board) over the example vault, with the
// real core: every active entity on the board, in its status's column and
// its workstream's lane; a move the lifecycle allows changes the note's
// front matter and nothing else; a refused one changes nothing and says
// why; the filters, the table's sort, the vault's changes followed, and
// every listener gone when the view closes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { boardDraw, boardModel, EDITOR_HOST, defined, exampleVault, obsidian, snapshot, startPlugin, tempVault, until } from "./helpers.mjs";

/** @typedef {import("./harness.mjs").BoardView} BoardView */
/** @typedef {import("./fake/obsidian").FakeEl} FakeEl */

const { Menu, Notice } = obsidian;
const VIEW = "project-canvas-board";
const EVENTS = ["create", "modify", "delete", "rename"];

/** The active entities of a vault as its files say: id, type, status and workstream of each note with an id outside archive/. @param {string} dir */
function activeEntities(dir) {
  /** @type {Map<string, { type: string, status: string, workstream: string, file: string }>} */
  const out = new Map();
  for (const [file, text] of Object.entries(snapshot(dir))) {
    if (!file.endsWith(".md") || file.startsWith(".") || /(^|\/)archive\//.test(file)) continue;
    const fm = /^---\n([\s\S]*?)\n---/.exec(text)?.[1];
    const field = (/** @type {string} */ k) => new RegExp(`^${k}: *(.*)$`, "m").exec(fm ?? "")?.[1].trim() ?? "";
    if (!fm || !field("id") || !field("type") || field("archived") === "true") continue;
    out.set(field("id"), { type: field("type"), status: field("status"), workstream: field("workstream"), file });
  }
  return out;
}

/** @param {import("node:test").TestContext} t */
async function openBoard(t) {
  const dir = tempVault(t, exampleVault);
  const started = await startPlugin(t, dir);
  const listeners = EVENTS.map((e) => started.app.vault.listeners(e));
  const cmd = defined(started.plugin.commands.find((c) => c.id === "open-board"), "the open-board command");
  await cmd.callback?.();
  const leaves = started.app.workspace.getLeavesOfType(VIEW);
  assert.equal(leaves.length, 1);
  const view = /** @type {BoardView} */ (leaves[0].view);
  await view.drawn;
  return { ...started, dir, view, listeners };
}

const cards = (/** @type {BoardView} */ view) => view.contentEl.findAll("project-canvas-card");
const cardOf = (/** @type {BoardView} */ view, /** @type {string} */ id) => defined(cards(view).find((c) => c.getAttr("data-id") === id), `the card of ${id}`);

/** The column (its status) and lane (its workstream) each card is drawn in. @param {BoardView} view */
function placed(view) {
  /** @type {Map<string, { status: string, lane: string }>} */
  const out = new Map();
  for (const lane of view.contentEl.findAll("project-canvas-board-lane")) {
    for (const col of lane.findAll("project-canvas-board-column")) {
      for (const card of col.findAll("project-canvas-card")) {
        out.set(card.getAttr("data-id") ?? "", { status: col.getAttr("data-status") ?? "", lane: lane.getAttr("data-workstream") ?? "" });
      }
    }
  }
  return out;
}

/** The column of a status in a workstream's lane. @param {BoardView} view @param {string} workstream @param {string} status */
function column(view, workstream, status) {
  const lane = defined(view.contentEl.findAll("project-canvas-board-lane").find((l) => l.getAttr("data-workstream") === workstream), `the lane ${workstream}`);
  return defined(lane.findAll("project-canvas-board-column").find((c) => c.getAttr("data-status") === status), `the column ${status} of ${workstream}`);
}

test("the board shows every active entity once, in its status's column and its workstream's lane, with its type and status as text", async (t) => {
  const { app, dir, plugin, view } = await openBoard(t);
  const want = activeEntities(dir);
  assert.equal(want.size, 59, "the example vault's active entities");
  const got = placed(view);
  assert.deepEqual([...got.keys()].sort(), [...want.keys()].sort());
  assert.equal(cards(view).length, want.size, "each once");
  for (const [id, e] of want) {
    assert.deepEqual(got.get(id), { status: e.status, lane: e.workstream }, id);
    const card = cardOf(view, id);
    assert.equal(card.getAttr("data-pc-type"), e.type);
    assert.equal(card.getAttr("data-pc-status"), harnessSlug(e.status));
    // Status and type in words, not only as a colour: the badge and the status's text.
    assert.deepEqual(card.findAll("project-canvas-card-marks")[0].texts(), [e.type.toUpperCase(), e.status], id);
    assert.match(card.findAll("project-canvas-card-title")[0].allText(), new RegExp(`^${id} `));
  }
  // The columns: every status of the types on the board, in the palette's order, in every lane.
  const statuses = view.contentEl.findAll("project-canvas-board-lane")[0].findAll("project-canvas-board-column").map((c) => c.getAttr("data-status"));
  assert.deepEqual(statuses, ["Not Started", "Planned", "Pending", "Draft", "In Progress", "Review", "Blocked", "Deferred", "Completed", "Complete", "Decided", "Approved", "Superseded"]);
  assert.match(view.contentEl.allText(), /59 of 59 entities/);
  // A second open reveals the same view; the ribbon's icon opens it too.
  await plugin.openBoard();
  assert.equal(app.workspace.getLeavesOfType(VIEW).length, 1);
});

/** @param {string} s */
const harnessSlug = (s) => s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w).join("-");

test("a card dropped on a column the lifecycle allows changes the note's status in its front matter, and nothing else", async (t) => {
  const { dir, view } = await openBoard(t);
  const before = snapshot(dir);
  const e = defined(activeEntities(dir).get("T-014"), "T-014");
  assert.equal(e.status, "Not Started");
  cardOf(view, "T-014").dispatch("dragstart");
  const target = column(view, e.workstream, "In Progress");
  target.dispatch("dragover");
  assert.ok(target.hasClass("is-drop-target"));
  const notices = Notice.shown.length;
  target.dispatch("drop");
  await until(() => readFileSync(path.join(dir, e.file), "utf8").includes("status: In Progress"), "the note's new status");
  await until(() => placed(view).get("T-014")?.status === "In Progress", "the card in its new column");
  assert.equal(Notice.shown.length, notices, "no notice");
  const after = snapshot(dir);
  const changed = Object.keys(after).filter((f) => after[f] !== before[f] && !f.startsWith(".projectcanvas/"));
  assert.deepEqual(changed, [e.file], "only the note");
  const [oldFm, oldBody] = splitNote(before[e.file]), [newFm, newBody] = splitNote(after[e.file]);
  assert.equal(newBody, oldBody, "the body as it was");
  const differ = newFm.split("\n").filter((l) => !oldFm.split("\n").includes(l));
  assert.ok(differ.every((l) => /^(status|updated_at):/.test(l)), differ.join("\n"));
});

/** @param {string} text */
function splitNote(text) {
  const end = text.indexOf("\n---", 4);
  return [text.slice(0, end), text.slice(end)];
}

test("a move the lifecycle refuses changes nothing, says why, and the card goes back; the move menu offers the type's statuses", async (t) => {
  const { dir, view } = await openBoard(t);
  const before = snapshot(dir);
  const move = cardOf(view, "T-014").findAll("project-canvas-card-move")[0];
  assert.equal(move.tag, "button");
  const shown = Menu.shown.length;
  move.dispatch("click");
  const menu = defined(Menu.shown[shown], "the move menu");
  assert.deepEqual(menu.items.map((i) => i.title), ["In Progress", "Blocked", "Completed", "Deferred"]);
  const notices = Notice.shown.length;
  menu.click("Completed");
  await until(() => Notice.shown.length > notices, "the refusal's notice");
  assert.match(Notice.messages().at(-1) ?? "", /^Project Canvas: T-014 stays Not Started: .*cannot move from Not Started to Completed/);
  await view.drawn;
  assert.equal(placed(view).get("T-014")?.status, "Not Started", "the card back in its column");
  assert.equal(cardOf(view, "T-014").getAttr("data-pc-status"), "not-started");
  assert.deepEqual(snapshot(dir), before, "no file changed");
  // A drop on a status of another type's lifecycle: refused by the core too.
  cardOf(view, "T-014").dispatch("dragstart");
  column(view, "design", "Approved").dispatch("drop");
  await until(() => Notice.shown.length > notices + 1, "the second refusal");
  assert.match(Notice.messages().at(-1) ?? "", /^Project Canvas: T-014 stays Not Started: /);
  assert.deepEqual(snapshot(dir), before);
});

test("the filters keep a milestone's work, a type or a workstream", async (t) => {
  const { dir, view } = await openBoard(t);
  const want = activeEntities(dir);
  const select = (/** @type {string} */ key) => defined(view.contentEl.findAll("dropdown").find((s) => s.getAttr("data-filter") === key), `the ${key} filter`);
  const choose = async (/** @type {string} */ key, /** @type {string} */ value) => {
    const s = select(key);
    assert.ok(s.children.some((o) => o.value === value), `${value} is a choice of ${key}`);
    s.value = value;
    s.dispatch("change");
    await view.drawn;
  };
  await choose("type", "task");
  assert.deepEqual([...placed(view).keys()].sort(), [...want].filter(([, e]) => e.type === "task").map(([id]) => id).sort());
  await choose("type", "");
  await choose("workstream", "design");
  assert.deepEqual([...placed(view).keys()].sort(), [...want].filter(([, e]) => e.workstream === "design").map(([id]) => id).sort());
  await choose("workstream", "");
  await choose("milestone", "M-001");
  const ids = [...placed(view).keys()];
  assert.ok(ids.includes("M-001") && ids.includes("S-001") && ids.includes("T-002"), ids.join());
  assert.ok(!ids.includes("M-002") && !ids.some((id) => id.startsWith("DEC-")), ids.join());
  await choose("type", "feature");
  assert.match(view.contentEl.allText(), /No active entity matches the filters/);
});

test("the table lists the same entities with their fields and sorts by any column, both ways, from its header buttons", async (t) => {
  const { dir, view } = await openBoard(t);
  const want = activeEntities(dir);
  const mode = view.contentEl.findAll("project-canvas-board-mode")[0];
  assert.equal(mode.text, "Show as table");
  mode.dispatch("click");
  await view.drawn;
  assert.equal(mode.getAttr("aria-pressed"), "true");
  const rows = () => view.contentEl.findAll("project-canvas-table")[0].children[1].children;
  const column = (/** @type {string} */ key) => rows().map((r) => defined(r.children.find((c) => c.getAttr("data-key") === key), key).allText());
  const header = (/** @type {string} */ key) => defined(view.contentEl.findAll("project-canvas-table-sort").find((b) => b.getAttr("data-key") === key), `the ${key} header`);
  assert.deepEqual(view.contentEl.findAll("project-canvas-table-sort").map((b) => b.tag), Array(9).fill("button"));
  assert.equal(rows().length, want.size);
  const ids = column("id");
  assert.deepEqual(ids, [...want.keys()].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
  const t14 = rows()[ids.indexOf("T-014")].children.map((c) => c.allText());
  assert.deepEqual(t14, ["T-014", "Search results UI with highlighting", "task", "Not Started", "design", "P1", "S-004", "10", "T-013"]);

  header("title").dispatch("click");
  await view.drawn;
  const titles = column("title");
  assert.deepEqual(titles, [...titles].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: "base" })));
  const th = (/** @type {number} */ i) => view.contentEl.findAll("project-canvas-table")[0].children[0].children[0].children[i];
  assert.deepEqual([th(0), th(1)].map((h) => h.getAttr("aria-sort")), ["none", "ascending"]);
  header("title").dispatch("click");
  await view.drawn;
  assert.deepEqual(column("title"), [...titles].reverse());
  assert.match(header("title").text, /▼$/);

  header("estimate_hours").dispatch("click");
  await view.drawn;
  const hours = column("estimate_hours").filter((h) => h !== "").map(Number);
  assert.ok(hours.length > 5);
  assert.deepEqual(hours, [...hours].sort((a, b) => a - b), "as numbers");
  assert.equal(column("estimate_hours").at(-1), "", "empty last");

  header("status").dispatch("click");
  await view.drawn;
  const order = boardModel.STATUS_ORDER;
  const statuses = column("status");
  assert.deepEqual(statuses, [...statuses].sort((a, b) => order.indexOf(a) - order.indexOf(b)), "in the board's order");
});

test("the board follows the vault's changes once they settle, and drops its listeners when it closes", async (t) => {
  const { app, dir, vault, session, view, listeners } = await openBoard(t);
  let asked = 0;
  const call = session.call.bind(session);
  session.call = (name, args) => { if (name === "search_entities") asked++; return call(name, args); };
  const e = defined(activeEntities(dir).get("T-014"), "T-014");
  const text = readFileSync(path.join(dir, e.file), "utf8");
  for (const title of ["One", "Two", "Edited in the editor"]) await vault.userWrite(e.file, text.replace(/^title: .*$/m, `title: ${title}`).replace(/^status: .*$/m, "status: Blocked"));
  await until(() => cardOf(view, "T-014").allText().includes("Edited in the editor"), "the refresh");
  assert.equal(placed(view).get("T-014")?.status, "Blocked");
  assert.equal(asked, 1, "three changes, one refresh");
  // A new note appears on the board.
  await vault.userWrite("Projects/tasks/T-099 New from the editor.md", "---\nid: T-099\ntype: task\ntitle: New from the editor\nstatus: In Progress\nworkstream: design\nparent: S-004\n---\n");
  await until(() => placed(view).get("T-099")?.status === "In Progress", "the new card");

  const leaf = app.workspace.getLeavesOfType(VIEW)[0];
  const layout = app.workspace.listeners("layout-change");
  assert.deepEqual(EVENTS.map((e) => app.vault.listeners(e)), listeners.map((n) => n + 1));
  await leaf.detach();
  assert.deepEqual(EVENTS.map((e) => app.vault.listeners(e)), listeners, "the vault's listeners as before the view");
  assert.equal(app.workspace.listeners("layout-change"), layout - 1);
  assert.equal(view.registered, 0, "no cleanup left");
});

test("drawing thousands of cards yields between slices and stops when a newer drawing begins", async () => {
  const { boardOf, NO_FILTERS } = boardModel;
  const many = Array.from({ length: 1000 }, (_, i) => ({
    id: `T-${String(i + 1).padStart(4, "0")}`, type: "task", title: `Task ${i}`, status: i % 2 ? "In Progress" : "Not Started",
    workstream: i % 3 ? "a" : null, priority: null, parent: null, estimate_hours: null, depends_on: [], path: `t${i}.md`,
  }));
  const board = boardOf(many, NO_FILTERS, () => ["Not Started", "In Progress", "Blocked", "Completed", "Deferred"]);
  assert.deepEqual(board.lanes.map((l) => l.name), ["a", "No workstream"]);
  const actions = { href: () => "#", open() {}, move() {}, moveMenu() {}, sort() {} };
  const host = EDITOR_HOST;
  const root = new obsidian.FakeEl();
  let slices = 0;
  await boardDraw.drawBoard(/** @type {any} */ (root), board, actions, host, async () => ++slices < 99);
  assert.equal(root.findAll("project-canvas-card").length, 1000);
  assert.equal(slices, 4, "a pause every 250 cards");
  slices = 0;
  await boardDraw.drawBoard(/** @type {any} */ (root), board, actions, host, async () => ++slices < 2);
  assert.equal(root.findAll("project-canvas-card").length, 500, "stopped at the second pause");
});

test("the board drawn read-only, as the status site draws it: cards link to their pages and offer no move", async () => {
  const { boardOf, NO_FILTERS } = boardModel;
  const entities = [
    { id: "T-001", type: "task", title: "One", status: "Not Started", workstream: "a", priority: null, parent: null, estimate_hours: null, depends_on: null, path: "" },
    { id: "S-001", type: "story", title: "Two", status: "In Progress", workstream: null, priority: null, parent: null, estimate_hours: null, depends_on: null, path: "" },
  ];
  const board = boardOf(entities, NO_FILTERS, () => []);
  const root = new obsidian.FakeEl();
  await boardDraw.drawBoard(/** @type {any} */ (root), board, { href: (e) => `e/${e.id}.html`, sort() {} }, { ...EDITOR_HOST, laneHeading: 2 }, async () => true);
  const cards = root.findAll(boardDraw.CARD);
  assert.deepEqual(cards.map((c) => c.getAttr("data-id")), ["T-001", "S-001"]);
  assert.deepEqual(root.findAll("project-canvas-card-title").map((a) => a.getAttr("href")), ["e/T-001.html", "e/S-001.html"]);
  assert.equal(root.findAll("project-canvas-card-move").length, 0, "no move button");
  assert.ok(cards.every((c) => c.getAttr("draggable") === null), "nothing to drag");
  const lanes = root.findAll("project-canvas-board-lane");
  assert.deepEqual(lanes.map((l) => l.children[0].tag), ["h2", "h2"], "lanes under the page's h1");
  assert.deepEqual(lanes[0].findAll(boardDraw.COLUMN).map((c) => c.children[0].tag), ["h3", "h3"]);
});
