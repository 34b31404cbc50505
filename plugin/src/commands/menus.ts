// The menus: the canvas node menu and the file menu of an entity note offer
// the navigations that have targets, set phase and tier for features,
// linking to a feature, and syncing with Notion when it is turned on. Obsidian builds a menu synchronously while the core
// answers in its worker, so what an entity offers is asked of the core
// ahead (the active note when it opens, every entity node of a canvas
// when it opens, in one call; any file once its menu has been opened)
// and kept until the vault changes. A menu opened before the answer
// offers one item that asks the core when clicked.
import { Notice, TFile, type Menu, type TAbstractFile } from "obsidian";
import { describe, linkToFeature, linkWorkTo, navigate, NAVIGATIONS, setFeatureField, type Subject, type Target } from "./actions";
import * as canvas from "../editor/canvasAdapter";
import { CoreError } from "../core/core";
import { guarded } from "../core/failures";
import { ListSuggest } from "../editor/suggesters";
import { WORK_TYPES } from "../core/wire";
import type { CommandHost } from "../core/types";

/** An item of a menu: what it says and does. */
export interface Action { title: string; icon: string; run: () => unknown }

/** What an entity's menus offer, from the core's answer about it (navigate-to-*'s data). */
export function actionsFor(host: CommandHost, entity: Target, s: Subject): Action[] {
  const out: Action[] = [];
  for (const n of NAVIGATIONS) {
    const count = entity.targets?.[n.id] ?? 0;
    if (count > 0) out.push({ title: `${n.name} (${count})`, icon: "arrow-right-circle", run: () => navigate(host, n.id, s) });
  }
  if (entity.type === "feature") {
    out.push({ title: "Set feature phase", icon: "milestone", run: () => setFeatureField(host, "phase", s) });
    out.push({ title: "Set feature tier", icon: "layers", run: () => setFeatureField(host, "tier", s) });
    out.push({ title: "Link work to this feature", icon: "link", run: () => linkWorkTo(host, entity) });
  } else if (WORK_TYPES.includes(entity.type)) {
    out.push({ title: "Link to feature", icon: "link", run: () => linkToFeature(host, entity) });
  }
  const sync = host.notionSync;
  if (sync && host.settings.notion.enabled) out.push({ title: "Sync with Notion", icon: "refresh-cw", run: () => sync.syncNote(s) });
  return out;
}

/**
 * What the core said about entity files, by path: the entity with its
 * navigation counts, or null for a file that is no entity. Cleared on
 * every vault change (a relation may have changed on either side).
 */
export class EntityInfo {
  private known = new Map<string, Target | null>();
  private asking = new Map<string, Promise<Target | null>>();
  private generation = 0;

  constructor(private readonly host: CommandHost) {}

  /** The answer for path if there is one: undefined when not asked yet. */
  get(path: string): Target | null | undefined { return this.known.get(path); }

  /** Asks the core about path (once at a time). */
  fetch(path: string): Promise<Target | null> {
    const pending = this.asking.get(path);
    if (pending) return pending;
    const generation = this.generation;
    const p = describe(this.host, { kind: "note", file: path }).then(
      (t) => t,
      (e) => {
        if (e instanceof CoreError && (e.code === "not_found" || e.code === "invalid_argument")) return null;
        throw e;
      },
    ).then((t) => {
      if (generation === this.generation) this.known.set(path, t);
      return t;
    }).finally(() => this.asking.delete(path));
    this.asking.set(path, p);
    return p;
  }

  /**
   * Asks the core about every entity node of a canvas in one call
   * (describe-canvas): a node's first menu then offers its items. A file
   * node of a note that is no entity is known as none.
   */
  async fetchCanvas(path: string, files: string[]): Promise<void> {
    const generation = this.generation;
    const out = await this.host.session.command("describe-canvas", { canvas: path });
    if (generation !== this.generation) return; // the vault changed meanwhile
    for (const t of (out.result.rows ?? []) as Target[]) this.known.set(t.file, t);
    for (const f of files) if (f.endsWith(".md") && !this.known.has(f)) this.known.set(f, null);
  }

