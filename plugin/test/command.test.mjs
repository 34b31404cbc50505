// @ts-check
// The command and commands bridge functions (the command registry), with a
// stub worker answering them the way the contract says, until the core
// has them: the session sends {id, arguments}, applies the changes, and
// showResult does what the result asks of the editor.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { obsidian, tempVault } from "./helpers.mjs";
import * as harness from "./harness.mjs";

const stub = `
self.onmessage = (e) => {
  const m = e.data;
  if (m.transport) return;
  const answer = {
    init: () => ({}), stage: () => ({}), events: () => ({ applied: 0 }),
    load: () => ({ entities: 1, problems: null, changes: [], recovered: [] }),
    commands: () => ({ commands: [{ id: "focus-in-progress", name: "Focus in progress", description: "d", editor: true, input_schema: {} }] }),
    command: () => {
      const input = JSON.parse(m.input);
      self.seen = input;
      return { result: { notice: "ran " + input.id + " " + JSON.stringify(input.arguments ?? null), canvas: "Board.canvas",
        select: ["n1"], center: "n1", hide: ["n2"], open: ["Made.md"] },
        changes: [{ op: "write", path: "Made.md", content: "made" }] };
    },
  }[m.fn];
  if (!answer) { postMessage({ id: m.id, ok: false, error: { code: "not_found", message: "no " + m.fn } }); return; }
  postMessage({ id: m.id, ok: true, output: JSON.stringify(answer()) });
};`;

test("command: {id, arguments} in, changes applied, the result shown on the canvas", async (t) => {
  const dir = tempVault(t);
  writeFileSync(path.join(dir, "Board.canvas"), JSON.stringify({ nodes: [
    { id: "n1", type: "text", text: "a", x: 10, y: 20, width: 100, height: 50 },
    { id: "n2", type: "text", text: "b", x: 200, y: 20, width: 100, height: 50 }], edges: [] }));
  const app = new obsidian.App(dir);
  const session = new harness.Session({ app, workerSource: stub, wasmGzipBase64: "", token: () => "t",
    transport: async () => ({ status: 500, body: "" }), onProgress: () => {}, notify: (m) => new obsidian.Notice(m) });
  t.after(() => session.stop());
  await session.start();
  const view = await obsidian.openCanvas(app, "Board.canvas");
  assert.equal((await session.commands())[0].id, "focus-in-progress");
  const out = await session.command("focus-in-progress", { toggle: true });
  assert.equal(readFileSync(path.join(dir, "Made.md"), "utf8"), "made");
  assert.equal(out.applied.count, 1);
  await harness.showResult(app, out.result);
  assert.ok(obsidian.Notice.messages().includes('ran focus-in-progress {"toggle":true}'));
  assert.deepEqual([...view.canvas.selection].map((n) => n.id), ["n1"]);
  assert.deepEqual(view.canvas.zoomed, { minX: 10, minY: 20, maxX: 110, maxY: 70 });
  assert.ok(view.canvas.nodes.get("n2")?.nodeEl.hasClass("project-canvas-hidden"));
  assert.deepEqual(app.workspace.opened, ["Made.md"]);
  // Without arguments, none are sent.
  await session.command("focus-in-progress");
  assert.ok(obsidian.Notice.messages().length >= 1);
  // Several nodes to select (populate's added nodes): shown together, once:
  // no selectOnly per node, nothing left selected, the view zoomed to fit them.
  let selects = 0;
  const selectOnly = view.canvas.selectOnly.bind(view.canvas);
  view.canvas.selectOnly = (n) => { selects++; selectOnly(n); };
  await harness.showResult(app, { notice: "", canvas: "Board.canvas", select: ["n1", "n2"] });
  assert.equal(selects, 0);
  assert.equal(view.canvas.selection.size, 0);
  assert.deepEqual(view.canvas.zoomed, { minX: 10, minY: 20, maxX: 300, maxY: 70 });
  // A canvas without selectOnly: a notice, no throw.
  /** @type {Partial<typeof view.canvas>} */ (view.canvas).selectOnly = undefined;
  await harness.showResult(app, { notice: "", canvas: "Board.canvas", select: ["n1"] });
  assert.match(obsidian.Notice.messages().at(-1) ?? "", /no selectOnly/);
});
