// Applies the core's file changes through Obsidian's vault API, in the
// order the core gives them. A multi-file change starts with the write of
// the core's journal and ends with its removal (projectcanvas/doc.go,
// "Crash safety"), so applying in order keeps it crash-safe: a crash in
// between leaves the journal, and the next load rolls the files back.
import { TFile, TFolder, type App } from "obsidian";
import * as canvas from "../editor/canvasAdapter";
import { hidden, JOURNAL_PATH, type KnownFiles, parentOf } from "./files";
import type { Change } from "../core/protocol";
import { unwritable } from "./vaultPath";

/** A change that could not be applied; the ones before it were. */
export class ApplyError extends Error {
  constructor(readonly change: Change, readonly index: number, readonly reason: string, readonly conflict = false) {
    super(`${change.op} ${shown(change.path)}: ${reason}`);
    this.name = "ApplyError";
  }
}

export interface Applied {
  /** How many changes were applied. */
  count: number;
  /** Why an open canvas was written as a file instead of through its view, one line each. */
  fallbacks: string[];
}

/** A path as messages show it: at most 100 characters (a core bug could hand over a huge one). */
export function shown(path: string): string {
  return path.length > 100 ? path.slice(0, 99) + "…" : path;
}

/** Whether changes form a journaled transaction: journal first, its removal last. */
export function journaled(changes: Change[]): boolean {
  return changes.length > 1 && changes[0].op === "write" && changes[0].path === JOURNAL_PATH &&
    changes[changes.length - 1].op === "delete" && changes[changes.length - 1].path === JOURNAL_PATH;
}

/**
 * Applies changes in order and records in known what the core now holds.
 * A file edited since the core read it is not overwritten: the apply stops
 * there with a conflict (the caller reloads, and the core rolls the
 * transaction back from its journal).
 */
export async function applyChanges(app: App, known: KnownFiles, changes: Change[]): Promise<Applied> {
  const fallbacks: string[] = [];
  const inTransaction = journaled(changes);
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i];
    const why = unwritable(c.path) || (c.op === "rename" ? unwritable(c.from ?? "") : "");
    if (why) throw new ApplyError(c, i, `refused: the path ${why}`);
    try {
      if (hidden(c.path) || (c.from !== undefined && hidden(c.from))) await applyHidden(app, known, c);
      else if (c.op === "write") await write(app, known, c.path, c.content ?? "", inTransaction, fallbacks);
      else if (c.op === "delete") await remove(app, known, c.path);
      else if (c.op === "rename") await rename(app, known, c.from ?? "", c.path);
      else throw new Error(`unknown change ${String(c.op)}`);
    } catch (e) {
      if (e instanceof ApplyError) throw new ApplyError(c, i, e.reason, e.conflict);
      throw new ApplyError(c, i, e instanceof Error ? e.message : String(e));
    }
    if (c.op === "write") known.set(c.path, c.content ?? "");
    else if (c.op === "delete") known.delete(c.path);
    else known.rename(c.from ?? "", c.path);
  }
  return { count: changes.length, fallbacks };
}

/** The core's own folder (.projectcanvas) is hidden: Obsidian's vault does not list it, its adapter does. */
async function applyHidden(app: App, known: KnownFiles, c: Change): Promise<void> {
  const adapter = app.vault.adapter;
  if (c.op === "write") {
    await mkdirs(app, parentOf(c.path), true);
    await adapter.write(c.path, c.content ?? "");
  } else if (c.op === "delete") {
    if (!(await adapter.exists(c.path))) return;
    unchanged(known, c.path, await adapter.read(c.path));
    await adapter.remove(c.path);
  } else {
    const from = c.from ?? "";
    if (await adapter.exists(from)) unchanged(known, from, await adapter.read(from));
    await mkdirs(app, parentOf(c.path), true);
    await adapter.rename(from, c.path);
  }
}

/**
 * Refuses to delete or move a file edited since the core read it, as a
 * write is refused: the edit is kept, and the caller reloads.
 */
function unchanged(known: KnownFiles, path: string, data: string): void {
  if (known.has(path) && !known.same(path, data)) {
    throw new ApplyError({ op: "write", path }, -1, "the file was edited while the command ran; the edit is kept", true);
  }
}

async function write(app: App, known: KnownFiles, path: string, content: string, inTransaction: boolean, fallbacks: string[]): Promise<void> {
  let writeFile = true;
  let checked = true;
  if (path.endsWith(".canvas")) {
    const views = canvas.viewsOf(app, path);
    let live = views.length > 0;
    for (const v of views) {
      const out = canvas.setLiveData(v, content);
      if (!out.ok) {
        live = false;
        fallbacks.push(`${path} was written as a file: ${out.fallback}`);
      }
    }
    // An open canvas is changed through its view, which saves it. Within a
    // transaction the file is written too, so that it holds the core's
    // bytes before the journal goes (the view then holds the same data).
    writeFile = !live || inTransaction;
    // The view's data may be newer than its file (a save pending): the
    // core saw the live data (Session syncs it before each call), so the
    // file is not the one to check.
    checked = views.length === 0;
  }
  if (!writeFile) return;
  const existing = app.vault.getAbstractFileByPath(path);
  if (existing instanceof TFile) {
    let conflict = false;
    await app.vault.process(existing, (data) => {
      if (checked && known.has(path) && !known.same(path, data)) {
        conflict = true;
        return data;
      }
      return content;
    });
    if (conflict) throw new ApplyError({ op: "write", path }, -1, "the file was edited while the command ran; the edit is kept", true);
  } else if (existing) {
    throw new Error("a folder has that name");
  } else {
    await mkdirs(app, parentOf(path), false);
    await app.vault.create(path, content);
  }
}

async function remove(app: App, known: KnownFiles, path: string): Promise<void> {
  const f = app.vault.getAbstractFileByPath(path);
  if (f instanceof TFile) {
    unchanged(known, path, await app.vault.read(f));
    // The person's choice: the system trash, Obsidian's .trash, or for good.
    await app.fileManager.trashFile(f);
  } else if (f) throw new Error("it is a folder");
}

async function rename(app: App, known: KnownFiles, from: string, to: string): Promise<void> {
  const f = app.vault.getAbstractFileByPath(from);
  if (!(f instanceof TFile)) throw new Error(`${shown(from)} is not a file`);
  unchanged(known, from, await app.vault.read(f));
  await mkdirs(app, parentOf(to), false);
  await app.vault.rename(f, to);
}

/** Creates a folder and its missing parents, through the adapter for hidden ones. */
async function mkdirs(app: App, folder: string, viaAdapter: boolean): Promise<void> {
  if (folder === "") return;
  if (viaAdapter) {
    if (!(await app.vault.adapter.exists(folder))) await app.vault.adapter.mkdir(folder);
    return;
  }
  const f = app.vault.getAbstractFileByPath(folder);
  if (f instanceof TFolder) return;
  if (f) throw new Error(`${folder} is a file, not a folder`);
  await mkdirs(app, parentOf(folder), false);
  await app.vault.createFolder(folder);
}
