// @ts-check
// Generated vaults for the plugin's benchmarks: milestones, stories and
// tasks in the proportions of a real project (2% / 18% / 80%), and plain
// notes of a few paragraphs.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tempVault } from "../test/helpers.mjs";

/**
 * @param {string} dir
 * @param {string} folder
 * @param {string} id
 * @param {string} type
 * @param {string} title
 * @param {string} [parent]
 */
function entity(dir, folder, id, type, title, parent) {
  const fm = [`id: ${id}`, `type: ${type}`, `title: ${title}`, "status: Not Started", ...(parent ? [`parent: ${parent}`] : []),
    "created_at: 2026-01-01T00:00:00Z", "updated_at: 2026-01-01T00:00:00Z"];
  writeFileSync(path.join(dir, folder, `${id} ${title}.md`), `---\n${fm.join("\n")}\n---\n# ${title}\n\nSome words about ${title.toLowerCase()}.\n`);
}

/**
 * A vault of `entities` entity files and `notes` other notes, in a temporary folder.
 * @param {number} entities
 * @param {number} [notes]
 */
export function vault(entities, notes = 0) {
  const dir = tempVault(null);
  const ms = Math.max(1, Math.round(entities * 0.02)), ss = Math.max(1, Math.round(entities * 0.18)), ts = entities - ms - ss;
  const pad = (/** @type {number} */ n) => String(n).padStart(3, "0");
  for (const f of ["milestones", "stories", "tasks"]) mkdirSync(path.join(dir, "Projects", f), { recursive: true });
  for (let m = 1; m <= ms; m++) entity(dir, "Projects/milestones", `M-${pad(m)}`, "milestone", `Milestone ${m}`);
  for (let s = 1; s <= ss; s++) entity(dir, "Projects/stories", `S-${pad(s)}`, "story", `Story ${s}`, `M-${pad(1 + (s % ms))}`);
  for (let t = 1; t <= ts; t++) entity(dir, "Projects/tasks", `T-${pad(t)}`, "task", `Task ${t}`, `S-${pad(1 + (t % ss))}`);
  for (let n = 0; n < notes; n++) {
    mkdirSync(path.join(dir, "Notes", String(n % 20)), { recursive: true });
    writeFileSync(path.join(dir, "Notes", String(n % 20), `Note ${n}.md`),
      `# Note ${n}\n\n## Context\n\nThe release ${n} rolls back with the previous build when the health check fails.\n\n## Steps\n\nRun the deploy, watch the error rate, page the owner ${n % 7}.\n`);
  }
  return dir;
}

/** The median of xs (the upper one of an even count). */
export const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
