// @ts-check
// The file cache in the plugin's folder: the next start reads only the
// files that changed, and a cache that does not match the files is not
// trusted (an edited file, a tampered entry, a cache that is not JSON).
// The plugin's folder syncs with the vault, so both caches are this
// device's: sealed with a key kept on the device, named by the device, and
// a cache forged with right hashes and checksums is not opened.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { defined, exampleVault, PLUGIN_DIR, settled, startPlugin, tempVault, until, wasmFileName, WASM_SHA256 } from "./helpers.mjs";
import * as harness from "./harness.mjs";

/** @typedef {import("../src/core/session").Session} Session */

/** This device's cache file (file-cache-<device>.jsonl), or one named so. @param {string} dir */
const cacheFile = (dir, re = /^file-cache-[0-9a-f]{8}\.jsonl$/) => {
  const name = existsSync(path.join(dir, PLUGIN_DIR)) ? readdirSync(path.join(dir, PLUGIN_DIR)).find((n) => re.test(n)) : undefined;
  return name && path.join(dir, PLUGIN_DIR, name);
};
const CACHE_FILE = (/** @type {string} */ dir) => cacheFile(dir) ?? path.join(dir, PLUGIN_DIR, "none");
/** The cache file's entries (a header line, then an entry per line). @param {string} dir */
const entries = (dir) => readFileSync(CACHE_FILE(dir), "utf8").split("\n").slice(1).filter(Boolean).map((l) => JSON.parse(l));
/** Entries written back as a teammate would: the header kept, its MAC no longer right. @param {string} dir @param {unknown[]} es */
const writeEntries = (dir, es) => {
  const header = readFileSync(CACHE_FILE(dir), "utf8").split("\n")[0];
  writeFileSync(CACHE_FILE(dir), [header, ...es.map((e) => JSON.stringify(e))].join("\n") + "\n");
};

/** @param {import("node:test").TestContext} t @param {string} dir */
async function start(t, dir) {
  const s = await startPlugin(t, dir, { cache: true });
  await until(() => cacheFile(dir), "the cache written");
  return s;
}

const title = async (/** @type {Session} */ session, /** @type {string} */ id) => (await session.call("get_entity", { id, fields: ["title"] })).result.title;

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
  const file = defined(first.vault.getMarkdownFiles().find((f) => /^M-001\b/.test(f.basename)), "M-001").path;
  first.plugin.unload();
  // Edited behind the cache's back: another size.
  const text = readFileSync(path.join(dir, file), "utf8");
  writeFileSync(path.join(dir, file), text.replace(/^title: .*$/m, "title: Edited while Obsidian was closed"));
  const second = await startPlugin(t, dir, { cache: true });
  assert.deepEqual(second.session.cacheStats, { hits: n - 1, misses: 1 });
  assert.equal(await title(second.session, "M-001"), "Edited while Obsidian was closed");
  second.plugin.unload();
  // A cache entry whose text was changed, mtime and size kept, its hash
  // recomputed (as a teammate who can write the plugin's folder could):
  // the seal no longer matches, and nothing of the cache is taken.
  await until(() => readFileSync(CACHE_FILE(dir), "utf8").includes("Edited while Obsidian"), "the cache rewritten");
  await settled(CACHE_FILE(dir));
  const cache = entries(dir);
  const entry = cache.find((e) => e[0] === file);
  entry[4] = entry[4].replace("Edited while Obsidian was closed", "Tampered with in the cache!!!!!");
  entry[3] = harness.hashOf(entry[4]);
  writeEntries(dir, cache);
  const third = await startPlugin(t, dir, { cache: true });
  assert.deepEqual(third.session.cacheStats, { hits: 0, misses: n });
  assert.equal(await title(third.session, "M-001"), "Edited while Obsidian was closed");
  third.plugin.unload();
  await settled(CACHE_FILE(dir));
  // Not JSON at all: everything is read, and the cache rebuilt.
  writeFileSync(CACHE_FILE(dir), "{not json");
  const fourth = await startPlugin(t, dir, { cache: true });
  assert.deepEqual(fourth.session.cacheStats, { hits: 0, misses: n });
  await until(() => { try { return entries(dir).length === n; } catch { return false; } }, "the cache rebuilt");
  fourth.plugin.unload();
  await settled(CACHE_FILE(dir));
  // Cut short in the middle of an entry (a write that did not finish): not trusted either.
  const whole = readFileSync(CACHE_FILE(dir), "utf8");
  writeFileSync(CACHE_FILE(dir), whole.slice(0, whole.length >> 1));
  const fifth = await startPlugin(t, dir, { cache: true });
  assert.deepEqual(fifth.session.cacheStats, { hits: 0, misses: n });
});

