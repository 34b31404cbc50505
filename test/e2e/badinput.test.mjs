// Bad input at the protocol level, below what an SDK client would send:
// malformed JSON-RPC over stdio and over HTTP, foreign origins on /mcp. Each
// gets its error and the server keeps serving.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { binary, tempVault, serve } from "./helpers.mjs";

const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };

test("stdio: malformed lines get JSON-RPC errors, the session goes on", async (t) => {
  const vault = tempVault(t);
  const child = spawn(binary(), ["--vault", vault, "mcp"], { stdio: ["pipe", "pipe", "inherit"] });
  t.after(() => child.kill());
  const replies = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse((await replies.next()).value);
  const send = (line) => child.stdin.write(line + "\n");

  send(JSON.stringify(init));
  assert.equal((await next()).id, 1);
  send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
  for (const [line, code] of [["{not json", -32700], ["[1,2]", -32700], ['{"id":5,"method":"tools/list"}', -32600], ['{"jsonrpc":"2.0"}', -32600]]) {
    send(line);
    const reply = await next();
    assert.equal(reply.error?.code, code, line);
  }
  send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "no/such/method" }));
  assert.equal((await next()).error.code, -32601);
  send(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "create_entity", arguments: { type: "milestone", data: { title: "Still here" } } } }));
  const created = await next();
  assert.equal(created.id, 3);
  assert.equal(created.result.structuredContent.id, "M-001");
});

test("HTTP /mcp: malformed bodies and foreign origins are refused, the server goes on", async (t) => {
  const vault = tempVault(t);
  const server = await serve(t, vault, "tok");
  const post = (body, headers = {}) => fetch(server.url + "/mcp", {
    method: "POST",
    headers: { Authorization: "Bearer tok", "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body,
  });
  assert.equal((await post("{not json")).status, 400);
  assert.equal((await post(JSON.stringify(init), { Origin: "https://evil.example" })).status, 403);
  assert.equal((await post(JSON.stringify(init), { Authorization: "Bearer wrong" })).status, 401);
  assert.equal((await post("x".repeat(2 << 20))).status, 413);
  const ok = await post(JSON.stringify(init));
  assert.equal(ok.status, 200);
  await ok.body?.cancel();
  const health = await fetch(server.url + "/health");
  assert.equal(health.status, 200);
});
