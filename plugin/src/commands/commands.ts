// The editor's commands: the 29 command ids of the specification, each a
// call of the core's command registry plus what only the editor can do (a suggester, a
// modal, the canvas view). Palette names are the registry's (a test checks
// this table against the core's `commands`); Obsidian prefixes them with
// "Project Canvas: ". A callback never throws: failures are notices.
import { Notice, Platform, type Hotkey } from "obsidian";
import { activeSubject, currentCanvas, inputEnum, linkWorkTo, navigate, NAVIGATIONS, setFeatureField, show } from "./actions";
import * as canvas from "../editor/canvasAdapter";
import { Focus } from "../editor/focus";
import { guarded, Refusal } from "../core/failures";
import { CreateFeatureModal, ImportSummaryModal, ReconcileModal, ReviewModal, SuggestLinksModal, type FeatureSuggestion, type Imported } from "../editor/modals";
import { ENTITY_TYPES } from "../core/wire";
import { CanvasSearch, pickEntity } from "../editor/suggesters";
import type { CommandHost, NotionSyncControl } from "../core/types";


/** One command of the palette. */
export interface EditorCommand {
  id: string;
  name: string;
  hotkeys?: Hotkey[];
  /** Registered only in the desktop app (Node's http). */
  desktopOnly?: boolean;
  run(host: CommandHost, ctx: Context): unknown;
}

/** What commands share while the plugin is loaded. */
export interface Context { focus: Focus }

/** Runs a command of the core on the current canvas and shows its result. */
const onCanvas = (id: string, extra: (host: CommandHost) => Record<string, unknown> = () => ({})) =>
  async (host: CommandHost) => {
    const out = await host.session.command(id, { canvas: currentCanvas(host), ...extra(host) });
    await show(host.app, out.result);
  };

/** Runs a command of the core with fixed arguments (the core's defaults) and shows its result. */
/** Runs a command as a dry run, shows its changes, and applies them on confirm. */
async function review(host: CommandHost, title: string, id: string, dry: Record<string, unknown>, apply: Record<string, unknown>, lines: (rows: unknown[]) => string[]): Promise<void> {
  const out = await host.session.command(id, dry);
  new ReviewModal(host.app, title, out.result, lines(out.result.rows ?? []), async () => {
    const done = await host.session.command(id, apply);
    await show(host.app, done.result);
  }).open();
}

const plain = (id: string, args?: Record<string, unknown>) => async (host: CommandHost) => {
  const out = await host.session.command(id, args);
  await show(host.app, out.result);
};

/** The features canvas commands: the active canvas (the current one), else the core's Features.canvas. */
const onFeaturesCanvas = (id: string) => async (host: CommandHost) => {
  const active = canvas.activeCanvas(host.app)?.path;
  const out = await host.session.command(id, active ? { canvas: active } : {});
  await show(host.app, out.result);
};

