// The only module that touches the canvas view's undocumented internals
// (obsidian-typings and Advanced Canvas document them). Every function checks what it uses and, when an
// internal is missing (an editor version that changed it), answers a
// fallback saying what is missing instead of throwing: the caller writes the
// file and says so in a notice.
import type { App, EventRef, Menu, TFile, WorkspaceLeaf } from "obsidian";
import { slug } from "./boardModel";

/** The canvas view type. */
export const CANVAS_VIEW = "canvas";
/** The class focus-in-progress puts on the elements of hidden nodes (styles.css). */
export const HIDDEN_CLASS = "project-canvas-hidden";

/** What a canvas operation did: done on the live canvas, or not, and why. */
export type Outcome = { ok: true } | { ok: false; fallback: string };

/** A canvas open in a view. */
export interface OpenCanvas { leaf: WorkspaceLeaf; path: string; view: unknown }

/** A node as the node menu and the selection give it: its id, for a file node the file, and the canvas file it is on. */
export interface NodeRef { id: string; file?: string; canvas?: string }

interface CanvasNodeLike { id?: string; getData?(): Record<string, unknown>; nodeEl?: HTMLElement; file?: TFile; canvas?: { view?: CanvasViewLike } }
interface CanvasLike {
  nodes?: Map<string, CanvasNodeLike>;
  selection?: Set<CanvasNodeLike>;
  getData?(): unknown;
  setData?(data: unknown): void;
  importData?(data: unknown, clear?: boolean): void;
  requestSave?(): void;
  requestFrame?(): void;
  selectOnly?(node: CanvasNodeLike): void;
  deselectAll?(): void;
  zoomToBbox?(b: { minX: number; minY: number; maxX: number; maxY: number }): void;
}
interface CanvasViewLike { getViewType?(): string; file?: TFile | null; canvas?: CanvasLike; save?(clear?: boolean): Promise<void> }

const fail = (fallback: string): Outcome => ({ ok: false, fallback });

function canvasOf(view: unknown): CanvasLike | undefined {
  const c = (view as CanvasViewLike | undefined)?.canvas;
  return c && typeof c === "object" ? c : undefined;
}

/** Every canvas open in a view, with the path of its file. */
export function openCanvases(app: App): OpenCanvas[] {
  const out: OpenCanvas[] = [];
  for (const leaf of app.workspace.getLeavesOfType(CANVAS_VIEW)) {
    const view = leaf.view as unknown as CanvasViewLike;
    const path = view?.file?.path;
    if (path) out.push({ leaf, path, view });
  }
  return out;
}

/** The views that show the canvas at path. */
export function viewsOf(app: App, path: string): OpenCanvas[] {
  return openCanvases(app).filter((c) => c.path === path);
}

/** The active canvas view, if the active view is a canvas. */
export function activeCanvas(app: App): OpenCanvas | undefined {
  const leaf = app.workspace.getMostRecentLeaf();
  const view = leaf?.view as unknown as CanvasViewLike | undefined;
  if (!leaf || view?.getViewType?.() !== CANVAS_VIEW || !view.file) return undefined;
  return { leaf, path: view.file.path, view };
}

/** The live canvas data as JSON Canvas text, or undefined when it cannot be read. */
export function liveData(c: OpenCanvas): string | undefined {
  const canvas = canvasOf(c.view);
  if (typeof canvas?.getData !== "function") return undefined;
  try { return JSON.stringify(canvas.getData(), null, "\t"); } catch { return undefined; }
}

/**
 * Puts new content (JSON Canvas text the core wrote) into a live canvas and
 * lets the view save it. Nothing changes when the content is not JSON or
 * the canvas offers neither setData nor importData.
 */
export function setLiveData(c: OpenCanvas, content: string): Outcome {
  const canvas = canvasOf(c.view);
  if (!canvas) return fail("the canvas view has no canvas object");
  let data: unknown;
  try { data = JSON.parse(content); } catch { return fail("the new canvas is not JSON"); }
  try {
    if (typeof canvas.setData === "function") canvas.setData(data);
    else if (typeof canvas.importData === "function") canvas.importData(data, true);
    else return fail("the canvas has neither setData nor importData");
    if (typeof canvas.requestSave === "function") canvas.requestSave();
    else return fail("the canvas has no requestSave");
  } catch (e) {
    return fail("the canvas refused the new data: " + String((e as Error)?.message ?? e));
  }
  return { ok: true };
}

