// What the commands and the menus do beyond calling the core: find the
// entity a person means (the active note or the selected node), go to a
// navigation's target, set a feature's phase or tier, link work to a
// feature. Every entry point reports a failure as a notice and never
// throws (failures.ts).
import { Notice, type App } from "obsidian";
import * as canvas from "../editor/canvasAdapter";
import { guarded, Refusal } from "../core/failures";
import { BulkLinkModal } from "../editor/modals";
import type { CommandInfo, CommandResult } from "../core/protocol";
import { showResult } from "../editor/results";
import { ListSuggest, pickEntity, type EntityRow } from "../editor/suggesters";
import type { CommandHost } from "../core/types";

/** The eight navigate-to-* commands, in the specification's order, with their palette names. */
export const NAVIGATIONS: ReadonlyArray<{ id: string; name: string }> = [
  { id: "navigate-to-parent", name: "Navigate to parent" },
  { id: "navigate-to-children", name: "Navigate to children" },
  { id: "navigate-to-dependencies", name: "Navigate to dependencies" },
  { id: "navigate-to-dependents", name: "Navigate to dependents" },
  { id: "navigate-to-documents", name: "Navigate to documents" },
  { id: "navigate-to-decisions", name: "Navigate to decisions" },
  { id: "navigate-to-features", name: "Navigate to features" },
  { id: "navigate-to-implemented-by", name: "Navigate to implemented by" },
];

/** The entity a command works on: an open note, or a node of an open canvas. */
export type Subject =
  | { kind: "note"; file: string }
  | { kind: "node"; canvas: string; nodeId: string; file?: string };

/** A navigation target, and the entity a navigation starts from (the core's navigate-to-* rows and data). */
export interface Target {
  id: string;
  type: string;
  title: string;
  status: string;
  file: string;
  node_id?: string;
  /** Only on the entity navigated from: the targets of each navigate-to-* command. */
  targets?: Record<string, number>;
}

/** The canvas the canvas commands work on: the active one, else the default from settings. */
export function currentCanvas(host: CommandHost): string {
  return canvas.activeCanvas(host.app)?.path ?? host.settings.defaultCanvas;
}

/** The entity a person means: the selected node of the active canvas, else the active note. */
export function activeSubject(app: App): Subject {
  const c = canvas.activeCanvas(app);
  if (c) {
    const sel = canvas.selection(c);
    if (!Array.isArray(sel)) throw new Refusal(`cannot read the selection of ${c.path}: ${sel.ok ? "" : sel.fallback}`);
    if (sel.length !== 1) throw new Refusal(`select one entity's node on ${c.path} (${sel.length} selected)`);
    return { kind: "node", canvas: c.path, nodeId: sel[0].id, file: sel[0].file };
  }
  const f = app.workspace.getActiveFile();
  if (f && f.extension === "md") return { kind: "note", file: f.path };
  throw new Refusal("open an entity's note, or select its node on a canvas");
}

/**
 * The core's arguments naming a subject. A node is named by its id and
 * canvas, so that the targets' node ids are on that canvas; byFile names a
 * file node by its file instead (set phase and tier: the canvas argument
 * there is the features canvas, not the one the node is on).
 */
export function subjectArgs(s: Subject, byFile = false): Record<string, string> {
  if (s.kind === "note") return { file: s.file };
  if (byFile && s.file) return { file: s.file };
  return { node_id: s.nodeId, canvas: s.canvas };
}

/**
 * Shows a command's result. View actions on a canvas that no view shows
 * are dropped: the command changed the file, and there is nothing to
 * select in.
 */
export async function show(app: App, result: CommandResult): Promise<void> {
  const path = result.canvas ?? canvas.activeCanvas(app)?.path;
  if (!path || canvas.viewsOf(app, path).length === 0) {
    result = { ...result, select: undefined, center: undefined, hide: undefined, show: undefined };
  }
  await showResult(app, result);
}

/** The entity a subject names, with its navigation counts (describe-entity); a refusal of the core when it is no entity. */
export async function describe(host: CommandHost, s: Subject): Promise<Target> {
  const out = await host.session.command("describe-entity", subjectArgs(s, true));
  return out.result.data as Target;
}

