// One scenario every MCP transport runs: list and validate the tools, a
// story through the stable CRUD tools, refusals, every listed tool, resources.
import assert from "node:assert/strict";
import { compile, toolError, codes } from "./helpers.mjs";

/** A sample value for a schema: its default, first enum value, or a plain value of its type. */
function sample(schema, name, ids) {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": return /(^|_)id$/.test(name) ? ids[0] : "sample";
    case "integer": case "number": return schema.minimum ?? 1;
    case "boolean": return false;
    case "array": {
      const item = /ids$/.test(name) ? ids[0] : sample(schema.items ?? {}, name.replace(/s$/, ""), ids);
      return Array.from({ length: schema.minItems ?? 0 }, () => item);
    }
    case "object": {
      const out = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key] ?? {}, key, ids);
      return out;
    }
  }
  return null;
}

export async function runScenario(client) {
  const { tools } = await client.listTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  for (const name of ["create_entity", "update_entity", "get_entity", "search_entities"]) assert.ok(byName.has(name), name);
  assert.ok(JSON.stringify(tools).length < 24 * 1024, `tools/list is ${JSON.stringify(tools).length} bytes, over 24 KB`);

  const validators = new Map();
  for (const tool of tools) {
    assert.equal(tool.inputSchema.type, "object", tool.name);
    assert.ok(tool.description && tool.description.length < 600, `${tool.name}: description`);
    assert.equal(typeof tool.annotations?.readOnlyHint, "boolean", `${tool.name}: annotations`);
    validators.set(tool.name, compile(tool.inputSchema)); // throws on a schema that is not valid JSON Schema
  }

  const call = async (name, args) => {
    const valid = validators.get(name)(args);
    const result = await client.callTool({ name, arguments: args });
    return { result, valid };
  };
  const ok = async (name, args) => {
    const { result, valid } = await call(name, args);
    assert.ok(valid, `${name}: the arguments should satisfy the schema: ${JSON.stringify(validators.get(name).errors)}`);
    assert.ok(!result.isError, `${name}: ${result.content?.[0]?.text}`);
    assert.deepEqual(result.structuredContent, JSON.parse(result.content[0].text), `${name}: text and structured content agree`);
    return result.structuredContent;
  };
  const refused = async (name, args, code) => {
    const { result } = await call(name, args);
    assert.ok(result.isError, `${name} ${JSON.stringify(args)} should be refused`);
    assert.equal(toolError(result).code, code, result.content[0].text);
    return { result };
  };

  // A story through the tools whose names and parameters the spec fixes.
  assert.equal((await ok("create_entity", { type: "milestone", data: { title: "Public beta" } })).id, "M-001");
  assert.equal((await ok("create_entity", { type: "story", data: { title: "Sign-in", parent: "M-001" } })).id, "S-001");
  assert.equal((await ok("create_entity", { type: "task", data: { title: "Login form", parent: "S-001" } })).id, "T-001");
  assert.equal((await ok("create_entity", { type: "task", data: { title: "Session API", parent: "S-001", depends_on: ["T-001"] } })).id, "T-002");
  await ok("update_entity", { id: "T-001", status: "wip" });
  const task = await ok("get_entity", { id: "T-001" });
  assert.equal(task.status, "In Progress");
  const found = await ok("search_entities", { query: "login" });
  assert.ok(found.results.some((r) => r.id === "T-001"), JSON.stringify(found));

  // Refusals: tool errors with their code, never protocol errors.
  await refused("create_entity", { type: "story", data: { title: "Stray" } }, "orphan");
  await refused("update_entity", { id: "T-002", status: "done" }, "invalid_transition");
  await refused("update_entity", { id: "T-001", add_dependencies: ["T-002"] }, "cycle");
  await refused("get_entity", { id: "T-999" }, "not_found");
  await refused("get_entity", { id: "../../etc/passwd" }, "invalid_argument");
  const bad = { type: 7, data: "nope" };
  assert.equal(validators.get("create_entity")(bad), false, "the validator refuses what the server refuses");
  await refused("create_entity", bad, "invalid_argument");
  await assert.rejects(client.callTool({ name: "no_such_tool", arguments: {} }), "an unknown tool is a protocol error");
  assert.equal((await ok("get_entity", { id: "T-002" })).status, "Not Started", "refused calls changed nothing");

  // Every tool the server lists, with arguments made from its own schema:
  // a result, or a tool error with a known code; never an internal error.
  const outcomes = {};
  for (const tool of tools) {
    const args = sample(tool.inputSchema, "", ["T-001"]);
    const { result } = await call(tool.name, args);
    if (result.isError) {
      const err = toolError(result);
      assert.ok(codes.includes(err.code), `${tool.name}(${JSON.stringify(args)}): ${result.content[0].text}`);
      outcomes[tool.name] = err.code;
    } else {
      assert.ok(result.content[0].text.length > 0, tool.name);
      outcomes[tool.name] = "ok";
    }
  }
  assert.ok(Object.values(outcomes).filter((o) => o === "ok").length >= tools.length / 2, JSON.stringify(outcomes));

  // Resources.
  const { resourceTemplates } = await client.listResourceTemplates();
  assert.ok(resourceTemplates.some((t) => t.uriTemplate === "projectcanvas://entity/{id}"));
  const entity = await client.readResource({ uri: "projectcanvas://entity/M-001" });
  assert.equal(JSON.parse(entity.contents[0].text).title, "Public beta");
  const overview = await client.readResource({ uri: "projectcanvas://overview" });
  assert.ok(JSON.parse(overview.contents[0].text).summary.total_entities >= 4);
  await assert.rejects(client.readResource({ uri: "projectcanvas://entity/M-999" }));

  assert.ok(client.getInstructions()?.includes("create_entity"));
  return { tools: tools.length, outcomes };
}