/** Saves the view now rather than after its debounce, where the view can. */
export async function saveNow(c: OpenCanvas): Promise<Outcome> {
  const view = c.view as CanvasViewLike;
  if (typeof view.save !== "function") return fail("the canvas view has no save");
  try { await view.save(); } catch (e) { return fail("saving the canvas failed: " + String((e as Error)?.message ?? e)); }
  return { ok: true };
}

function nodeRef(n: CanvasNodeLike, id: string): NodeRef {
  let file: string | undefined;
  try {
    const d = typeof n.getData === "function" ? n.getData() : undefined;
    if (d && typeof d.file === "string") file = d.file;
  } catch { /* a node whose data cannot be read is still a node */ }
  if (!file && n.file && typeof n.file.path === "string") file = n.file.path;
  return file === undefined ? { id } : { id, file };
}

/** The nodes of a live canvas, or a fallback. */
export function nodes(c: OpenCanvas): NodeRef[] | Outcome {
  const map = canvasOf(c.view)?.nodes;
  if (!(map instanceof Map)) return fail("the canvas has no nodes map");
  return [...map.entries()].map(([id, n]) => nodeRef(n, id));
}

/** The selected nodes, or a fallback. */
export function selection(c: OpenCanvas): NodeRef[] | Outcome {
  const sel = canvasOf(c.view)?.selection;
  if (!(sel instanceof Set)) return fail("the canvas has no selection");
  return [...sel].map((n) => nodeRef(n, String(n.id ?? "")));
}

/** Selects one node, and centres the view on it when center is set. */
export function selectNode(c: OpenCanvas, id: string, center: boolean): Outcome {
  const canvas = canvasOf(c.view);
  const node = canvas?.nodes instanceof Map ? canvas.nodes.get(id) : undefined;
  if (!canvas || !node) return fail(`the canvas has no node ${id} in its nodes map`);
  try {
    if (typeof canvas.selectOnly !== "function") return fail("the canvas has no selectOnly");
    canvas.selectOnly(node);
    if (center) {
      const d = typeof node.getData === "function" ? node.getData() : undefined;
      const [x, y, w, h] = [d?.x, d?.y, d?.width, d?.height].map(Number);
      if (typeof canvas.zoomToBbox !== "function" || ![x, y, w, h].every(Number.isFinite)) return fail("the canvas cannot centre a node");
      canvas.zoomToBbox({ minX: x, minY: y, maxX: x + w, maxY: y + h });
    }
  } catch (e) {
    return fail("the canvas refused the selection: " + String((e as Error)?.message ?? e));
  }
  return { ok: true };
}

/**
 * Shows several nodes at once (the nodes populate-canvas-from-vault added):
 * the selection cleared and the view zoomed to fit them, one call each
 * however many nodes there are (a selectOnly per node cost a redraw each
 * and left one arbitrary node selected).
 */
export function showNodes(c: OpenCanvas, ids: string[]): Outcome {
  const canvas = canvasOf(c.view);
  if (!canvas || !(canvas.nodes instanceof Map)) return fail("the canvas has no nodes map");
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const id of ids) {
    const node = canvas.nodes.get(id);
    const d = typeof node?.getData === "function" ? node.getData() : undefined;
    const [x, y, w, h] = [d?.x, d?.y, d?.width, d?.height].map(Number);
    if (![x, y, w, h].every(Number.isFinite)) continue;
    minX = Math.min(minX, x); minY = Math.min(minY, y);
    maxX = Math.max(maxX, x + w); maxY = Math.max(maxY, y + h);
  }
  if (!Number.isFinite(minX)) return fail(`the canvas has none of the ${ids.length} nodes in its nodes map`);
  try {
    if (typeof canvas.deselectAll === "function") canvas.deselectAll();
    if (typeof canvas.zoomToBbox !== "function") return fail("the canvas cannot zoom to nodes");
    canvas.zoomToBbox({ minX, minY, maxX, maxY });
  } catch (e) {
    return fail("the canvas refused to show the nodes: " + String((e as Error)?.message ?? e));
  }
  return { ok: true };
}

