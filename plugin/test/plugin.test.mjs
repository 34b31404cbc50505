import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { exampleVault, obsidian, startPlugin, tempVault, until } from "./helpers.mjs";

test("the plugin loads the example vault in its worker and shows the entity count", async (t) => {
  const dir = tempVault(t, exampleVault);
  const { plugin, session } = await startPlugin(t, dir);
  assert.ok(session.entities > 10, `entities: ${session.entities}`);
  assert.equal(plugin.statusBar[0].text, `${session.entities} entities`);
  const out = await session.call("get_entity", { id: "M-001", fields: ["title"] });
  assert.equal(typeof out.result.title, "string");
  assert.deepEqual(out.changes, []);
});
