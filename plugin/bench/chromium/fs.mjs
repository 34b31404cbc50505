// @ts-check
// node:fs in the browser bench's bundle (build.mjs --chromium-bench): an
// in-memory tree that lives as long as the page, so a later start finds
// the caches an earlier plugin instance wrote. Only what the fake obsidian
// module (test/fake/obsidian.ts) and the bench (start.mjs, vault.mjs) call.
// Absolute paths, "/" separated; contents are kept as written (a string or
// bytes) and turned into the other on a read that asks for it.

/** @typedef {{ dir: true, children: Set<string>, birthtimeMs: number, mtimeMs: number }} Dir */
/** @typedef {{ dir: false, data: string | Uint8Array, size: number, birthtimeMs: number, mtimeMs: number }} File */

/** @type {Map<string, Dir | File>} */
const nodes = new Map([["/", { dir: true, children: new Set(), birthtimeMs: Date.now(), mtimeMs: Date.now() }]]);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** @param {string} code @param {string} op @param {string} p */
function fail(code, op, p) { return Object.assign(new Error(`${code}: ${op} '${p}'`), { code }); }

/** @param {string} p */
function norm(p) {
  const out = [];
  for (const s of String(p).split("/")) {
    if (s === "" || s === ".") continue;
    if (s === "..") out.pop(); else out.push(s);
  }
  return "/" + out.join("/");
}
/** @param {string} p */
const parentOf = (p) => (p.lastIndexOf("/") > 0 ? p.slice(0, p.lastIndexOf("/")) : "/");
/** @param {string} p */
const nameOf = (p) => p.slice(p.lastIndexOf("/") + 1);

/** @param {string} p @param {string} op @returns {Dir} */
function dirAt(p, op) {
  const n = nodes.get(p);
  if (!n) throw fail("ENOENT", op, p);
  if (!n.dir) throw fail("ENOTDIR", op, p);
  return n;
}

/** @param {string} p @param {Dir | File} node */
function link(p, node) {
  dirAt(parentOf(p), "open").children.add(nameOf(p));
  nodes.set(p, node);
}

/** @param {string} p @param {string} op @returns {File} */
function fileAt(p, op) {
  const n = nodes.get(norm(p));
  if (!n) throw fail("ENOENT", op, p);
  if (n.dir) throw fail("EISDIR", op, p);
  return n;
}

/** @param {string} p */
export function existsSync(p) { return nodes.has(norm(p)); }

/**
 * @param {string} p
 * @param {string | { encoding?: string }} [options]
 * @returns {any} a string with an encoding, else the bytes
 */
export function readFileSync(p, options) {
  const { data } = fileAt(p, "open");
  const text = typeof options === "string" || !!options?.encoding;
  if (text) return typeof data === "string" ? data : decoder.decode(data);
  return typeof data === "string" ? encoder.encode(data) : data.slice();
}

/**
 * The bytes the tree keeps for p, not a copy (fsPromises.readFile: the
 * caller must not change them; the fake adapter copies what it keeps).
 * @param {string} p
 */
export function readKept(p) {
  const { data } = fileAt(p, "open");
  return typeof data === "string" ? encoder.encode(data) : data.subarray();
}

/** @param {string} p @param {string | ArrayBufferView | ArrayBuffer} data */
export function writeFileSync(p, data) {
  if (data instanceof ArrayBuffer) data = new Uint8Array(data);
  const abs = norm(p);
  const old = nodes.get(abs);
  if (old?.dir) throw fail("EISDIR", "open", p);
  const now = Date.now();
  const kept = typeof data === "string" ? data : new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
  const size = typeof kept === "string" ? encoder.encode(kept).byteLength : kept.byteLength;
  link(abs, { dir: false, data: kept, size, birthtimeMs: old?.birthtimeMs ?? now, mtimeMs: now });
}

/** @param {string} p @param {{ recursive?: boolean }} [options] */
export function mkdirSync(p, options) {
  const abs = norm(p);
  const n = nodes.get(abs);
  if (n) {
    if (n.dir && options?.recursive) return;
    throw fail("EEXIST", "mkdir", p);
  }
  if (options?.recursive && !nodes.has(parentOf(abs))) mkdirSync(parentOf(abs), options);
  link(abs, { dir: true, children: new Set(), birthtimeMs: Date.now(), mtimeMs: Date.now() });
}

/**
 * @param {string} p
 * @param {{ withFileTypes?: boolean }} [options]
 * @returns {any} names, or Dirent-like entries with withFileTypes
 */
export function readdirSync(p, options) {
  const abs = norm(p);
  const names = [...dirAt(abs, "scandir").children];
  if (!options?.withFileTypes) return names;
  return names.map((name) => {
    const dir = !!nodes.get(abs === "/" ? "/" + name : abs + "/" + name)?.dir;
    return { name, isDirectory: () => dir, isFile: () => !dir };
  });
}

/** @param {string} p */
export function statSync(p) {
  const abs = norm(p);
  const n = nodes.get(abs);
  if (!n) throw fail("ENOENT", "stat", p);
  const size = n.dir ? 0 : n.size;
  return { size, mtimeMs: n.mtimeMs, birthtimeMs: n.birthtimeMs, isDirectory: () => n.dir, isFile: () => !n.dir };
}

/** @param {string} p @param {{ recursive?: boolean, force?: boolean }} [options] */
export function rmSync(p, options) {
  const abs = norm(p);
  const n = nodes.get(abs);
  if (!n) { if (options?.force) return; throw fail("ENOENT", "rm", p); }
  if (n.dir) {
    if (!options?.recursive) throw fail("ERR_FS_EISDIR", "rm", p);
    for (const c of [...n.children]) rmSync(abs + "/" + c, options);
  }
  nodes.delete(abs);
  /** @type {Dir} */ (nodes.get(parentOf(abs))).children.delete(nameOf(abs));
}

/** @param {string} from @param {string} to */
export function renameSync(from, to) {
  const a = norm(from), b = norm(to);
  const n = nodes.get(a);
  if (!n) throw fail("ENOENT", "rename", from);
  if (n.dir) throw fail("EISDIR", "rename", from); // no folder is renamed by what runs here
  const old = nodes.get(b);
  if (old?.dir) throw fail("EISDIR", "rename", to);
  link(b, n);
  nodes.delete(a);
  /** @type {Dir} */ (nodes.get(parentOf(a))).children.delete(nameOf(a));
}