/** Hides or shows nodes with a class on their element; the canvas data is not touched. */
export function setHidden(c: OpenCanvas, ids: string[], hide: boolean): Outcome {
  const map = canvasOf(c.view)?.nodes;
  if (!(map instanceof Map)) return fail("the canvas has no nodes map");
  for (const id of ids) {
    const el = map.get(id)?.nodeEl;
    if (!el || !el.classList) return fail(`node ${id} has no element`);
    el.classList.toggle(HIDDEN_CLASS, hide);
  }
  return { ok: true };
}

/** Shows every node setHidden hid on one canvas view (focus-in-progress toggled off). */
export function showAllOf(c: OpenCanvas): void {
  const map = canvasOf(c.view)?.nodes;
  if (!(map instanceof Map)) return;
  for (const n of map.values()) n.nodeEl?.classList?.remove(HIDDEN_CLASS);
}

/** Shows every node hidden by setHidden, in every open canvas (the plugin's unload). */
export function showAll(app: App): void {
  for (const c of openCanvases(app)) showAllOf(c);
}

/** Whether a node's element carries the hidden class (a redraw makes new elements without it). */
export function isHidden(c: OpenCanvas, id: string): boolean {
  const map = canvasOf(c.view)?.nodes;
  return map instanceof Map && map.get(id)?.nodeEl?.classList?.contains(HIDDEN_CLASS) === true;
}

/** A card's entity as the card shows it: its type and status (front matter), or none for a node of no entity. */
export interface CardLook { type: string; status: string }

/** The data attributes decorateCards sets on an entity card's element (styles.css). */
export const TYPE_ATTR = "data-pc-type";
export const STATUS_ATTR = "data-pc-status";

/**
 * Marks each file node of a live canvas with the type and status look
 * gives for its file (data-pc-type, data-pc-status; styled by styles.css),
 * and clears them from nodes of no entity. The canvas data is not touched.
 * An attribute is written only when it changes: a pass over 10,000
 * unchanged nodes writes nothing to the page.
 */
export function decorateCards(c: OpenCanvas, look: (file: string) => CardLook | undefined): Outcome {
  const map = canvasOf(c.view)?.nodes;
  if (!(map instanceof Map)) return fail("the canvas has no nodes map");
  for (const [id, n] of map) {
    const el = n.nodeEl;
    if (!el || typeof el.getAttr !== "function") continue; // not drawn yet: the next pass
    const path = n.file && typeof n.file.path === "string" ? n.file.path : nodeRef(n, id).file;
    const card = path === undefined ? undefined : look(path);
    setAttr(el, TYPE_ATTR, card ? slug(card.type) : null);
    setAttr(el, STATUS_ATTR, card ? slug(card.status) : null);
  }
  return { ok: true };
}

/** Obsidian's setAttr (null removes), skipped when the value is already there. */
function setAttr(el: HTMLElement, name: string, value: string | null): void {
  if (el.getAttr(name) !== value) el.setAttr(name, value);
}

/** Takes decorateCards's attributes off every node of every open canvas (the plugin's unload). */
export function undecorateAll(app: App): void {
  for (const c of openCanvases(app)) {
    const map = canvasOf(c.view)?.nodes;
    if (!(map instanceof Map)) continue;
    for (const n of map.values()) {
      n.nodeEl?.setAttr?.(TYPE_ATTR, null);
      n.nodeEl?.setAttr?.(STATUS_ATTR, null);
    }
  }
}

/**
 * Subscribes to the canvas node menu. The event is undocumented: the
 * handler gets the node as a NodeRef, and the returned reference goes to
 * registerEvent.
 */
export function onNodeMenu(app: App, handler: (menu: Menu, node: NodeRef) => void): EventRef {
  const on = app.workspace.on.bind(app.workspace) as unknown as (name: string, cb: (menu: Menu, node: CanvasNodeLike) => void) => EventRef;
  return on("canvas:node-menu", (menu: Menu, node: CanvasNodeLike) => {
    if (!menu || !node) return;
    const ref = nodeRef(node, String(node.id ?? ""));
    const path = node.canvas?.view?.file?.path;
    handler(menu, typeof path === "string" ? { ...ref, canvas: path } : ref);
  });
}
