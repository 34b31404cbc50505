// @ts-check
// The HTTP server in the editor over a real socket, with the real core
// answering through the worker: the token, the Host check, a POST whose
// file appears in the vault folder, the body limit, a port in use, stop,
// unload, and a regenerated token.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { obsidian, root, startPlugin, tempVault, until } from "./helpers.mjs";
import * as harness from "./harness.mjs";

const { Notice, Setting } = obsidian;

test("the plugin's guard answers the core's table of cases alike (Host, Origin, body size, token)", () => {
  /** @type {{ token: string, cases: { path: string, headers: Record<string, string>, status: number, code?: string }[] }} */
  const table = JSON.parse(readFileSync(path.join(root, "projectcanvas/httpapi/route/testdata/guard_cases.json"), "utf8"));
  assert.ok(table.cases.length > 30);
  for (const c of table.cases) {
    const refusal = harness.refuse({ url: c.path, headers: c.headers }, table.token);
    assert.deepEqual(refusal ? [refusal.status, refusal.code] : [0, undefined], [c.status, c.code], `${c.path} ${JSON.stringify(c.headers)}`);
  }
});

/** A port nothing listens on now. */
async function freePort() {
  const s = net.createServer();
  await new Promise((r) => s.listen(0, "127.0.0.1", () => r(null)));
  const { port } = /** @type {net.AddressInfo} */ (s.address());
  await new Promise((r) => s.close(r));
  return port;
}

/**
 * @typedef {{ status: number | undefined, headers: http.IncomingHttpHeaders, body: string, json: () => any }} Answer
 *   json: the body parsed (JSON.parse's any: the server's answer, which the test reads)
 */
/** @typedef {{ token?: string, headers?: Record<string, string>, body?: string }} RequestOptions */
/**
 * @param {number} port
 * @param {string} method
 * @param {string} p
 * @param {RequestOptions} [options]
 * @returns {Promise<Answer>}
 */
function request(port, method, p, { token, headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: p,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } }, (res) => {
      let data = "";
      res.setEncoding("utf8");
      res.on("data", (c) => { data += c; });
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: data, json: () => JSON.parse(data) }));
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** @param {import("node:test").TestContext} t */
async function serving(t) {
  const dir = tempVault(t);
  const port = await freePort();
  const started = await startPlugin(t, dir, { data: { httpPort: port } });
  await started.plugin.httpServer.start();
  assert.equal(started.plugin.httpServer.listening, port);
  assert.match(Notice.messages().at(-1) ?? "", new RegExp(`listens on http://127\\.0\\.0\\.1:${port}`));
  return { ...started, dir, port, token: started.plugin.device.secret("httpToken") };
}

test("the HTTP API in the editor: token, Host, a POST that writes into the vault, the body limit", async (t) => {
  const { dir, port, token, vault } = await serving(t);
  assert.equal((await request(port, "GET", "/health")).status, 200);
  const none = await request(port, "GET", "/entities");
  assert.equal(none.status, 401);
  assert.equal(none.json().error.code, "unauthorized");
  assert.equal((await request(port, "GET", "/entities", { token: "wrong" })).status, 401);
  assert.equal((await request(port, "GET", "/entities", { token, headers: { Host: "evil.example:80" } })).status, 403);
  assert.equal((await request(port, "GET", "/entities", { token, headers: { Origin: "https://evil.example" } })).status, 403);
  const created = await request(port, "POST", "/entities", { token, headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ type: "milestone", data: { title: "Made over HTTP" } }) });
  assert.equal(created.status, 201, created.body);
  assert.equal(created.headers.location, "/entities/M-001");
  const file = "Projects/milestones/M-001 Made over HTTP.md";
  assert.ok(existsSync(path.join(dir, file)), "the file is in the vault folder");
  assert.ok(vault.getFileByPath(file), "through the vault API");
  const list = await request(port, "GET", "/entities?type=milestone&fields=title", { token });
  assert.equal(list.status, 200);
  assert.deepEqual(list.json().results.map((/** @type {{ title: string }} */ r) => r.title), ["Made over HTTP"]);
  const big = await request(port, "POST", "/tools/get_entity", { token, body: `{"id":"${"x".repeat(1 << 20)}"}` });
  assert.equal(big.status, 413);
  assert.equal((await request(port, "DELETE", "/entities/M-001", { token })).status, 405);
});

