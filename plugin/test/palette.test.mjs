// @ts-check
// The palette commands and the menus, driven as a person would: the
// palette's callback, then the suggester's or the modal's choices, with the
// real core in its worker over a copy of the example vault. Checked: the
// files on disk, the fake canvas view (selection, centring, hidden nodes),
// the notices and the modals.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { asList, COMMANDS, defined, exampleVault, lastModal, modals, obsidian, snapshot, startPlugin, suggesters, tempVault, until } from "./helpers.mjs";

/** @typedef {import("./harness.mjs").ProjectCanvasPlugin} Plugin */
/** @typedef {import("./fake/obsidian").Modal} Modal */
/** @typedef {import("./fake/obsidian").FakeCanvasView} CanvasView */

const { Notice, Modal, Menu, Setting, openCanvas, openNote } = obsidian;

// The contract's command ids (docs/COMMANDS.md); the three external-sync
// ones are driven against a fake Notion in sync.test.mjs.
const SPEC_IDS = [
  "populate-canvas-from-vault", "reposition-canvas-nodes", "search-entity-on-canvas", "focus-in-progress",
  "reconcile-relationships", "create-feature", "create-features-canvas", "auto-layout-features",
  "populate-features-canvas", "set-feature-phase", "set-feature-tier", "import-future-features",
  "suggest-feature-links", "bulk-link-features", "navigate-to-parent", "navigate-to-children",
  "navigate-to-dependencies", "navigate-to-dependents", "navigate-to-documents", "navigate-to-decisions",
  "navigate-to-features", "navigate-to-implemented-by", "regenerate-templates", "start-http-server",
  "stop-http-server", "open-feature-coverage", "sync-canvas-notes-to-extdb", "sync-note-to-extdb", "start-extdb-sync-polling",
];

/**
 * The plugin's commands beyond the spec's: id repair and migration, each a
 * dry run to review first, and the board (an editor view: not in the core's registry).
 */
const EXTRA_IDS = ["repair-duplicate-ids", "migrate", "open-board"];
/** The commands of the plugin alone, with names of their own. */
const EDITOR_ONLY = ["repair-duplicate-ids", "open-board"];

const read = (/** @type {string} */ dir, /** @type {string} */ p) => readFileSync(path.join(dir, p), "utf8");
/** @param {string} dir @param {string} folder @param {string} id */
const fileOf = (dir, folder, id) => `Projects/${folder}/` + readdirSync(path.join(dir, "Projects", folder)).find((f) => f.startsWith(id + " "));
/** @param {Modal} modal */
const settingsIn = (modal) => Setting.in(modal.contentEl);
/** @param {Modal} modal @param {string} name */
const setting = (modal, name) => defined(settingsIn(modal).find((s) => s.name === name), `the setting ${name}`);
/** @param {Modal} modal @param {string} text */
const buttonOf = (modal, text) => settingsIn(modal).flatMap((s) => s.components).find((c) => c.text === text || c.text.startsWith(text));
/** @param {Modal} modal @param {string} text */
const button = (modal, text) => defined(buttonOf(modal, text), `the button ${text}`);
/** @param {CanvasView} view @param {string} file */
const nodeOf = (view, file) => [...view.canvas.nodes.values()].find((n) => n.getData().file === file);
/** @param {CanvasView} view @param {string} file */
const theNode = (view, file) => defined(nodeOf(view, file), `the node of ${file}`);
const selected = (/** @type {CanvasView} */ view) => [...view.canvas.selection].map((n) => n.getData().file ?? n.id);
const hidden = (/** @type {CanvasView} */ view) => [...view.canvas.nodes.values()].filter((n) => n.nodeEl.hasClass("project-canvas-hidden")).map((n) => n.getData().file ?? n.id);

/** Runs a palette command as Obsidian does; what it opened and noticed comes back. @param {Plugin} plugin @param {string} id */
async function run(plugin, id) {
  const cmd = plugin.commands.find((c) => c.id === id);
  assert.ok(cmd?.callback, `no command ${id}`);
  const notices = Notice.shown.length;
  const opened = Modal.opened.length;
  await cmd.callback();
  return { notices: Notice.messages().slice(notices), modal: Modal.opened.length > opened ? Modal.opened.at(-1) : undefined };
}

