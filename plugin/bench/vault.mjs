// @ts-check
// Generated vaults for the plugin's benchmarks: milestones, stories and
// tasks in the proportions of a real project (2% / 18% / 80%), and plain
// notes of a few paragraphs. vaultFiles is the one rule; vault writes its
// files into a folder (a temporary one under Node; the in-memory one of
// bench/chromium/fs.mjs in the browser, where node:fs is that module).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The file of an entity.
 * @param {string} folder
 * @param {string} id
 * @param {string} type
 * @param {string} title
 * @param {string} [parent]
 * @returns {{ path: string, content: string }}
 */
function entity(folder, id, type, title, parent) {
  const fm = [`id: ${id}`, `type: ${type}`, `title: ${title}`, "status: Not Started", ...(parent ? [`parent: ${parent}`] : []),
    "created_at: 2026-01-01T00:00:00Z", "updated_at: 2026-01-01T00:00:00Z"];
  return { path: `${folder}/${id} ${title}.md`, content: `---\n${fm.join("\n")}\n---\n# ${title}\n\nSome words about ${title.toLowerCase()}.\n` };
}

/**
 * The files of a vault of `entities` entity files and `notes` other notes,
 * by path relative to the vault.
 * @param {number} entities
 * @param {number} [notes]
 * @returns {Generator<{ path: string, content: string }>}
 */
export function* vaultFiles(entities, notes = 0) {
  const ms = Math.max(1, Math.round(entities * 0.02)), ss = Math.max(1, Math.round(entities * 0.18)), ts = entities - ms - ss;
  const pad = (/** @type {number} */ n) => String(n).padStart(3, "0");
  for (let m = 1; m <= ms; m++) yield entity("Projects/milestones", `M-${pad(m)}`, "milestone", `Milestone ${m}`);
  for (let s = 1; s <= ss; s++) yield entity("Projects/stories", `S-${pad(s)}`, "story", `Story ${s}`, `M-${pad(1 + (s % ms))}`);
  for (let t = 1; t <= ts; t++) yield entity("Projects/tasks", `T-${pad(t)}`, "task", `Task ${t}`, `S-${pad(1 + (t % ss))}`);
  for (let n = 0; n < notes; n++) {
    yield { path: `Notes/${n % 20}/Note ${n}.md`,
      content: `# Note ${n}\n\n## Context\n\nThe release ${n} rolls back with the previous build when the health check fails.\n\n## Steps\n\nRun the deploy, watch the error rate, page the owner ${n % 7}.\n` };
  }
}

/**
 * Writes the vault of vaultFiles(entities, notes) into dir (an empty folder); returns dir.
 * @param {string} dir
 * @param {number} entities
 * @param {number} [notes]
 */
export function vault(dir, entities, notes = 0) {
  for (const f of vaultFiles(entities, notes)) {
    const file = path.join(dir, f.path);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, f.content);
  }
  return dir;
}

/** The median of xs (the upper one of an even count). */
export const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
