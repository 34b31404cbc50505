// The official MCP TypeScript client against `projectcanvas mcp` (stdio) and
// `projectcanvas serve` (streamable HTTP at /mcp).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { binary, tempVault, serve } from "./helpers.mjs";
import { runScenario } from "./scenario.mjs";

const newClient = () => new Client({ name: "projectcanvas-e2e", version: "1.0.0" });

test("stdio: projectcanvas mcp", async (t) => {
  const vault = tempVault(t);
  const client = newClient();
  await client.connect(new StdioClientTransport({ command: binary(), args: ["--vault", vault, "mcp"], stderr: "inherit" }));
  t.after(() => client.close());
  const { tools, outcomes } = await runScenario(client);
  t.diagnostic(`${tools} tools: ${JSON.stringify(outcomes)}`);
});

test("streamable HTTP: projectcanvas serve /mcp", async (t) => {
  const vault = tempVault(t);
  const server = await serve(t, vault, "e2e-token");
  const client = newClient();
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url + "/mcp"), {
    requestInit: { headers: { Authorization: "Bearer e2e-token" } },
  }));
  await runScenario(client);
  await client.close();

  // Without the token the client cannot even connect.
  const stranger = newClient();
  await assert.rejects(stranger.connect(new StreamableHTTPClientTransport(new URL(server.url + "/mcp"))), /401|nauthorized/);

  // SIGTERM: a graceful stop, exit status 0.
  const { code } = await server.stop();
  assert.equal(code, 0);
});