/** The errors among notices: a failed command's notice names the command. @param {string[]} notices */
const failures = (notices) => notices.filter((m) => m.startsWith("Project Canvas: "));

test("the 29 commands and three more: the palette, the suggesters, the modals and the canvas view", async (t) => {
  const dir = tempVault(t, exampleVault);
  const { app, plugin, session } = await startPlugin(t, dir, {
    data: { visibleTypes: { milestone: true, story: true, task: true, decision: false, document: false, feature: true } },
  });

  await t.test("every command is in the palette under the core's name; search has Mod+Shift+F", async () => {
    assert.deepEqual(plugin.commands.map((c) => c.id), [...SPEC_IDS, ...EXTRA_IDS]);
    const core = new Map((await session.commands()).map((c) => [c.id, c.name]));
    for (const c of plugin.commands) if (!EDITOR_ONLY.includes(c.id)) assert.equal(c.name, core.get(c.id), c.id);
    for (const id of EDITOR_ONLY) assert.equal(core.get(id), undefined, id);
    assert.deepEqual(COMMANDS.length, 32);
    const search = plugin.commands.find((c) => c.id === "search-entity-on-canvas");
    assert.deepEqual(search?.hotkeys, [{ modifiers: ["Mod", "Shift"], key: "F" }]);
  });

  /** @type {CanvasView} */
  let view;
  await t.test("populate-canvas-from-vault puts the visible types on the default canvas", async () => {
    const { notices } = await run(plugin, "populate-canvas-from-vault");
    assert.deepEqual(failures(notices), []);
    /** @type {{ file?: string }[]} */
    const nodes = JSON.parse(read(dir, "Projects.canvas")).nodes;
    const files = nodes.map((n) => n.file);
    assert.ok(files.includes(fileOf(dir, "tasks", "T-002")));
    assert.ok(files.includes(fileOf(dir, "features", "F-001")));
    assert.ok(!files.some((f) => f?.includes("/decisions/") || f?.includes("/documents/")), "decisions and documents are hidden in settings");
    assert.match(notices.join("\n"), /Added \d+ entities/);
    view = await openCanvas(app, "Projects.canvas");
  });

  await t.test("reposition-canvas-nodes lays out the open canvas through its view", async () => {
    const onDisk = read(dir, "Projects.canvas");
    const before = [...view.canvas.nodes.values()].map((n) => `${n.getData().x},${n.getData().y}`).join();
    const saves = view.canvas.saveRequests;
    const { notices } = await run(plugin, "reposition-canvas-nodes");
    assert.deepEqual(failures(notices), []);
    assert.match(notices.join(), /Laid out/);
    assert.notEqual([...view.canvas.nodes.values()].map((n) => `${n.getData().x},${n.getData().y}`).join(), before);
    assert.equal(view.canvas.saveRequests, saves + 1);
    assert.equal(read(dir, "Projects.canvas"), onDisk, "the view saves it, not the plugin behind its back");
  });

  await t.test("search-entity-on-canvas: per keystroke, stale answers dropped; the choice is selected and centred", async () => {
    // A node added to the live canvas and not saved yet is found: the
    // first keystroke sends the live canvas to the core.
    const data = view.canvas.getData();
    const decision = "Projects/decisions/DEC-003 Use Stripe Billing for subscriptions.md";
    view.canvas.setData({ ...data, nodes: [...data.nodes, { id: "live-dec", type: "file", file: decision, x: 0, y: -900, width: 400, height: 200 }] });
    const first = (await run(plugin, "search-entity-on-canvas")).modal;
    assert.ok(first instanceof suggesters.CanvasSearch);
    assert.equal((await first.getSuggestions("DEC-003"))[0]?.id, "DEC-003", "the unsaved node is searched");
    view.canvas.setData(data);
    const { modal } = await run(plugin, "search-entity-on-canvas");
    assert.ok(modal instanceof suggesters.CanvasSearch, modal?.constructor.name);
    const sent = modal.sent;
    const [a, b, c] = await Promise.all([modal.getSuggestions("bui"), modal.getSuggestions("build sign"), modal.getSuggestions("T-002")]);
    assert.equal(modal.sent - sent, 1, "only the last keystroke reaches the core");
    assert.deepEqual(a, c);
    assert.deepEqual(b, c);
    assert.equal(c[0].id, "T-002");
    assert.deepEqual(await modal.getSuggestions(""), []);
    const typo = await modal.getSuggestions("pasword reset");
    assert.equal(typo[0].id, "T-003", "typos are forgiven");
    // The first keystroke compared the live canvas with the core; the
    // others do not serialize it again (the modal holds the editor).
    let serialized = 0;
    const getData = view.canvas.getData;
    view.canvas.getData = function () { serialized++; return getData.call(this); };
    await modal.getSuggestions("T-00");
    view.canvas.getData = getData;
    assert.equal(serialized, 0, "a keystroke after the first serializes no canvas");
    await modal.choose("T-002");
    await until(() => selected(view).length === 1, "the selection");
    assert.deepEqual(selected(view), [fileOf(dir, "tasks", "T-002")]);
    const d = theNode(view, fileOf(dir, "tasks", "T-002")).getData();
    assert.deepEqual(view.canvas.zoomed, { minX: d.x, minY: d.y, maxX: d.x + d.width, maxY: d.y + d.height });
  });

  await t.test("focus-in-progress hides what is not In Progress, survives a redraw, toggles off; the file never changes", async () => {
    const onDisk = read(dir, "Projects.canvas");
    const { notices } = await run(plugin, "focus-in-progress");
    assert.match(notices.join(), /Showing \d+ entities In Progress/);
    const inProgress = fileOf(dir, "tasks", "T-013");
    const done = fileOf(dir, "tasks", "T-002");
    assert.ok(hidden(view).includes(done));
    assert.ok(!hidden(view).includes(inProgress));
    // A redraw makes new node elements; the focus comes back.
    view.canvas.setData(view.canvas.getData());
    assert.deepEqual(hidden(view), []);
    app.workspace.trigger("layout-change");
    await until(() => hidden(view).includes(done), "the focus applied again");
    // A command that changes the canvas redraws it too.
    await run(plugin, "reposition-canvas-nodes");
    await until(() => hidden(view).includes(done), "the focus applied after a command");
    await run(plugin, "focus-in-progress");
    assert.deepEqual(hidden(view), []);
    assert.equal(read(dir, "Projects.canvas"), onDisk);
  });

  await t.test("migrate and repair-duplicate-ids show a dry run and apply it on confirm", async () => {
    const old = "Projects/tasks/T-090 Old style task.md";
    await app.vault.userWrite(old, "---\nid: T-090\ntype: task\ntitle: Old style task\nstatus: in_progress\neffort: Engineering\nparent: S-001\n---\nBody kept.\n");
    let { modal } = await run(plugin, "migrate");
    assert.ok(modal instanceof modals.ReviewModal, modal?.constructor.name);
    assert.ok(modal.contentEl.texts().some((l) => l.startsWith(old + ": ") && l.includes("effort → workstream")), modal.contentEl.texts().join("\n"));
    assert.match(read(dir, old), /effort: Engineering/, "nothing written before the confirmation");
    await button(modal, "Apply").click();
    assert.match(read(dir, old), /workstream: engineering/);
    assert.match(read(dir, old), /Body kept\.\n$/);

    const copy = "Projects/tasks/T-002 Copy from a branch.md";
    const t2 = read(dir, fileOf(dir, "tasks", "T-002"));
    await app.vault.userWrite(copy, t2.replace(/title: .*/, "title: Copy from a branch").replace(/created_at: .*/, "created_at: 2026-11-23T10:00:00Z"));
    ({ modal } = await run(plugin, "repair-duplicate-ids"));
    assert.ok(modal instanceof modals.ReviewModal, modal?.constructor.name);
    const line = defined(modal.contentEl.texts().find((l) => l.startsWith("T-002 → ")), modal.contentEl.texts().join("\n"));
    assert.ok(line.includes(copy), line);
    assert.ok(existsSync(path.join(dir, copy)), "nothing renamed before the confirmation");
    await button(modal, "Apply").click();
    assert.ok(!existsSync(path.join(dir, copy)), "the newer copy has its new id's name");
    const renamed = line.split(" → ").at(-1) ?? "";
    assert.match(read(dir, renamed), new RegExp("id: " + line.split(" ")[2].replace(":", "")));
  });

  await t.test("reconcile-relationships lists what a dry run would change and applies it on confirm", async () => {
    const task = fileOf(dir, "tasks", "T-002");
    await app.vault.userWrite(task, read(dir, task).replace("implements: [F-001]", "implements: []"));
    const { modal } = await run(plugin, "reconcile-relationships");
    assert.ok(modal instanceof modals.ReconcileModal, modal?.constructor.name);
    assert.ok(modal.contentEl.texts().includes("T-002: add F-001 to implements (mirrors F-001)"), modal.contentEl.texts().join("\n"));
    assert.match(read(dir, task), /implements: \[\]/, "nothing written before the confirmation");
    await button(modal, "Apply").click();
    assert.match(read(dir, task), /implements: \[F-001\]/);
    assert.equal(modal.isOpen, false);
    const again = await run(plugin, "reconcile-relationships");
    assert.equal(again.modal, undefined, "nothing to reconcile: a notice only");
    assert.deepEqual(again.notices, ["Relationships already agree."]);
    // A problem reconcile cannot fix is listed for a person, with nothing to apply.
    const other = fileOf(dir, "tasks", "T-003");
    const original = read(dir, other);
    await app.vault.userWrite(other, original.replace(/^parent: .*$/m, "parent: S-999"));
    const problems = await run(plugin, "reconcile-relationships");
    assert.ok(problems.modal, problems.notices.join("\n"));
    assert.ok(problems.modal.contentEl.texts().includes("T-003: parent S-999 names no entity"), problems.modal.contentEl.texts().join("\n"));
    assert.equal(buttonOf(problems.modal, "Apply"), undefined);
    await button(problems.modal, "Close").click();
    await app.vault.userWrite(other, original);
  });

  await t.test("create-features-canvas makes Features.canvas and opens it", async () => {
    const { notices } = await run(plugin, "create-features-canvas");
    assert.deepEqual(failures(notices), []);
    assert.ok(existsSync(path.join(dir, "Features.canvas")));
    assert.equal(app.workspace.opened.at(-1), "Features.canvas");
  });

  /** @type {string} */
  let created;
  await t.test("create-feature: required fields checked inline, enums from the core, the feature created and opened", async () => {
    const { modal } = await run(plugin, "create-feature");
    assert.ok(modal instanceof modals.CreateFeatureModal, modal?.constructor.name);
    const features = () => readdirSync(path.join(dir, "Projects/features")).length;
    const count = features();
    await button(modal, "Create").click();
    assert.equal(modal.errors.title.text, "Title is required.");
    assert.equal(modal.errors.user_story.text, "User story is required.");
    assert.equal(modal.isOpen, true);
    assert.equal(features(), count, "nothing written");
    setting(modal, "Title").components[0].input("Offline mode $& {{x}}");
    assert.equal(modal.errors.title.text, "");
    setting(modal, "User story").components[0].input("As a reader, I want pages offline, so that I read on a plane.");
    const tier = setting(modal, "Tier").components[0];
    assert.deepEqual(tier.options.map(([v]) => v), ["", "OSS", "Premium"]);
    assert.deepEqual(setting(modal, "Phase").components[0].options.map(([v]) => v), ["", "MVP", "0", "1", "2", "3", "4", "5"]);
    tier.input("Premium");
    setting(modal, "Phase").components[0].input("2");
    setting(modal, "Status").components[0].input("In Progress");
    await button(modal, "Create").click();
    assert.equal(modal.isOpen, false);
    assert.equal(features(), count + 1);
    created = defined(app.workspace.opened.at(-1), "the note opened");
    const text = read(dir, created);
    assert.match(text, /title: .*Offline mode \$& \{\{x\}\}/);
    assert.match(text, /tier: Premium/);
    assert.match(text, /phase: "?2"?/);
  });

  /** @type {CanvasView} */
  let features;
  await t.test("populate-features-canvas and auto-layout-features on the open features canvas", async () => {
    features = await openCanvas(app, "Features.canvas");
    // A person removes the new feature's node; populating puts it back.
    const data = features.canvas.getData();
    features.canvas.setData({ ...data, nodes: data.nodes.filter((/** @type {{ file?: string }} */ n) => n.file !== created) });
    assert.equal(nodeOf(features, created), undefined);
    const { notices } = await run(plugin, "populate-features-canvas");
    assert.deepEqual(failures(notices), []);
    const node = nodeOf(features, created);
    assert.ok(node, "the new feature is on the live canvas");
    node.setData({ ...node.getData(), x: 99999 });
    await run(plugin, "auto-layout-features");
    assert.notEqual(theNode(features, created).getData().x, 99999, "moved back into its cell");
  });

  await t.test("set-feature-phase for the selected node: a suggester of values; the node moves to its cell", async () => {
    const f1 = fileOf(dir, "features", "F-001");
    features.canvas.selectOnly(theNode(features, f1));
    const x = theNode(features, f1).getData().x;
    const modal = asList((await run(plugin, "set-feature-phase")).modal);
    assert.deepEqual(modal.getSuggestions(""), ["MVP", "0", "1", "2", "3", "4", "5"]);
    await modal.choose("3");
    await until(() => /phase: "?3"?/.test(read(dir, f1)), "the phase written");
    await until(() => theNode(features, f1).getData().x !== x, "the node moved");
    assert.deepEqual(selected(features), [f1]);
  });

  await t.test("set-feature-tier for the active note", async () => {
    const f2 = fileOf(dir, "features", "F-002");
    openNote(app, f2);
    const modal = asList((await run(plugin, "set-feature-tier")).modal);
    assert.deepEqual(modal.getSuggestions(""), ["OSS", "Premium"]);
    await modal.choose("OSS");
    await until(() => /tier: OSS/.test(read(dir, f2)), "the tier written");
  });

  await t.test("set-feature-phase on a task: refused before any choice, nothing written", async () => {
    openNote(app, fileOf(dir, "tasks", "T-002"));
    const before = snapshot(dir);
    const { notices, modal } = await run(plugin, "set-feature-phase");
    assert.equal(modal, undefined);
    assert.match(notices.join(), /T-002 .* is a task; only features have a phase/);
    assert.deepEqual(snapshot(dir), before);
  });

  await t.test("import-future-features: a summary, each bad section named with its line", async () => {
    await app.vault.userWrite("FUTURE_FEATURES.md", "# Future features\n\n## Dark mode\n- tier: OSS\n- phase: 1\n\nDark theme.\n\n## Broken\n- tier: Gold\n");
    const { modal, notices } = await run(plugin, "import-future-features");
    assert.ok(modal instanceof modals.ImportSummaryModal, modal?.constructor.name);
    assert.equal(modal.result.created.length, 1);
    const texts = modal.contentEl.texts();
    assert.ok(texts.some((s) => /^FUTURE_FEATURES\.md, line \d+: /.test(s)), texts.join("\n"));
    assert.match(notices.join(), /Line \d+/);
    assert.ok(readdirSync(path.join(dir, "Projects/features")).some((f) => f.includes("Dark mode")));
  });

  await t.test("suggest-feature-links: accept one, then all; accepting links through bulk-link-features", async () => {
    // Two stories whose titles match features' (the example vault's work is linked already).
    await session.call("create_entity", { type: "story", data: { title: "Mobile offline reading cache", parent: "M-003" } });
    await session.call("create_entity", { type: "story", data: { title: "Public REST API webhooks delivery", parent: "M-003" } });
    const { modal, notices } = await run(plugin, "suggest-feature-links");
    assert.ok(modal instanceof modals.SuggestLinksModal, "suggestions: " + notices.join());
    const first = modal.suggestions[0];
    const cand = first.candidates[0];
    assert.ok(settingsIn(modal).some((s) => /score \d\.\d\d/.test(s.desc)));
    const featureFile = () => read(dir, fileOf(dir, "features", first.feature_id));
    await setting(modal, `${cand.id} ${cand.title}`).components[0].click();
    assert.match(featureFile(), new RegExp(`implemented_by:.*${cand.id}`));
    assert.ok(modal.accepted.has(`${first.feature_id}/${cand.id}`));
    await button(modal, "Accept all").click();
    for (const s of modal.suggestions) for (const c of s.candidates) assert.ok(modal.accepted.has(`${s.feature_id}/${c.id}`));
    const last = defined(modal.suggestions.at(-1), "a suggestion");
    assert.match(read(dir, fileOf(dir, "features", last.feature_id)), new RegExp(`implemented_by:.*${last.candidates.at(-1)?.id}`));
  });

  await t.test("bulk-link-features: a feature picker, then a multi-select of work, linked in one write", async () => {
    const modal = asList((await run(plugin, "bulk-link-features")).modal);
    assert.ok(modal.items.length >= 9 && modal.items.every((r) => r.type === "feature"));
    assert.deepEqual(modal.getSuggestions("billing").map((r) => r.id), ["F-006"]);
    await modal.choose("F-008");
    const bulk = lastModal(modals.BulkLinkModal);
    await until(() => bulk.rows.length > 0, "the work listed");
    assert.ok(bulk.rows.every((r) => ["milestone", "story", "task"].includes(r.type)));
    setting(bulk, "Filter").components[0].input("sign");
    await until(() => bulk.rows.some((r) => r.id === "T-002"), "filtered");
    const toggles = Setting.in(bulk.listEl);
    await defined(toggles.find((s) => s.name.startsWith("T-002 ")), "T-002").components[0].input(true);
    await defined(toggles.find((s) => s.name.startsWith("S-001 ")), "S-001").components[0].input(true);
    assert.equal(button(bulk, "Link").text, "Link 2");
    await button(bulk, "Link").click();
    assert.match(read(dir, fileOf(dir, "features", "F-008")), /implemented_by: \[.*S-001.*\]/);
    assert.match(read(dir, fileOf(dir, "features", "F-008")), /implemented_by: \[.*T-002.*\]/);
    assert.match(read(dir, fileOf(dir, "tasks", "T-002")), /implements: \[F-001, F-008\]/);
    assert.equal(bulk.isOpen, false);
  });

  await t.test("navigate-to-*: one target opens from a note, selects on the canvas; several go to a suggester", async () => {
    openNote(app, fileOf(dir, "tasks", "T-002"));
    let r = await run(plugin, "navigate-to-parent");
    assert.equal(app.workspace.opened.at(-1), fileOf(dir, "stories", "S-001"));
    r = await run(plugin, "navigate-to-children");
    assert.deepEqual(r.notices, ["T-002 has no children."]);
    // From the selected node of a canvas: the target is selected there.
    app.workspace.activeLeaf = app.workspace.getLeavesOfType("canvas").find((l) => l.view === view) ?? null;
    view.canvas.selectOnly(theNode(view, fileOf(dir, "tasks", "T-002")));
    r = await run(plugin, "navigate-to-parent");
    assert.deepEqual(selected(view), [fileOf(dir, "stories", "S-001")]);
    view.canvas.selectOnly(theNode(view, fileOf(dir, "milestones", "M-001")));
    r = await run(plugin, "navigate-to-children");
    const children = asList(r.modal);
    assert.ok(children.items.length > 1);
    const child = await children.choose(String(children.items[1].id));
    await until(() => selected(view)[0] === child.file, "the chosen child selected");
    // Every direction from a feature's and a story's note: a target, a suggester, or "has no".
    for (const from of [fileOf(dir, "features", "F-001"), fileOf(dir, "stories", "S-001")]) {
      openNote(app, from);
      for (const id of SPEC_IDS.filter((x) => x.startsWith("navigate-to-"))) {
        const opened = app.workspace.opened.length;
        const out = await run(plugin, id);
        assert.deepEqual(failures(out.notices), [], id);
        assert.ok(out.modal || app.workspace.opened.length === opened + 1 || /has no/.test(out.notices.join()), `${id} from ${from}: ${out.notices}`);
      }
    }
  });

  await t.test("regenerate-templates writes one template per entity type", async () => {
    const { notices } = await run(plugin, "regenerate-templates");
    assert.match(notices.join(), /Wrote 6 templates/);
    for (const type of ["milestone", "story", "task", "decision", "document", "feature"]) assert.ok(existsSync(path.join(dir, ".templates", type + ".md")), type);
  });

  await t.test("start/stop-http-server and open-feature-coverage call the plugin's server and sidebar", async () => {
    // The plugin's server and sidebar, replaced by test doubles.
    const host = /** @type {{ httpServer?: Pick<import("../src/commands/httpServer").HttpServer, "start" | "stop">, openCoverage: () => void }} */ (plugin);
    const real = { httpServer: plugin.httpServer, openCoverage: plugin.openCoverage };
    delete host.httpServer;
    let r = await run(plugin, "start-http-server");
    assert.deepEqual(r.notices, ["Project Canvas: this build has no HTTP server"]);
    /** @type {string[]} */
    const calls = [];
    host.httpServer = { start: async () => { calls.push("start"); }, stop: async () => { calls.push("stop"); } };
    host.openCoverage = () => { calls.push("coverage"); };
    await run(plugin, "start-http-server");
    await run(plugin, "stop-http-server");
    await run(plugin, "open-feature-coverage");
    assert.deepEqual(calls, ["start", "stop", "coverage"]);
    host.httpServer = { start: async () => { throw new Error("port 12312 is in use"); }, stop: async () => {} };
    r = await run(plugin, "start-http-server");
    assert.deepEqual(r.notices, ["Project Canvas: Start HTTP server: port 12312 is in use"]);
    plugin.httpServer = real.httpServer; // the real ones, which unload stops
    plugin.openCoverage = real.openCoverage;
  });

  await t.test("bad input: a note that is no entity, a canvas that is not JSON Canvas, nothing selected: a notice, nothing written", async () => {
    openNote(app, "Research/Pricing Research.md");
    const before = snapshot(dir);
    let r = await run(plugin, "navigate-to-parent");
    assert.deepEqual(r.notices, ["Project Canvas: Navigate to parent: Research/Pricing Research.md is not an entity file (no id in its front matter, or not indexed)"]);
    r = await run(plugin, "set-feature-tier");
    assert.match(r.notices.join(), /Research\/Pricing Research\.md is not an entity file/);
    await app.vault.userWrite("Bad.canvas", "{not json");
    plugin.settings.defaultCanvas = "Bad.canvas";
    const bad = snapshot(dir);
    r = await run(plugin, "reposition-canvas-nodes");
    assert.equal(r.notices.length, 1);
    assert.match(r.notices[0], /^Project Canvas: Reposition canvas nodes \(V4\): not a JSON Canvas file: .* \(Bad\.canvas\)$/);
    r = await run(plugin, "focus-in-progress");
    assert.match(r.notices.join(), /open a canvas/);
    assert.deepEqual(snapshot(dir), bad);
    delete before["Bad.canvas"];
    delete bad["Bad.canvas"];
    assert.deepEqual(bad, before);
    plugin.settings.defaultCanvas = "Projects.canvas";
    app.workspace.activeLeaf = app.workspace.getLeavesOfType("canvas").find((l) => l.view === view) ?? null;
    view.canvas.deselectAll();
    r = await run(plugin, "navigate-to-parent");
    assert.deepEqual(r.notices, ["Project Canvas: select one entity's node on Projects.canvas (0 selected)"]);
    // The plugin keeps working.
    r = await run(plugin, "navigate-to-parent");
    view.canvas.selectOnly(theNode(view, fileOf(dir, "tasks", "T-002")));
    r = await run(plugin, "navigate-to-parent");
    assert.deepEqual(failures(r.notices), []);
  });
});
