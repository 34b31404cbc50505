// @ts-check
// bench/chromium.mjs's benches side by side in one run: this checkout's
// plugin and core against a base commit's, in turns (base, new, base,
// new, ...), each turn a new Chromium; then each figure's median over the
// turns and the ratio new / base (below 1: faster than the base).
//
//   node bench/chromiumVs.mjs BASE [ROUNDS] [RUNS] [ONLY]
//   (make bench-plugin-chromium-vs BASE=f76c999 ROUNDS=5 RUNS=5 ONLY=populate,reposition)
//
// The base is checked out in a temporary git worktree (.scratch/bench-base,
// removed at the end) and given this checkout's bench harness: plugin/bench
// is copied over its own, build.mjs gets the --chromium-bench bundling if
// it has none, and test/harness-entry.ts the suggesters if it lacks them;
// its plugin and fake obsidian module stay its own. Its core is built with
// its own sources (make wasm there) and its plugin's tools from its own
// lockfile. Needs this checkout's page built first (make does:
// node build.mjs --chromium-bench).
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [base, rounds = "5", runs = "5", only = ""] = process.argv.slice(2);
if (!base) {
  console.error("usage: node bench/chromiumVs.mjs BASE [ROUNDS] [RUNS] [ONLY]");
  process.exit(2);
}
const plugin = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const repo = path.join(plugin, "..");
const scratch = path.join(repo, ".scratch");
const tree = path.join(scratch, "bench-base");
const bundles = path.join(scratch, "bench-vs");

/** @param {string} cmd @param {string[]} args @param {string} cwd @param {Record<string, string>} [env] */
const run = (cmd, args, cwd, env = {}) => execFileSync(cmd, args, { cwd, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });

/** The base's page bundle: its worktree, the harness copied in, its core and page built. */
function buildBase() {
  rmSync(tree, { recursive: true, force: true });
  run("git", ["worktree", "prune"], repo);
  run("git", ["worktree", "add", "--detach", "--force", tree, base], repo);
  const basePlugin = path.join(tree, "plugin");
  cpSync(path.join(plugin, "bench"), path.join(basePlugin, "bench"), { recursive: true });
  const buildFile = path.join(basePlugin, "build.mjs");
  if (!readFileSync(buildFile, "utf8").includes("--chromium-bench")) {
    const ours = readFileSync(path.join(plugin, "build.mjs"), "utf8");
    const at = ours.indexOf('if (process.argv.includes("--chromium-bench"))');
    if (at < 0) throw new Error("build.mjs has no --chromium-bench bundling to give the base");
    appendFileSync(buildFile, "\n" + ours.slice(at));
  }
  const entry = path.join(basePlugin, "test/harness-entry.ts");
  if (!/\bsuggesters\b/.test(readFileSync(entry, "utf8"))) {
    const file = ["src/editor/suggesters.ts", "src/suggesters.ts"].find((f) => existsSync(path.join(basePlugin, f)));
    if (!file) throw new Error(`no suggesters in ${base}'s plugin`);
    appendFileSync(entry, `\nexport * as suggesters from "../${file.replace(/\.ts$/, "")}";\n`);
  }
  run("make", ["wasm"], tree);
  run("npm", ["ci", "--no-audit", "--no-fund"], basePlugin);
  run("node", ["build.mjs", "--chromium-bench"], basePlugin, { PROJECTCANVAS_WASM: path.join(tree, ".scratch/projectcanvas.wasm") });
  copyFileSync(path.join(basePlugin, "test/.build/chromium-bench.mjs"), path.join(bundles, "base.mjs"));
}

/**
 * A line's bench and figures: the command's id (or the start-up scenario's
 * label) and its median (ready for a start) and p90, in ms.
 * @param {string} line
 */
function figures(line) {
  const m = /^(.*?)(?:, median of \d+)?: (?:median|ready) ([\d.]+) ms/.exec(line);
  if (!m) return undefined;
  const key = /^[a-z]+(?:-[a-z]+)+/.exec(m[1])?.[0] ?? m[1];
  const p90 = /p90 ([\d.]+) ms/.exec(line);
  return { key, median: Number(m[2]), p90: p90 ? Number(p90[1]) : undefined };
}

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

mkdirSync(bundles, { recursive: true });
copyFileSync(path.join(plugin, "test/.build/chromium-bench.mjs"), path.join(bundles, "new.mjs"));
/** @type {Map<string, { base: number[], new: number[], baseP90: number[], newP90: number[] }>} */
const seen = new Map();
let status = 0;
try {
  buildBase();
  for (let r = 1; r <= Number(rounds); r++) {
    for (const which of /** @type {const} */ (["base", "new"])) {
      const out = spawnSync("node", [path.join(plugin, "bench/chromium.mjs"), runs, only], {
        cwd: plugin, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"],
        env: { ...process.env, BENCH_BUNDLE: path.join(bundles, `${which}.mjs`) } });
      if (out.status !== 0) throw new Error(`${which}'s round ${r} failed (${out.status})`);
      for (const line of out.stdout.split("\n").filter(Boolean)) {
        console.log(`${which} ${r}: ${line}`);
        const f = figures(line);
        if (!f) continue;
        const s = seen.get(f.key) ?? { base: [], new: [], baseP90: [], newP90: [] };
        s[which].push(f.median);
        if (f.p90 !== undefined) s[which === "base" ? "baseP90" : "newP90"].push(f.p90);
        seen.set(f.key, s);
      }
    }
  }
  console.log(`\nnew (this checkout) against ${base}, ${rounds} turns of each, ${runs} runs a turn; the median of the turns' medians,` +
    " their ratio, and the median of the ratios turn by turn (a turn of new against the base's just before it: steadier when the machine's load drifts):");
  for (const [key, s] of seen) {
    const b = median(s.base), n = median(s.new);
    const paired = median(s.new.map((x, i) => x / s.base[i]));
    const p90 = s.baseP90.length ? `; p90 base ${median(s.baseP90).toFixed(1)} ms, new ${median(s.newP90).toFixed(1)} ms` : "";
    console.log(`${key}: base ${b.toFixed(1)} ms, new ${n.toFixed(1)} ms, new/base ${(n / b).toFixed(2)}, turn by turn ${paired.toFixed(2)}${p90}`);
  }
} catch (e) {
  console.error(String(e instanceof Error ? e.message : e));
  status = 1;
} finally {
  if (existsSync(tree)) run("git", ["worktree", "remove", "--force", tree], repo);
}
process.exit(status);
