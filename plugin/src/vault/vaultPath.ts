// The plugin's own check of every path the core hands back before it is
// applied: the core's vault path rule (projectcanvas/vaultpath.go,
// CheckWritable), restated so that one bug in the core can never become a
// write into .obsidian/plugins/<x>/main.js, code Obsidian runs. Both copies
// run one table of cases (projectcanvas/testdata/writable_paths.json), so
// they cannot drift apart.
import { OWN_FOLDER } from "./files";

/** The entity templates' folder: the one hidden folder besides OWN_FOLDER that the core writes. */
export const TEMPLATES_FOLDER = ".templates";
const MAX_PATH_BYTES = 1024;
const MAX_ELEMENT_BYTES = 255;
const utf8 = new TextEncoder();

/** Why the core may not write path (a sentence), or "" when it may. */
export function unwritable(path: string): string {
  return pathProblem(path) || writeProblem(path);
}

function pathProblem(name: string): string {
  if (name === "") return "is empty";
  if (!wellFormed(name)) return "is not valid UTF-8";
  if (utf8.encode(name).length > MAX_PATH_BYTES) return "is longer than 1,024 bytes";
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(name)) return "holds a control character (NUL, newline...)";
  if (name.includes("\\")) return "holds a backslash; vault paths separate folders with /";
  if (name.startsWith("/")) return "is absolute; vault paths are relative to the vault";
  if (/^[A-Za-z]:/.test(name)) return "starts with a drive letter; vault paths are relative to the vault";
  for (const part of name.split("/")) {
    if (part === "..") return "leaves the vault";
    if (part === "" || part === ".") return "is not clean (an empty or . element)";
    if (utf8.encode(part).length > MAX_ELEMENT_BYTES) return "has an element longer than 255 bytes";
  }
  return "";
}

function writeProblem(name: string): string {
  let rest = name;
  for (const dir of [OWN_FOLDER, TEMPLATES_FOLDER]) {
    if (name.startsWith(dir + "/")) rest = name.slice(dir.length + 1);
  }
  if (rest.split("/").some((p) => p.startsWith(".") || p === "node_modules")) {
    return "is in a hidden folder (the editor's settings, .git...) or node_modules, or is a hidden file; the project writes none";
  }
  if (/[\u202a-\u202e\u2066-\u2069]/.test(rest)) return "holds a bidirectional-override character, which would show a false file name";
  return "";
}

/** Whether s has no lone surrogate (it encodes to UTF-8 as it is). */
function wellFormed(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}
