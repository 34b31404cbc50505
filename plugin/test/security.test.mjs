// @ts-check
// What travels with a shared vault is data, never orders (docs/SECURITY.md),
// tried as a hostile teammate would: a data.json holding tokens and
// endpoints, a core that hands back a path into .obsidian/plugins, a file
// edited while a command runs, an interval of 0.0001 minutes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { obsidian, root, startPlugin, tempVault } from "./helpers.mjs";
import * as harness from "./harness.mjs";

const cases = JSON.parse(readFileSync(path.join(root, "projectcanvas/testdata/writable_paths.json"), "utf8"));

test("the plugin's path rule answers the core's table of cases alike", () => {
  assert.ok(cases.length >= 20);
  for (const c of cases) assert.equal(harness.unwritable(c.path) === "", c.writable, JSON.stringify(c.path));
});

test("a change to a path the core may not write is refused, and nothing is written", async (t) => {
  const dir = tempVault(t);
  mkdirSync(path.join(dir, ".obsidian/plugins/x"), { recursive: true });
  writeFileSync(path.join(dir, ".obsidian/plugins/x/main.js"), "original");
  writeFileSync(path.join(dir, "note.md"), "mine");
  const app = new obsidian.App(dir);
  const known = new harness.KnownFiles();
  known.set("note.md", "mine");
  /** @type {import("../src/core/protocol").Change[]} */
  const hostile = [
    { op: "write", path: ".obsidian/plugins/x/main.js", content: "pwned" },
    { op: "write", path: "a/../.obsidian/plugins/x/main.js", content: "pwned" },
    { op: "write", path: "../x", content: "pwned" },
    { op: "write", path: "/etc/x", content: "pwned" },
    { op: "write", path: "C:/x", content: "pwned" },
    { op: "delete", path: ".obsidian/plugins/x/main.js" },
    { op: "rename", from: "note.md", path: ".obsidian/plugins/x/main.js" },
    { op: "rename", from: ".obsidian/plugins/x/main.js", path: "stolen.md" },
    { op: "write", path: "x".repeat(1 << 20) + "/.git/hooks/pre-commit", content: "pwned" },
  ];
  for (const c of hostile) {
    await assert.rejects(harness.applyChanges(app, known, [c]), (/** @type {Error} */ e) => {
      assert.match(e.message, /refused: the path/);
      assert.ok(e.message.length < 400, "the path is cut in the message");
      return true;
    }, JSON.stringify(c).slice(0, 80));
  }
  assert.equal(readFileSync(path.join(dir, ".obsidian/plugins/x/main.js"), "utf8"), "original");
  assert.equal(readFileSync(path.join(dir, "note.md"), "utf8"), "mine");
  assert.ok(!existsSync(path.join(dir, "stolen.md")));
  assert.ok(!existsSync(path.join(path.dirname(dir), "x")));
});

test("a delete or rename of a file edited since the core read it is refused; the edit is kept", async (t) => {
  const dir = tempVault(t);
  writeFileSync(path.join(dir, "a.md"), "edited by hand");
  writeFileSync(path.join(dir, "b.md"), "edited by hand");
  mkdirSync(path.join(dir, ".projectcanvas"));
  writeFileSync(path.join(dir, ".projectcanvas/sequence.json"), "edited by hand");
  const app = new obsidian.App(dir);
  const known = new harness.KnownFiles();
  for (const p of ["a.md", "b.md", ".projectcanvas/sequence.json"]) known.set(p, "what the core read");
  /** @type {import("../src/core/protocol").Change[]} */
  const edited = [{ op: "delete", path: "a.md" }, { op: "rename", from: "b.md", path: "c.md" }, { op: "delete", path: ".projectcanvas/sequence.json" }];
  for (const c of edited) {
    await assert.rejects(harness.applyChanges(app, known, [c]), (/** @type {{ conflict?: boolean }} */ e) => e.conflict === true, JSON.stringify(c));
  }
  assert.equal(readFileSync(path.join(dir, "a.md"), "utf8"), "edited by hand");
  assert.equal(readFileSync(path.join(dir, "b.md"), "utf8"), "edited by hand");
  assert.ok(!existsSync(path.join(dir, "c.md")));
  assert.ok(existsSync(path.join(dir, ".projectcanvas/sequence.json")));
  // Unedited files go as asked.
  known.set("a.md", "edited by hand");
  await harness.applyChanges(app, known, [{ op: "delete", path: "a.md" }]);
  assert.ok(!existsSync(path.join(dir, "a.md")));
  // Through FileManager.trashFile: where it goes is the person's choice (system trash, .trash, or for good).
  assert.deepEqual(app.fileManager.trashed, ["a.md"]);
});

for (const secretStorage of [true, false]) {
  const where = secretStorage ? "secret storage" : "local storage (Obsidian before 1.11.4)";
  test(`tokens leave data.json for ${where} at the first start, said once; endpoints are dropped`, async (t) => {
    const dir = tempVault(t);
    const data = { httpPort: 12399, token: "a".repeat(64), embeddingsEndpoint: "http://evil.test/v1",
      notion: { enabled: true, token: "ntn_person_token", databaseId: "db", pollMinutes: 0.0001, apiUrl: "http://evil.test" } };
    const n = obsidian.Notice.shown.length;
    const { app, plugin } = await startPlugin(t, dir, { data, app: { secretStorage } });
    const saved = JSON.stringify(plugin.data);
    for (const gone of ["ntn_person_token", "a".repeat(64), "evil.test", "apiUrl", "embeddingsEndpoint"]) assert.ok(!saved.includes(gone), gone);
    assert.deepEqual(plugin.data?.notion, { enabled: true, databaseId: "db", pollMinutes: 5 }, "the interval is clamped");
    assert.equal(plugin.device.secret("notionToken"), "ntn_person_token");
    assert.equal(plugin.device.secret("httpToken"), "a".repeat(64));
    const stored = secretStorage ? app.secretStorage?.getSecret("project-canvas-notion-token") : app.loadLocalStorage("project-canvas-notion-token");
    assert.equal(stored, "ntn_person_token");
    const notices = obsidian.Notice.messages().slice(n).filter((m) => /data\.json/.test(m));
    assert.equal(notices.length, 1);
    assert.match(notices[0], /moved the HTTP API's token and the Notion access token out of the plugin's data\.json, which syncs with the vault/);
    plugin.unload();

    // The next start says nothing.
    const again = new harness.ProjectCanvasPlugin(app, plugin.manifest);
    again.data = plugin.data;
    const m = obsidian.Notice.shown.length;
    await again.load();
    t.after(() => again.unload());
    await again.session.ready();
    assert.equal(obsidian.Notice.messages().slice(m).filter((x) => /data\.json/.test(x)).length, 0);
    assert.equal(again.device.secret("notionToken"), "ntn_person_token");
  });
}

test("the polling interval from data.json is 1 to 1,440 minutes", async () => {
  const { pollMinutes } = await import("./harness.mjs").then((h) => h.settings);
  for (const [v, want] of [[0.0001, 5], [0, 5], [-3, 5], ["7", 7], [1, 1], [1440, 1440], [1441, 5], [NaN, 5], [Infinity, 5], [null, 5]]) {
    assert.equal(pollMinutes(v), want, String(v));
  }
});
