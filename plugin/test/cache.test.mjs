// The file cache in the plugin's folder: the next start reads only the
// files that changed, and a cache that does not match the files is not
// trusted (an edited file, a tampered entry, a cache that is not JSON).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exampleVault, PLUGIN_DIR, startPlugin, tempVault, until } from "./helpers.mjs";

const CACHE = PLUGIN_DIR + "/file-cache.json";

async function start(t, dir) {
  const s = await startPlugin(t, dir, { cache: true });
  await until(() => existsSync(path.join(dir, CACHE)), "the cache written");
  return s;
}

const title = async (session, id) => (await session.call("get_entity", { id, fields: ["title"] })).result.title;

test("a second start reads no file from the vault, and indexes the same", async (t) => {
  const dir = tempVault(t, exampleVault);
  const first = await start(t, dir);
  const tracked = first.session.known.size;
  assert.deepEqual(first.session.cacheStats, { hits: 0, misses: tracked });
  const before = await title(first.session, "M-001");
  first.plugin.unload();
  const second = await startPlugin(t, dir, { cache: true });
  assert.deepEqual(second.session.cacheStats, { hits: tracked, misses: 0 });
  assert.equal(second.session.entities, first.session.entities);
  assert.equal(await title(second.session, "M-001"), before);
});

test("an edited file, a tampered entry and a broken cache are read from the vault again", async (t) => {
  const dir = tempVault(t, exampleVault);
  const first = await start(t, dir);
  const n = first.session.known.size;
  const file = first.vault.getMarkdownFiles().find((f) => /^M-001\b/.test(f.basename)).path;
  first.plugin.unload();
  // Edited behind the cache's back: another size.
  const text = readFileSync(path.join(dir, file), "utf8");
  writeFileSync(path.join(dir, file), text.replace(/^title: .*$/m, "title: Edited while Obsidian was closed"));
  const second = await startPlugin(t, dir, { cache: true });
  assert.deepEqual(second.session.cacheStats, { hits: n - 1, misses: 1 });
  assert.equal(await title(second.session, "M-001"), "Edited while Obsidian was closed");
  second.plugin.unload();
  // A cache entry whose text was changed, mtime and size kept: its hash no longer matches.
  await until(() => readFileSync(path.join(dir, CACHE), "utf8").includes("Edited while Obsidian"), "the cache rewritten");
  const cache = JSON.parse(readFileSync(path.join(dir, CACHE), "utf8"));
  const entry = cache.files.find((e) => e[0] === file);
  entry[4] = entry[4].replace("Edited while Obsidian was closed", "Tampered with in the cache!!!!!");
  writeFileSync(path.join(dir, CACHE), JSON.stringify(cache));
  const third = await startPlugin(t, dir, { cache: true });
  assert.deepEqual(third.session.cacheStats, { hits: n - 1, misses: 1 });
  assert.equal(await title(third.session, "M-001"), "Edited while Obsidian was closed");
  third.plugin.unload();
  // Not JSON at all: everything is read, and the cache rebuilt.
  writeFileSync(path.join(dir, CACHE), "{not json");
  const fourth = await startPlugin(t, dir, { cache: true });
  assert.deepEqual(fourth.session.cacheStats, { hits: 0, misses: n });
  await until(() => { try { return JSON.parse(readFileSync(path.join(dir, CACHE), "utf8")).files.length === n; } catch { return false; } }, "the cache rebuilt");
});
