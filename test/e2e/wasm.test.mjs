// The WebAssembly build under Node, loaded the way the editor plugin loads
// it: wasm_exec.js from the Go toolchain, then the one global
// globalThis.projectcanvas. The same tool scenario runs through the WASM
// global (its file changes applied to a temporary folder) and through the
// native CLI; the two folders must hold the same files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, mkdirSync, renameSync, rmSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { root, binary, tempVault } from "./helpers.mjs";

async function loadWasm() {
  const wasm = process.env.PROJECTCANVAS_WASM ?? path.join(root, ".scratch/projectcanvas.wasm");
  if (!existsSync(wasm)) {
    execFileSync("go", ["build", "-o", wasm, "./wasm"], { cwd: root, stdio: "inherit", env: { ...process.env, GOOS: "js", GOARCH: "wasm" } });
  }
  const goroot = execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim();
  createRequire(import.meta.url)(path.join(goroot, "lib/wasm/wasm_exec.js"));
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(readFileSync(wasm), go.importObject);
  go.run(instance);
  for (let i = 0; !globalThis.projectcanvas && i < 100; i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(globalThis.projectcanvas, "the WASM build installs globalThis.projectcanvas");
  return globalThis.projectcanvas;
}

/** Applies the bridge's file changes to a folder, as the plugin does through the vault API. */
function apply(dir, changes) {
  for (const c of changes) {
    const to = path.join(dir, c.path);
    if (c.op === "write") { mkdirSync(path.dirname(to), { recursive: true }); writeFileSync(to, c.content); }
    else if (c.op === "delete") rmSync(to);
    else if (c.op === "rename") { mkdirSync(path.dirname(to), { recursive: true }); renameSync(path.join(dir, c.from), to); }
    else throw new Error("unknown change " + JSON.stringify(c));
  }
}

/** Every file of a folder, timestamps blanked (the two runs happen at different times). */
function snapshot(dir, prefix = "") {
  const out = {};
  for (const name of readdirSync(path.join(dir, prefix))) {
    const rel = path.join(prefix, name);
    if (statSync(path.join(dir, rel)).isDirectory()) Object.assign(out, snapshot(dir, rel));
    else out[rel] = readFileSync(path.join(dir, rel), "utf8").replace(/^(\s*\w+_at: ).*$/gm, "$1<time>");
  }
  return out;
}

const scenario = [
  ["create_entity", { type: "milestone", data: { title: "Public beta" } }],
  ["create_entity", { type: "story", data: { title: "Sign-in", parent: "M-001" } }],
  ["create_entity", { type: "task", data: { title: "Login form", parent: "S-001" } }],
  ["create_entity", { type: "task", data: { title: "Session API", parent: "S-001", depends_on: ["T-001"] } }],
  ["create_entity", { type: "feature", data: { title: "Single sign-on" } }],
  ["update_entity", { id: "T-001", status: "wip", data: { implements: ["F-001"] } }],
  ["update_entity", { id: "T-002", archived: true }],
  ["get_entity", { id: "T-001" }],
  ["search_entities", { query: "login" }],
];

test("WASM: the same scenario as native, same files", async (t) => {
  const pc = await loadWasm();
  const wasmDir = tempVault(t);
  const nativeDir = tempVault(t);
  JSON.parse(await pc.load(JSON.stringify({ files: [], token: "tok" })));
  for (const [name, args] of scenario) {
    const out = JSON.parse(await pc.call(JSON.stringify({ name, arguments: args })));
    apply(wasmDir, out.changes);
    const native = JSON.parse(execFileSync(binary(), ["--vault", nativeDir, "tool", name, JSON.stringify(args)], { encoding: "utf8" }));
    assert.deepEqual(Object.keys(out.result).sort(), Object.keys(native).sort(), name);
  }
  rmSync(path.join(nativeDir, ".projectcanvas"), { recursive: true, force: true });
  rmSync(path.join(wasmDir, ".projectcanvas"), { recursive: true, force: true });
  const got = snapshot(wasmDir), want = snapshot(nativeDir);
  assert.ok(Object.keys(want).length >= 5);
  assert.deepEqual(got, want);

  // Refusals reject with an Error carrying the code, and change nothing.
  await assert.rejects(pc.call(JSON.stringify({ name: "create_entity", arguments: { type: "task", data: { title: "Stray" } } })),
    (err) => err instanceof Error && err.code === "orphan");
  await assert.rejects(pc.events({ events: [{ type: "create", path: "../escape.md", content: "x" }] }),
    (err) => err.code === "invalid_argument");
  await assert.rejects(pc.call("{not json"), (err) => err.code === "invalid_argument");
  const after = JSON.parse(await pc.call({ name: "get_entity", arguments: { id: "T-001" } }));
  assert.deepEqual(after.changes, []);

  // A hand edit in the editor reaches the index through a vault event.
  const file = Object.keys(got).find((p) => p.includes("T-001"));
  const edited = readFileSync(path.join(wasmDir, file), "utf8").replace("title: Login form", "title: Login page");
  await pc.events({ events: [{ type: "modify", path: file, content: edited }] });
  const seen = JSON.parse(await pc.call({ name: "get_entity", arguments: { id: "T-001", fields: ["title"] } }));
  assert.equal(seen.result.title, "Login page");

  // HTTP through the same handler as the native server.
  const created = JSON.parse(await pc.http({ method: "POST", path: "/entities", headers: { Authorization: "Bearer tok" }, body: JSON.stringify({ type: "feature", data: { title: "Export" } }) }));
  assert.equal(created.status, 201);
  assert.equal(created.headers.Location, "/entities/F-002");
  assert.ok(created.changes.some((c) => c.op === "write" && c.path.endsWith("F-002 Export.md")), JSON.stringify(created.changes));
  const denied = JSON.parse(await pc.http({ method: "GET", path: "/entities", headers: { Authorization: "Bearer wrong" } }));
  assert.equal(denied.status, 401);
});

test("WASM: outbound HTTP goes through the host's projectcanvas.transport", async () => {
  delete globalThis.projectcanvas;
  const pc = await loadWasm();
  const sent = [];
  pc.transport = async (req) => {
    sent.push(req);
    const { input } = JSON.parse(req.body);
    return { status: 200, body: JSON.stringify({ data: input.map((_, i) => ({ index: i, embedding: [1, (i % 3) + 1, 0.5] })) }) };
  };
  // A vault that names an endpoint of its own is not obeyed: only the
  // host's load input (the person's setting) sends text anywhere.
  const notes = { path: "Notes/Runbook.md", content: "# Runbook\n\n## Rollback\n\nRoll the release back with the previous build.\n" };
  const hostile = { embeddings: { endpoint: "http://evil.test/v1/embeddings", model: "m", api_key_env: "HOME" } };
  await pc.load({ files: [{ path: ".projectcanvas/config.json", content: JSON.stringify(hostile) }, notes] });
  const local = JSON.parse(await pc.call({ name: "search_docs", arguments: { query: "roll back a release" } }));
  assert.ok(local.result.results.length > 0, JSON.stringify(local.result));
  assert.equal(sent.length, 0, "nothing went to the vault's endpoint");
  await pc.load({ files: [notes], embeddings: { endpoint: "http://embed.test/v1/embeddings", model: "m", api_key: "k" } });
  const out = JSON.parse(await pc.call({ name: "search_docs", arguments: { query: "roll back a release" } }));
  assert.ok(out.result.results.length > 0, JSON.stringify(out.result));
  assert.ok(sent.length >= 2, "the index and the query were embedded through the transport");
  assert.equal(sent[0].method, "POST");
  assert.equal(sent[0].url, "http://embed.test/v1/embeddings");
  assert.equal(sent[0].headers["Content-Type"], "application/json");
  assert.equal(sent[0].headers["Authorization"], "Bearer k");

  // A transport that fails is no crash: the search falls back on keywords
  // and msrl_status says why.
  pc.transport = () => { throw new Error("offline"); };
  const fallback = JSON.parse(await pc.call({ name: "search_docs", arguments: { query: "rollback release build" } }));
  assert.ok(fallback.result.results.length > 0, JSON.stringify(fallback.result));
  const status = await pc.call({ name: "msrl_status", arguments: {} });
  assert.match(status, /offline/);
});

test("WASM: any argument is refused or served, and the instance goes on", async () => {
  delete globalThis.projectcanvas;
  const pc = await loadWasm();
  await pc.load({ files: [] });
  const circular = { name: "get_schema" };
  circular.self = circular;
  const throwing = { get name() { throw new Error("getter"); } };
  const badToJSON = { toJSON() { throw new Error("toJSON"); } };
  const hostile = [circular, 10n, { n: 10n }, Symbol("s"), () => 1, throwing, badToJSON, 42, true, [1, 2], "x".repeat(1 << 20)];
  for (const arg of hostile) {
    for (const fn of ["load", "events", "call", "http"]) {
      await assert.rejects(pc[fn](arg), (err) => err instanceof Error && err.code === "invalid_argument",
        `${fn}(${typeof arg})`);
    }
  }
  // A transport that resolves to odd values is a failed embedding, no crash.
  for (const odd of [undefined, null, 5, { status: "200" }, { get status() { throw new Error("boom"); } },
    { status: 200, body: 10n }, { status: 200, get body() { throw new Error("boom"); } }]) {
    pc.transport = async () => odd;
    await pc.load({ files: [{ path: "a.md", content: "# A\n\nalpha beta\n" }], embeddings: { endpoint: "http://embed.test/v1", model: "m" } });
    const out = JSON.parse(await pc.call({ name: "search_docs", arguments: { query: "alpha" } }));
    assert.ok(Array.isArray(out.result.results));
  }
  pc.transport = async () => { throw { toString() { throw new Error("no string"); } }; };
  await pc.call({ name: "search_docs", arguments: { query: "alpha" } });
  const ok = JSON.parse(await pc.call({ name: "create_entity", arguments: { type: "milestone", data: { title: "Still serving" } } }));
  assert.equal(ok.result.id, "M-001");
});

test("WASM: a 40 MB single-paragraph note is indexed in part, and the instance answers after", async () => {
  delete globalThis.projectcanvas;
  const pc = await loadWasm();
  const huge = "# Huge\n\n" + "lorem ipsum dolor ".repeat((40 << 20) / 18);
  await pc.load({ files: [{ path: "huge.md", content: huge }, { path: "small.md", content: "# Small\n\nneedle in a haystack\n" }] });
  const found = JSON.parse(await pc.call({ name: "search_docs", arguments: { query: "needle" } }));
  assert.equal(found.result.results[0].doc_uri, "small.md");
  const status = JSON.parse(await pc.call({ name: "msrl_status", arguments: {} }));
  assert.deepEqual(status.result.stats.truncated_docs, ["huge.md"]);
  const ok = JSON.parse(await pc.call({ name: "create_entity", arguments: { type: "milestone", data: { title: "Still serving" } } }));
  assert.equal(ok.result.id, "M-001");
});