test("a port in use gives a clear notice; stop and unload close the server", async (t) => {
  const { plugin, port } = await serving(t);
  const dir2 = tempVault(t);
  const second = await startPlugin(t, dir2, { data: { httpPort: port } });
  await second.plugin.httpServer.start();
  assert.equal(Notice.messages().at(-1), `Project Canvas: port ${port} is in use; change it in settings.`);
  assert.equal(second.plugin.httpServer.listening, undefined);
  await plugin.httpServer.stop();
  await assert.rejects(request(port, "GET", "/health"), /ECONNREFUSED/);
  await plugin.httpServer.stop(); // twice is nothing
  await second.plugin.httpServer.start();
  assert.equal((await request(port, "GET", "/health")).status, 200);
  second.plugin.unload();
  await until(async () => request(port, "GET", "/health").then(() => false, () => true), "the server closed on unload");
});

test("a regenerated token takes effect: the old one is refused, the new one accepted", async (t) => {
  const { plugin, port, token } = await serving(t);
  const tab = plugin.settingTabs[0];
  Setting.all = [];
  tab.display();
  const regenerate = Setting.all.find((s) => s.name === "Token")?.components.find((c) => c.text === "Regenerate");
  assert.ok(regenerate, "the Regenerate button");
  await regenerate.click();
  const fresh = plugin.device.secret("httpToken");
  assert.notEqual(fresh, token);
  assert.equal(plugin.app.secretStorage?.getSecret("project-canvas-http-token"), fresh, "kept in secret storage");
  assert.equal((await request(port, "GET", "/entities", { token })).status, 401);
  assert.equal((await request(port, "GET", "/entities", { token: fresh })).status, 200);
});

test("where there is no desktop app, the server does not start and says so", async (t) => {
  const { plugin } = await startPlugin(t, tempVault(t));
  obsidian.Platform.isDesktopApp = false;
  t.after(() => { obsidian.Platform.isDesktopApp = true; });
  await plugin.httpServer.start();
  assert.equal(plugin.httpServer.listening, undefined);
  assert.equal(Notice.messages().at(-1), "Project Canvas: the HTTP server runs on desktop only.");
});

test("refused requests never reach the core: foreign Origin or Host, no or a wrong token, a body declared too large", async (t) => {
  const { plugin, port, token } = await serving(t);
  let served = 0;
  const http = plugin.session.http.bind(plugin.session);
  plugin.session.http = (r) => { served++; return http(r); };
  /** @type {RequestOptions[]} */
  const bad = [
    { token, headers: { Origin: "https://evil.example", "Content-Type": "application/json" }, body: "{}" },
    { token, headers: { Host: "evil.example" }, body: "{}" },
    { headers: { "Content-Type": "application/json" }, body: "{}" },
    { token: "wrong", body: "{}" },
    { token, headers: { Origin: "null" }, body: "{}" },
  ];
  const answers = await Promise.all(Array.from({ length: 400 }, (_, i) => request(port, "POST", "/entities", bad[i % bad.length])));
  assert.deepEqual([...new Set(answers.map((a) => a.status))].sort(), [401, 403]);
  assert.equal(served, 0, "the core was not asked");
  const missing = answers.find((a) => a.status === 401 && /missing/.test(a.body));
  assert.ok(missing);
  assert.match(missing.json().error.message, /Settings → Project Canvas → HTTP API/);
  assert.equal((await request(port, "GET", "/health")).status, 200);
  assert.equal((await request(port, "GET", "/entities", { token, headers: { Origin: "app://obsidian.md" } })).status, 200);
  assert.equal(served, 2);
});