/** Runs a navigation: one target is selected on the canvas it came from or opened; several go to a suggester. */
export async function navigate(host: CommandHost, id: string, s: Subject): Promise<void> {
  const out = await host.session.command(id, subjectArgs(s));
  const rows = (out.result.rows ?? []) as Target[];
  const from = s.kind === "node" ? s.canvas : undefined;
  if (rows.length === 0) {
    new Notice(out.result.notice ?? "Nothing to go to.");
    return;
  }
  if (rows.length === 1) {
    await goTo(host.app, rows[0], from);
    return;
  }
  new ListSuggest(host.app, rows, {
    placeholder: out.result.notice ?? "Go to…",
    text: (t) => `${t.id} ${t.title}`,
    detail: (t) => `${t.type} · ${t.status}`,
    chosen: (t) => guarded("Go to " + t.id, () => goTo(host.app, t, from)),
  }).open();
}

/** Goes to a target: its node on the canvas the navigation started from, else its note. */
export async function goTo(app: App, t: Target, fromCanvas?: string): Promise<void> {
  if (fromCanvas && t.node_id) {
    const view = canvas.viewsOf(app, fromCanvas)[0];
    if (view) {
      const o = canvas.selectNode(view, t.node_id, true);
      if (o.ok) return;
      new Notice(`Project Canvas: ${o.fallback}; opening ${t.file} instead.`);
    }
  }
  await app.workspace.openLinkText(t.file, "", false);
}

const infos = new WeakMap<object, Promise<CommandInfo[]>>();

/** A command's input enum (tier, phase, status), from the core's registry: one list of values. */
export async function inputEnum(host: CommandHost, id: string, field: string): Promise<string[]> {
  let list = infos.get(host.session);
  if (!list) {
    list = host.session.commands();
    infos.set(host.session, list);
    list.catch(() => infos.delete(host.session));
  }
  const info = (await list).find((c) => c.id === id);
  const schema = info?.input_schema as { properties?: Record<string, { enum?: unknown[] }> } | undefined;
  return (schema?.properties?.[field]?.enum ?? []).map(String);
}

/** set-feature-phase and set-feature-tier: a suggester of the values, then the command on the subject. */
export async function setFeatureField(host: CommandHost, field: "phase" | "tier", s: Subject): Promise<void> {
  const id = `set-feature-${field}`;
  const entity = await describe(host, s);
  if (entity.type !== "feature") throw new Refusal(`${entity.id} ${entity.title} is a ${entity.type}; only features have a ${field}`);
  const values = await inputEnum(host, id, field);
  new ListSuggest(host.app, values, {
    placeholder: `${field[0].toUpperCase()}${field.slice(1)} of ${entity.id} ${entity.title}`,
    text: (v) => v,
    chosen: (v) => guarded(`Set ${field}`, async () => {
      const out = await host.session.command(id, { ...subjectArgs(s, true), [field]: v });
      await show(host.app, out.result);
    }),
  }).open();
}

/** Links work (milestones, stories, tasks) to a feature: bulk-link-features, then its notice. */
export async function linkWork(host: CommandHost, feature: string, ids: string[]): Promise<CommandResult> {
  const out = await host.session.command("bulk-link-features", { feature, ids });
  await show(host.app, out.result);
  return out.result;
}

/** "Link to feature" of a milestone, story or task: a feature picker, then the link. */
export function linkToFeature(host: CommandHost, entity: Target): Promise<void> {
  return pickEntity(host.app, host.session, ["feature"], `Feature ${entity.id} ${entity.title} implements`,
    (f) => guarded("Link to feature", () => linkWork(host, f.id, [entity.id])));
}

/** bulk-link-features for one feature: a multi-select of the work to link. */
export function linkWorkTo(host: CommandHost, feature: EntityRow): void {
  new BulkLinkModal(host.app, host.session, feature, (ids) => linkWork(host, feature.id, ids)).open();
}