// The decompressed core kept in the plugin's folder (desktop): the next
// start runs it, and a copy that is not the core main.js carries is
// replaced, never run.
test("the core is kept between starts; a copy cut short or changed is replaced, an old version's removed", async (t) => {
  const dir = tempVault(t, exampleVault);
  const copy = path.join(dir, PLUGIN_DIR, wasmFileName(WASM_SHA256));
  const sha = () => createHash("sha256").update(readFileSync(copy)).digest("hex");
  const old = path.join(dir, PLUGIN_DIR, "core-0123456789abcdef.wasm");
  const first = await start(t, dir);
  assert.equal(first.session.core.coreSource, "embedded");
  // Written in the background: existing is not yet whole.
  await until(() => existsSync(copy) && sha() === WASM_SHA256, "the core kept, whole");
  const entities = first.session.entities;
  first.plugin.unload();

  const second = await startPlugin(t, dir, { cache: true });
  assert.equal(second.session.core.coreSource, "cache");
  assert.equal(second.session.entities, entities);
  assert.equal(await title(second.session, "M-001"), "Private Beta Foundations");
  second.plugin.unload();

  const bytes = readFileSync(copy);
  // Still valid WebAssembly, with a custom section appended: only the hash tells.
  const changed = Buffer.concat([bytes, Buffer.from([0, 5, 4, ...Buffer.from("nope")])]);
  const flipped = Buffer.from(bytes);
  flipped[flipped.length >> 1] ^= 0xff;
  /** @type {[string, Buffer][]} */
  const cases = [["changed", changed], ["flipped", flipped], ["cut short", bytes.subarray(0, bytes.length >> 1)], ["not WebAssembly", Buffer.from("hello")]];
  for (const [what, content] of cases) {
    writeFileSync(copy, content);
    writeFileSync(old, bytes);
    const s = await startPlugin(t, dir, { cache: true });
    assert.equal(s.session.core.coreSource, "embedded", what);
    assert.equal(s.session.entities, entities, what);
    await until(() => !existsSync(old), `the old version's copy removed (${what})`);
    assert.equal(sha(), WASM_SHA256, `the copy replaced (${what})`);
    s.plugin.unload();
  }
});

