// @ts-check
// The coverage sidebar over the example vault, with the real core: its
// rows, filters, a click that opens a feature, and refreshes on vault
// changes only while it is visible.
import { test } from "node:test";
import assert from "node:assert/strict";
import { exampleVault, obsidian, startPlugin, tempVault, until } from "./helpers.mjs";

/** @typedef {import("./harness.mjs").CoverageView} CoverageView */

const VIEW = "project-canvas-coverage";
const ids = (/** @type {CoverageView} */ view) => view.rows.map((r) => r.id);

/** @param {import("node:test").TestContext} t */
async function openSidebar(t) {
  const dir = tempVault(t, exampleVault);
  const started = await startPlugin(t, dir);
  await started.plugin.openCoverage();
  const leaves = started.app.workspace.getLeavesOfType(VIEW);
  assert.equal(leaves.length, 1);
  return { ...started, dir, view: /** @type {CoverageView} */ (leaves[0].view) };
}

test("the sidebar lists every feature with its coverage and gaps; a second open reveals the same leaf", async (t) => {
  const { app, plugin, view } = await openSidebar(t);
  assert.equal(view.rows.length, 9, ids(view).join());
  assert.deepEqual(ids(view), [...ids(view)].sort(), "in id order");
  assert.equal(view.summary?.total_features, 9);
  const rows = view.contentEl.findAll("project-canvas-coverage-row");
  assert.equal(rows.length, 9);
  assert.match(rows[0].allText(), /^F-001 /);
  // Every row shows the three kinds, covered or a gap, as the core says.
  for (const [i, el] of rows.entries()) {
    const kinds = el.findAll("project-canvas-coverage-kind");
    assert.equal(kinds.length, 3);
    const cov = view.rows[i].coverage;
    assert.deepEqual(kinds.map((k) => k.hasClass("is-gap")), [!cov.implementation, !cov.documentation, !cov.tests], view.rows[i].id);
  }
  assert.match(view.contentEl.findAll("project-canvas-coverage-summary")[0].text, /^9 features: \d+ implemented/);
  await plugin.openCoverage();
  assert.equal(app.workspace.getLeavesOfType(VIEW).length, 1);
  assert.equal(app.workspace.revealed.length, 2);
});

test("filters by tier, phase, status and gap go to the core; a click opens the feature's note", async (t) => {
  const { app, view } = await openSidebar(t);
  const selects = view.contentEl.findAll("dropdown");
  assert.equal(selects.length, 4);
  const choose = async (/** @type {number} */ i, /** @type {string} */ value) => { selects[i].value = value; selects[i].dispatch("change"); await view.refresh(); };
  await choose(0, "Premium");
  assert.equal(view.rows.length, 4);
  assert.ok(view.rows.every((r) => r.tier === "Premium"));
  await choose(0, "");
  await choose(2, "In Progress");
  assert.equal(view.rows.length, 4);
  assert.ok(view.rows.every((r) => r.status === "In Progress"));
  await choose(2, "");
  await choose(1, "MVP");
  assert.equal(view.rows.length, 2);
  assert.ok(view.rows.every((r) => r.phase === "MVP"));
  await choose(1, "");
  await choose(3, "tests");
  assert.ok(view.rows.length > 0 && view.rows.length < 9, ids(view).join());
  assert.ok(view.rows.every((r) => !r.coverage.tests));
  // Nothing matches: said so.
  await choose(0, "Premium");
  await choose(1, "MVP");
  if (view.rows.length === 0) assert.match(view.contentEl.allText(), /No feature matches the filters/);
  await choose(0, ""); await choose(1, ""); await choose(3, "");
  const link = view.contentEl.findAll("project-canvas-coverage-title")[0];
  link.dispatch("click");
  await until(() => app.workspace.opened.length === 1, "the note opened");
  assert.match(app.workspace.opened[0], /^Projects\/features\/F-001 .*\.md$/);
});

test("the sidebar refreshes after vault changes, debounced, and only while visible", async (t) => {
  const { vault, session, view } = await openSidebar(t);
  let asked = 0;
  const command = session.command.bind(session);
  session.command = (id, args) => { if (id === "open-feature-coverage") asked++; return command(id, args); };
  const file = vault.getMarkdownFiles().find((f) => /^F-001\b/.test(f.basename));
  assert.ok(file);
  const text = await vault.read(file);
  for (const title of ["One", "Two", "Edited in the editor"]) await vault.userWrite(file.path, text.replace(/^title: .*$/m, `title: ${title}`));
  await until(() => view.rows[0]?.title === "Edited in the editor", "the refresh");
  assert.equal(asked, 1, "three changes, one refresh");
  // Hidden: changes wait until the view is shown again.
  view.containerEl.shown = false;
  await vault.userWrite(file.path, text.replace(/^title: .*$/m, "title: While hidden"));
  await new Promise((r) => setTimeout(r, 700));
  assert.equal(asked, 1);
  view.containerEl.shown = true;
  view.app.workspace.trigger("layout-change");
  await until(() => view.rows[0]?.title === "While hidden", "the refresh once shown");
  assert.equal(asked, 2);
});

test("unloading the plugin closes the sidebar and its listeners", async (t) => {
  const { app, plugin } = await openSidebar(t);
  assert.ok(app.vault.listeners("modify") >= 2);
  plugin.unload();
  assert.equal(app.workspace.getLeavesOfType(VIEW).length, 0);
  for (const e of ["create", "modify", "delete", "rename"]) assert.equal(app.vault.listeners(e), 0, e);
  assert.equal(app.workspace.listeners("layout-change"), 0);
});