  clear(): void {
    this.generation++;
    this.known.clear();
    this.asking.clear();
  }
}

/** Canvases with more file nodes than this are not described ahead (an answer of megabytes); their menus ask when clicked. */
export const DESCRIBE_AT_MOST = 2000;

/** Registers the file menu and the canvas node menu; answers the cache (tests prefetch through it). */
export function registerMenus(host: CommandHost): EntityInfo {
  const { app } = host;
  const info = new EntityInfo(host);
  let refetch: number | undefined;
  const prefetch = (file: TFile | null) => {
    if (!(file instanceof TFile)) return;
    if (file.extension === "md" && info.get(file.path) === undefined) info.fetch(file.path).catch(() => undefined);
    if (file.extension === "canvas") {
      const view = canvas.viewsOf(app, file.path)[0];
      const nodes = view ? canvas.nodes(view) : [];
      if (!Array.isArray(nodes) || nodes.length > DESCRIBE_AT_MOST) return; // an editor without the internals, or too big
      const files = nodes.map((n) => n.file).filter((f): f is string => f !== undefined);
      if (files.some((f) => f.endsWith(".md") && info.get(f) === undefined)) info.fetchCanvas(file.path, files).catch(() => undefined);
    }
  };
  host.registerEvent(app.workspace.on("file-open", (file) => prefetch(file)));
  app.workspace.onLayoutReady(() => {
    // Relations live in notes: a canvas saved after a drag changes none.
    const changed = (file: TAbstractFile, oldPath?: string) => {
      if (!file.path.endsWith(".md") && !oldPath?.endsWith(".md")) return;
      info.clear();
      // The active note is asked again once the changes have settled.
      if (refetch === undefined) refetch = window.setTimeout(() => { refetch = undefined; prefetch(app.workspace.getActiveFile()); }, 300);
    };
    for (const e of ["create", "modify", "delete"] as const) host.registerEvent(app.vault.on(e as "modify", (f) => changed(f)));
    host.registerEvent(app.vault.on("rename", changed));
  });
  host.register(() => { if (refetch !== undefined) window.clearTimeout(refetch); });

  host.registerEvent(app.workspace.on("file-menu", (menu, file) => {
    if (!(file instanceof TFile) || file.extension !== "md") return;
    addItems(host, info, menu, file.path, { kind: "note", file: file.path });
  }));
  host.registerEvent(canvas.onNodeMenu(app, (menu, node) => {
    if (!node.file || !node.file.endsWith(".md") || !node.canvas) return;
    addItems(host, info, menu, node.file, { kind: "node", canvas: node.canvas, nodeId: node.id, file: node.file });
  }));
  return info;
}

/** Adds an entity's items to a menu: from the core's answer when there is one, else one item that asks. */
function addItems(host: CommandHost, info: EntityInfo, menu: Menu, path: string, s: Subject): void {
  const known = info.get(path);
  if (known === null) return; // not an entity
  if (known) {
    for (const a of actionsFor(host, known, s)) {
      menu.addItem((i) => i.setTitle(a.title).setIcon(a.icon).onClick(() => guarded(a.title, a.run)));
    }
    return;
  }
  info.fetch(path).catch(() => undefined); // ready for the next time the menu opens
  menu.addItem((i) => i.setTitle("Project Canvas…").setIcon("layout-dashboard").onClick(() => guarded("Project Canvas", async () => {
    const entity = await info.fetch(path);
    if (!entity) {
      new Notice(`Project Canvas: ${path} is not an entity.`);
      return;
    }
    const actions = actionsFor(host, entity, s);
    new ListSuggest(host.app, actions, {
      placeholder: `${entity.id} ${entity.title}`,
      text: (a) => a.title,
      chosen: (a) => guarded(a.title, a.run),
    }).open();
  })));
}
