// @ts-check
// Type and status on every entity card of an open canvas (cards.ts through
// canvasAdapter.decorateCards): data attributes on the node's element from
// the note's front matter, styled by styles.css; updated when the note
// changes; the canvas file never touched; taken off at unload.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { obsidian, tempVault } from "./helpers.mjs";
import * as harness from "./harness.mjs";

/** @type {(id: string, type: string, status: string) => string} */
const note = (id, type, status) => `---\nid: ${id}\ntype: ${type}\ntitle: ${id}\nstatus: ${status}\n---\nBody.\n`;

test("cards: each entity card shows its type and status, follows the note, leaves the file alone", async (t) => {
  const dir = tempVault(t);
  mkdirSync(path.join(dir, "Projects"), { recursive: true });
  writeFileSync(path.join(dir, "Projects/M-001 Beta.md"), note("M-001", "milestone", "In Progress"));
  writeFileSync(path.join(dir, "Projects/T-001 Form.md"), note("T-001", "task", "Not Started"));
  writeFileSync(path.join(dir, "Projects/DEC-001 Db.md"), note("DEC-001", "decision", "<b>Decided</b> !"));
  writeFileSync(path.join(dir, "Plain.md"), "no front matter\n");
  const board = JSON.stringify({ nodes: [
    { id: "m", type: "file", file: "Projects/M-001 Beta.md", x: 0, y: 0, width: 400, height: 120 },
    { id: "t", type: "file", file: "Projects/T-001 Form.md", x: 0, y: 200, width: 400, height: 120 },
    { id: "d", type: "file", file: "Projects/DEC-001 Db.md", x: 0, y: 400, width: 400, height: 120 },
    { id: "p", type: "file", file: "Plain.md", x: 500, y: 0, width: 400, height: 120 },
    { id: "x", type: "text", text: "a note", x: 500, y: 200, width: 400, height: 120 }], edges: [] });
  writeFileSync(path.join(dir, "Board.canvas"), board);
  const app = new obsidian.App(dir);
  const view = await obsidian.openCanvas(app, "Board.canvas");
  /** @type {(() => unknown)[]} */
  const unload = [];
  /** @type {import("./fake/obsidian").EventRef[]} */
  const refs = [];
  const cards = new harness.Cards({ app, registerEvent: (r) => refs.push(r), register: (cb) => unload.push(cb) });
  /** @param {string} id */
  const attrs = (id) => {
    const el = view.canvas.nodes.get(id)?.nodeEl;
    return [el?.getAttr("data-pc-type"), el?.getAttr("data-pc-status")];
  };

  cards.apply();
  assert.deepEqual(attrs("m"), ["milestone", "in-progress"]);
  assert.deepEqual(attrs("t"), ["task", "not-started"]);
  assert.deepEqual(attrs("d"), ["decision", "b-decided-b"], "front matter is data: only letters, digits and dashes reach the page");
  assert.deepEqual(attrs("p"), [null, null], "a note of no entity: no attributes");
  assert.deepEqual(attrs("x"), [null, null], "a text node: no attributes");

  // The note changes: its card follows, once the burst of events settles.
  await app.vault.modify(/** @type {import("./fake/obsidian").TFile} */ (app.vault.getFileByPath("Projects/T-001 Form.md")), note("T-001", "task", "Blocked"));
  await cards.pending;
  assert.deepEqual(attrs("t"), ["task", "blocked"]);

  // A redraw makes new elements: the next pass marks them.
  const fresh = new obsidian.FakeEl();
  const node = view.canvas.nodes.get("m");
  assert.ok(node);
  node.nodeEl = fresh;
  app.workspace.trigger("layout-change");
  await cards.pending;
  assert.deepEqual(attrs("m"), ["milestone", "in-progress"]);

  assert.equal(readFileSync(path.join(dir, "Board.canvas"), "utf8"), board, "nothing written to the canvas file");
  assert.equal(view.canvas.saveRequests, 0);

  for (const cb of unload) cb();
  assert.deepEqual(attrs("m"), [null, null], "unload takes the attributes off");
  for (const r of refs) r.e.offref(r);
});

test("cards: the status and type slug is render.Slug's rule", () => {
  const { slug } = harness.boardModel;
  assert.equal(slug("Not Started"), "not-started");
  assert.equal(slug("  In   Progress "), "in-progress");
  assert.equal(slug("x".repeat(100)).length, 40);
  assert.equal(slug('"><script>'), "script");
});
