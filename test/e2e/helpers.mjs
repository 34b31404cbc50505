// Shared helpers of the end-to-end tests: the binary under test, temporary
// vaults, a projectcanvas serve process, and a JSON Schema validator.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The projectcanvas binary: $PROJECTCANVAS_BIN, else built into .scratch/bin. */
export function binary() {
  if (process.env.PROJECTCANVAS_BIN) return path.resolve(process.env.PROJECTCANVAS_BIN);
  const bin = path.join(root, ".scratch/bin/projectcanvas");
  execFileSync("go", ["build", "-o", bin, "./cmd/projectcanvas"], { cwd: root, stdio: "inherit" });
  process.env.PROJECTCANVAS_BIN = bin;
  return bin;
}

/** A fresh vault folder, empty or a copy of examples/vault; removed by cleanup. */
export function tempVault(t, { example = false } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "pc-e2e-"));
  if (example) cpSync(path.join(root, "examples/vault"), dir, { recursive: true });
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts `projectcanvas serve` on a free port; resolves with its URL. */
export async function serve(t, vault, token) {
  const child = spawn(binary(), ["--vault", vault, "serve", "--addr", "127.0.0.1:0", "--token", token], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("serve did not start: " + out)), 15000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/HTTP API\s+(http:\/\/127\.0\.0\.1:\d+)/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.stderr.on("data", (d) => { out += d; });
    child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`serve exited ${code}: ${out}`)); });
  });
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const stop = async () => { child.kill("SIGTERM"); return exited; };
  t.after(async () => { if (child.exitCode === null) await stop(); });
  return { url, stop, child };
}

/** Compiles a tool's input schema with the validator its $schema asks for. */
export function compile(schema) {
  const draft2020 = String(schema.$schema ?? "").includes("2020-12");
  const ajv = draft2020 ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
  return ajv.compile(schema);
}

/** Parses a tool error's text: {"error":{"code","message","details"}}. */
export function toolError(result) {
  return JSON.parse(result.content[0].text).error;
}

export const codes = ["invalid_argument", "missing_field", "orphan", "invalid_transition", "cycle", "conflict", "not_found", "unauthorized", "forbidden"];
