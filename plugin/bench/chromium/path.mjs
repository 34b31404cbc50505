// @ts-check
// node:path in the browser bench's bundle: POSIX join, basename and dirname.

/** @param {string[]} parts */
export function join(...parts) {
  const abs = parts[0]?.startsWith("/");
  const out = [];
  for (const s of parts.join("/").split("/")) {
    if (s === "" || s === ".") continue;
    if (s === ".." && out.length && out[out.length - 1] !== "..") out.pop(); else out.push(s);
  }
  return (abs ? "/" : "") + out.join("/") || (abs ? "/" : ".");
}

/** @param {string} p */
export function basename(p) { const t = p.replace(/\/+$/, ""); return t.slice(t.lastIndexOf("/") + 1); }

/** @param {string} p */
export function dirname(p) {
  const t = p.replace(/\/+$/, "");
  const i = t.lastIndexOf("/");
  return i > 0 ? t.slice(0, i) : i === 0 ? "/" : ".";
}

export default { join, basename, dirname };
