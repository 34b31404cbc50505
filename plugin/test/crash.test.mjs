// @ts-check
// Crash safety of the plugin's apply: a child process applying a 150-create
// batch_update is killed (SIGKILL) after a random number of file
// operations; the next load must give the vault as before the batch or as
// after it, never in between. PC_PLUGIN_KILLS sets how many kills (make
// test: 5, three of them at the edges).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { here, snapshot, tempVault } from "./helpers.mjs";

const child = path.join(here, "crash-child.mjs");
/** @param {string} dir @param {"batch" | "load"} mode */
const run = (dir, mode, env = {}) =>
  spawnSync(process.execPath, [child, dir, mode], { encoding: "utf8", env: { ...process.env, ...env }, timeout: 60000 });
/** Files, with the times a batch stamps blanked (two runs happen at different times). @param {string} dir */
const normal = (dir) => Object.fromEntries(Object.entries(snapshot(dir))
  .map(([p, c]) => [p, c.replace(/^(\s*\w+_at: ).*$/gm, "$1<time>")]));

test("killed at random points while applying a 150-create batch, the next load gives before or after", (t) => {
  const base = tempVault(t);
  mkdirSync(path.join(base, "Notes"));
  writeFileSync(path.join(base, "Notes/Plan.md"), "# Plan\n\nNot an entity.\n");
  const before = normal(base);

  const ref = tempVault(t, base);
  const done = run(ref, "batch");
  assert.equal(done.status, 0, done.stderr);
  const total = JSON.parse(done.stdout.trim().split("\n").at(-1) ?? "").changes;
  assert.ok(total >= 153, `changes: ${total}`);
  const after = normal(ref);
  assert.ok(Object.keys(after).length >= 152);

  const kills = Math.max(3, Number(process.env.PC_PLUGIN_KILLS ?? 5));
  // Every change is one file operation; the kill comes right after the
  // N-th. N = 1: only the journal is written; N = total - 1: everything but
  // the journal's removal (both: before); N = total: after. The rest at
  // random.
  const points = [1, total - 1, total, ...Array.from({ length: kills - 3 }, () => 2 + Math.floor(Math.random() * (total - 3)))];
  let sawBefore = 0, sawAfter = 0;
  for (const n of points) {
    const dir = tempVault(t, base);
    const killed = run(dir, "batch", { PC_KILL_AFTER: String(n) });
    assert.equal(killed.signal, "SIGKILL", `kill after ${n}: ${killed.stderr}`);
    const loaded = run(dir, "load");
    assert.equal(loaded.status, 0, loaded.stderr);
    assert.ok(!existsSync(path.join(dir, ".projectcanvas/journal.json")), `kill after ${n}: the journal is gone after the load`);
    const got = normal(dir);
    if (JSON.stringify(got) === JSON.stringify(before)) sawBefore++;
    else {
      assert.deepEqual(got, after, `kill after ${n} of ${total}: neither before nor after`);
      sawAfter++;
    }
    t.diagnostic(`kill after ${n} of ${total}: ${JSON.stringify(got) === JSON.stringify(before) ? "before" : "after"}`);
  }
  assert.ok(sawBefore >= 2 && sawAfter >= 1, `before ${sawBefore}, after ${sawAfter}`);
});