export const COMMANDS: EditorCommand[] = [
  {
    id: "populate-canvas-from-vault", name: "Populate canvas from vault",
    run: onCanvas("populate-canvas-from-vault", (host) => ({ types: ENTITY_TYPES.filter((t) => host.settings.visibleTypes[t]) })),
  },
  { id: "reposition-canvas-nodes", name: "Reposition canvas nodes (V4)", run: onCanvas("reposition-canvas-nodes") },
  {
    id: "search-entity-on-canvas", name: "Search entity on canvas", hotkeys: [{ modifiers: ["Mod", "Shift"], key: "F" }],
    run: (host) => {
      const path = currentCanvas(host);
      new CanvasSearch(host.app, host.session, path, (row) => guarded("Search entity on canvas", async () => {
        let view = canvas.viewsOf(host.app, path)[0];
        if (!view) {
          await host.app.workspace.openLinkText(path, "", false);
          view = canvas.viewsOf(host.app, path)[0];
        }
        if (!view) throw new Refusal(`${path} is not open in a canvas view`);
        const o = canvas.selectNode(view, row.node_id, true);
        if (!o.ok) throw new Refusal(`${row.id} on ${path}: ${o.fallback}`);
      })).open();
    },
  },
  { id: "focus-in-progress", name: "Focus on in-progress work", run: (_host, ctx) => ctx.focus.toggle() },
  {
    id: "reconcile-relationships", name: "Reconcile relationships",
    run: async (host) => {
      const dry = await host.session.command("reconcile-relationships", { dry_run: true });
      const problems = (dry.result.data as { problems?: unknown[] } | undefined)?.problems ?? [];
      if ((dry.result.rows ?? []).length === 0 && problems.length === 0) {
        new Notice(dry.result.notice ?? "Relationships already agree.");
        return;
      }
      new ReconcileModal(host.app, dry.result, async () => {
        const out = await host.session.command("reconcile-relationships", {});
        await show(host.app, out.result);
      }).open();
    },
  },
  {
    id: "create-feature", name: "Create feature",
    run: async (host) => {
      const [tier, phase, status] = await Promise.all(["tier", "phase", "status"].map((f) => inputEnum(host, "create-feature", f)));
      new CreateFeatureModal(host.app, { tier, phase, status }, async (form) => {
        const args = Object.fromEntries(Object.entries(form).map(([k, v]): [string, string] => [k, String(v).trim()]).filter(([, v]) => v !== ""));
        const out = await host.session.command("create-feature", args);
        await show(host.app, out.result);
      }).open();
    },
  },
  { id: "create-features-canvas", name: "Create features canvas", run: plain("create-features-canvas") },
  { id: "auto-layout-features", name: "Auto-layout features", run: onFeaturesCanvas("auto-layout-features") },
  { id: "populate-features-canvas", name: "Populate features canvas", run: onFeaturesCanvas("populate-features-canvas") },
  { id: "set-feature-phase", name: "Set feature phase", run: (host) => setFeatureField(host, "phase", activeSubject(host.app)) },
  { id: "set-feature-tier", name: "Set feature tier", run: (host) => setFeatureField(host, "tier", activeSubject(host.app)) },
  {
    id: "import-future-features", name: "Import future features",
    run: async (host) => {
      const out = await host.session.command("import-future-features", {});
      await show(host.app, out.result);
      new ImportSummaryModal(host.app, out.result.data as Imported).open();
    },
  },
  {
    id: "suggest-feature-links", name: "Suggest feature links",
    run: async (host) => {
      const out = await host.session.command("suggest-feature-links", {});
      const rows = ((out.result.rows ?? []) as FeatureSuggestion[]).filter((s) => s.candidates.length > 0);
      if (rows.length === 0) {
        new Notice(out.result.notice ?? "No suggestions.");
        return;
      }
      new SuggestLinksModal(host.app, rows, async (feature, ids) => {
        const linked = await host.session.command("bulk-link-features", { feature, ids });
        await show(host.app, linked.result);
      }).open();
    },
  },
  {
    id: "bulk-link-features", name: "Bulk link features",
    run: (host) => pickEntity(host.app, host.session, ["feature"], "Feature to link work to", (f) => linkWorkTo(host, f)),
  },
  ...NAVIGATIONS.map((n): EditorCommand => ({ id: n.id, name: n.name, run: (host) => navigate(host, n.id, activeSubject(host.app)) })),
  { id: "regenerate-templates", name: "Regenerate templates", run: plain("regenerate-templates") },
  {
    id: "start-http-server", name: "Start HTTP server", desktopOnly: true,
    run: async (host) => {
      if (!host.httpServer) throw new Refusal("this build has no HTTP server");
      await host.httpServer.start();
    },
  },
  {
    id: "stop-http-server", name: "Stop HTTP server", desktopOnly: true,
    run: async (host) => {
      if (!host.httpServer) throw new Refusal("this build has no HTTP server");
      await host.httpServer.stop();
    },
  },
  {
    id: "open-feature-coverage", name: "Open feature coverage",
    run: async (host) => {
      if (!host.openCoverage) throw new Refusal("this build has no coverage sidebar");
      await host.openCoverage();
    },
  },
  // Always registered: with the integration off or unset, they say what to set.
  { id: "sync-canvas-notes-to-extdb", name: "Sync canvas notes to external database", run: (host) => notion(host).syncCanvas() },
  {
    id: "sync-note-to-extdb", name: "Sync note to external database",
    run: async (host) => {
      await notion(host).check(); // what to set comes before "open a note"
      await notion(host).syncNote(activeSubject(host.app));
    },
  },
  { id: "start-extdb-sync-polling", name: "Start external database sync polling", run: (host) => notion(host).togglePolling() },
  {
    // Beyond the spec's commands: reconcile-relationships with repair_ids,
    // shown as a dry run first (after a merge gave two files one id).
    id: "repair-duplicate-ids", name: "Repair duplicate ids",
    run: (host) => review(host, "Repair duplicate ids", "reconcile-relationships", { repair_ids: true, dry_run: true }, { repair_ids: true, dry_run: false },
      (rows) => (rows as { id: string; new_id: string; file: string; new_file: string }[]).map((r) => `${r.id} → ${r.new_id}: ${r.file} → ${r.new_file}`)),
  },
  {
    // Beyond the spec's commands: notes of the plugin this project replaces.
    id: "migrate", name: "Migrate notes from the old plugin",
    run: (host) => review(host, "Migrate notes from the old plugin", "migrate", {}, { apply: true },
      (rows) => (rows as { file: string; changes: { kind: string; key: string; new_key?: string }[] }[])
        .filter((n) => n.changes.some((c) => c.kind !== "kept"))
        .map((n) => `${n.file}: ${n.changes.map((c) => c.new_key && c.new_key !== c.key ? `${c.key} → ${c.new_key}` : c.key).join(", ")}`)),
  },
  {
    // Beyond the spec's commands: the board and table of the active
    // entities, a view of the editor only (the site draws the same board).
    id: "open-board", name: "Open project board",
    run: async (host) => {
      if (!host.openBoard) throw new Refusal("this build has no board");
      await host.openBoard();
    },
  },
];

function notion(host: CommandHost): NotionSyncControl {
  if (!host.notionSync) throw new Refusal("this build has no Notion sync");
  return host.notionSync;
}

/**
 * Adds the commands to the palette. Each callback runs its command through
 * guarded, then lets focus-in-progress apply itself again (a command may
 * have redrawn the canvas).
 */
export function registerCommands(host: CommandHost): Context {
  const ctx: Context = { focus: new Focus(host) };
  for (const c of COMMANDS) {
    if (c.desktopOnly && !Platform.isDesktopApp) continue;
    host.addCommand({
      id: c.id,
      name: c.name,
      ...(c.hotkeys ? { hotkeys: c.hotkeys } : {}),
      callback: () => guarded(c.name, async () => {
        await c.run(host, ctx);
        if (c.id !== "focus-in-progress") ctx.focus.reapplySoon();
      }),
    });
  }
  return ctx;
}