// The core's index cache (index-cache.bin): the next start decodes no
// file that did not change, an edited file is decoded, and a cache of
// another core, changed or cut short is ignored whole and rewritten.
test("the index cache: unchanged files are not decoded again; a cache that does not match is rebuilt", async (t) => {
  const dir = tempVault(t, exampleVault);
  const first = await start(t, dir);
  const file = path.join(dir, PLUGIN_DIR, defined(readdirSync(path.join(dir, PLUGIN_DIR)).find((n) => /^file-cache-/.test(n)), "file cache").replace(/^file-cache-(\w+)\.jsonl$/, "index-cache-$1.bin"));
  assert.equal(first.session.indexCacheStats?.restored, 0);
  assert.equal(first.session.indexCacheStats?.stale, true);
  await first.session.indexCacheSaved;
  assert.ok(existsSync(file), "the index cache written");
  first.plugin.unload();

  const second = await startPlugin(t, dir, { cache: true });
  const { restored, decoded, stale } = defined(second.session.indexCacheStats, "index cache stats");
  assert.ok(restored > 50, `restored ${restored}`);
  assert.equal(decoded, 0, "the example vault has no broken file: nothing decoded");
  assert.equal(stale, false);
  assert.equal(await title(second.session, "M-001"), "Private Beta Foundations");
  second.plugin.unload();

  const m001 = defined(second.vault.getMarkdownFiles().find((f) => /^M-001\b/.test(f.basename)), "M-001").path;
  const text = readFileSync(path.join(dir, m001), "utf8");
  writeFileSync(path.join(dir, m001), text.replace("Private Beta Foundations", "Private Beta Groundwork"));
  const third = await startPlugin(t, dir, { cache: true });
  assert.deepEqual([third.session.indexCacheStats?.restored, third.session.indexCacheStats?.decoded], [restored - 1, 1]);
  assert.equal(await title(third.session, "M-001"), "Private Beta Groundwork");
  await third.session.indexCacheSaved;
  third.plugin.unload();
  assert.ok(readFileSync(file).includes("Private Beta Groundwork"), "the index cache rewritten");

  // Changed, cut short, not a cache, or a whole cache this device did not
  // seal (its title forged, its CRCs recomputed): never handed to the core.
  const good = readFileSync(file);
  const flipped = Buffer.from(good);
  flipped[flipped.length >> 1] ^= 1;
  const forged = Buffer.from(good.toString("latin1").replace("Private Beta Groundwork", "Private Beta Hacked!!!!"), "latin1");
  /** @type {[string, Buffer][]} */
  const bad = [["a flipped bit", flipped], ["cut short", good.subarray(0, good.length >> 1)],
    ["not a cache", Buffer.from("hello")], ["forged", forged]];
  for (const [what, bytes] of bad) {
    writeFileSync(file, bytes);
    const s = await startPlugin(t, dir, { cache: true });
    assert.equal(s.session.indexCacheStats?.ignored, undefined, `${what}: no cache reached the core`);
    assert.equal(s.session.indexCacheStats?.restored, 0, what);
    assert.equal(await title(s.session, "M-001"), "Private Beta Groundwork", what);
    await s.session.indexCacheSaved;
    assert.ok(readFileSync(file).equals(good), `the index cache rebuilt (${what})`);
    s.plugin.unload();
  }
});

// The document index's cache (doc-index-cache-<device>.bin): the first
// start writes it once the index is built; the next start builds from it
// (nothing new to keep, so it is not written again) and searches alike; a
// cache this device did not seal is not opened, and is written anew.
test("the document index's cache: kept per device, used at the next start, rebuilt when not sealed here", async (t) => {
  const dir = tempVault(t, exampleVault);
  const first = await start(t, dir);
  await first.session.docIndexCacheSaved;
  const name = readdirSync(path.join(dir, PLUGIN_DIR)).find((n) => /^doc-index-cache-[0-9a-f]{8}\.bin$/.test(n));
  assert.ok(name, "the document index's cache written");
  const file = path.join(dir, PLUGIN_DIR, name);
  const query = { query: "roll back a release" };
  const docUris = (/** @type {{ result: Record<string, unknown> }} */ out) =>
    /** @type {{ doc_uri: string }[]} */ (out.result.results).map((r) => r.doc_uri);
  const want = docUris(await first.session.call("search_docs", query));
  first.plugin.unload();
  const written = readFileSync(file);

  const second = await startPlugin(t, dir, { cache: true });
  await second.session.docIndexCacheSaved;
  assert.deepEqual(docUris(await second.session.call("search_docs", query)), want);
  assert.ok(readFileSync(file).equals(written), "built from the cache: nothing new to keep");
  second.plugin.unload();

  const forged = Buffer.from(written);
  forged[forged.length >> 1] ^= 1;
  writeFileSync(file, forged);
  const third = await startPlugin(t, dir, { cache: true });
  await third.session.docIndexCacheSaved;
  assert.deepEqual(docUris(await third.session.call("search_docs", query)), want);
  assert.ok(!readFileSync(file).equals(forged), "not opened, and written anew");
  third.plugin.unload();
});
