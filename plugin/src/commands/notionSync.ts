// External sync with Notion, the editor's side of the three commands: the
// core runs the sync (sync-canvas-notes-to-extdb, sync-note-to-extdb) over
// the plugin's transport and answers its summary with the file changes
// (the base under .projectcanvas/sync/, conflict notes, pulled fields),
// which the session applies like any command's. Here: the settings turned
// into the commands' arguments (the token travels with each call and is
// never written to the vault), one run at a time, the polling timer of
// start-extdb-sync-polling, the status bar item, and the notices.
import { Notice, type App } from "obsidian";
import { currentCanvas, show, subjectArgs, type Subject } from "./actions";
import { describeError, Refusal } from "../core/failures";
import type { CommandResult } from "../core/protocol";
import { pollMinutes } from "../settings";
import type { CommandHost } from "../core/types";

export const SYNC_CANVAS = "sync-canvas-notes-to-extdb";
export const SYNC_NOTE = "sync-note-to-extdb";

/** Where the sync settings are, as the notices name them. */
const SETTINGS_PLACE = "Settings → Project Canvas → External sync (Notion)";
/** The vault's configuration, which may hold the database id (notion.database_id). */
const CONFIG_PATH = ".projectcanvas/config.json";

/** The core's summary of a run (extsync.Summary), as far as the editor reads it. */
export interface SyncSummary {
  created: number;
  updated_remote: number;
  updated_local: number;
  conflicts: { id: string; fields: string[]; note: string }[];
  trashed_in_notion?: string[];
  failed?: { id: string; code: string; message: string }[];
  requests: number;
}

/** The last run, for the status bar. */
interface LastRun { at: Date; ok: boolean; text: string; detail: string }

export class NotionSync {
  private timer: number | undefined;
  /** The canvas polling syncs: the current one when it started. */
  private pollCanvas = "";
  private pollMinutes = 0;
  private running = false;
  private last: LastRun | undefined;
  /** What polling last reported in a notice, so that each tick does not repeat it. */
  private lastReported = "";
  /** A minute of polling, in ms: tests shorten it (the interval itself stays 1 to 1,440 minutes). */
  minuteMs = 60_000;

  constructor(private readonly host: CommandHost, private readonly statusEl: HTMLElement) {
    statusEl.addClass("project-canvas-sync-status");
    host.register(() => this.stopTimer());
    this.render();
  }

  get polling(): boolean { return this.timer !== undefined; }

  async check(): Promise<void> { await notionArgs(this.host); }

  /** sync-canvas-notes-to-extdb: the entities on the active canvas, else the default one. */
  async syncCanvas(): Promise<void> {
    const canvas = currentCanvas(this.host);
    await this.run(SYNC_CANVAS, { canvas }, false);
  }

  /** sync-note-to-extdb: one entity (the active note, a selected node, a menu's subject). */
  async syncNote(s: Subject): Promise<void> {
    await this.run(SYNC_NOTE, subjectArgs(s), false);
  }

  /** start-extdb-sync-polling: starts polling (a first run at once), or stops it on the second call. */
  async togglePolling(): Promise<void> {
    if (this.polling) {
      this.stopTimer();
      new Notice("Stopped syncing with Notion on a timer.");
      return;
    }
    await notionArgs(this.host); // refuses before anything starts
    this.pollCanvas = currentCanvas(this.host);
    this.startTimer();
    new Notice(`Syncing the entities on ${this.pollCanvas} with Notion every ${minutes(this.pollMinutes)}.`);
    await this.tick();
  }

  /** The settings changed: polling follows a new interval, and ends when the integration is turned off. */
  settingsChanged(): void {
    if (!this.polling) return;
    const n = this.host.settings.notion;
    if (!n.enabled) {
      this.stopTimer();
      new Notice("Stopped syncing with Notion on a timer: the integration is turned off.");
    } else if (n.pollMinutes !== this.pollMinutes) {
      this.stopTimer();
      this.startTimer();
    }
  }

  private startTimer(): void {
    this.pollMinutes = pollMinutes(this.host.settings.notion.pollMinutes);
    const id = window.setInterval(() => void this.tick(), this.pollMinutes * this.minuteMs);
    this.timer = this.host.registerInterval(id);
    this.lastReported = "";
    this.render();
  }

  private stopTimer(): void {
    if (this.timer !== undefined) window.clearInterval(this.timer);
    this.timer = undefined;
    this.render();
  }

  /** One polling run; skipped while the previous one (or a command's) is under way. */
  private async tick(): Promise<void> {
    if (this.running || !this.polling) return;
    await this.run(SYNC_CANVAS, { canvas: this.pollCanvas }, true).catch(() => undefined);
  }

  /**
   * Runs a sync command. A command's run refuses while another runs;
   * failures are thrown to the command's guard (a notice) or, polling,
   * noticed once until they change.
   */
  private async run(id: string, subject: Record<string, string>, polled: boolean): Promise<void> {
    // A command refused for want of settings is no run; polling records it as its run's failure.
    const args = polled ? undefined : await notionArgs(this.host);
    if (this.running) throw new Refusal("a sync with Notion is under way; try again when it ends");
    this.running = true;
    this.render();
    try {
      // In the background: commands, vault events and HTTP requests go
      // ahead of a sync, which spends its time waiting on Notion.
      const out = await this.host.session.commandInBackground(id, { ...subject, ...(args ?? await notionArgs(this.host)) });
      const sum = out.result.data as SyncSummary;
      this.last = { at: new Date(), ok: true, text: outcome(sum), detail: out.result.notice ?? "" };
      await this.report(out.result, sum, polled);
    } catch (e) {
      const reason = describeError(e);
      this.last = { at: new Date(), ok: false, text: firstLine(reason), detail: reason };
      if (!polled) throw e;
      if (!this.polling) return; // stopped meanwhile (the plugin unloading): nothing to say
      if (this.lastReported !== reason) new Notice(`Project Canvas: syncing with Notion failed: ${reason}`);
      this.lastReported = reason;
    } finally {
      this.running = false;
      this.render();
    }
  }

  /**
   * The result's notice, and the conflicts and failures by name. Polling
   * speaks only when a run changed something, or when the conflicts or
   * failures differ from what it said last: a conflict stays listed until
   * it is resolved, and a notice every few minutes would say nothing new.
   */
  private async report(result: CommandResult, sum: SyncSummary, polled: boolean): Promise<void> {
    const extra = [conflictsNotice(sum), failuresNotice(sum)].filter((m) => m !== "");
    if (polled) {
      const said = extra.join("\n");
      const changed = sum.created + sum.updated_local + sum.updated_remote > 0;
      const news = changed || (extra.length > 0 && said !== this.lastReported);
      this.lastReported = said;
      if (!news) return;
    }
    await show(this.host.app, result);
    for (const m of extra) new Notice(m);
  }

  private render(): void {
    const el = this.statusEl;
    const every = this.polling ? ` (every ${short(this.pollMinutes)})` : "";
    if (this.running) {
      el.setText(`Notion${every}: syncing…`);
    } else if (this.last) {
      const at = clock(this.last.at);
      el.setText(this.last.ok ? `Notion${every}: synced ${at} ${this.last.text}` : `Notion${every}: failed ${at} — ${this.last.text}`);
    } else {
      el.setText(this.polling ? `Notion${every}: waiting for the first run` : "");
    }
    const state = this.polling ? `Polling Notion every ${minutes(this.pollMinutes)} (${this.pollCanvas}).` : "Not polling Notion.";
    el.setAttr("aria-label", this.last ? `${state} Last run ${this.last.at.toLocaleString()}: ${this.last.detail}` : state);
  }
}

/**
 * The arguments every sync command takes, from the settings; a refusal
 * that says exactly what to set when the integration is off or the token
 * or the database is missing. The database id may come from the vault's
 * configuration instead (the core reads it there when none is sent).
 */
export async function notionArgs(host: CommandHost): Promise<Record<string, string>> {
  const n = host.settings.notion;
  const token = host.device.secret("notionToken").trim();
  const todo: string[] = [];
  if (!n.enabled) todo.push("turn on “Sync with Notion”");
  if (!token) todo.push("set the access token (the integration's secret)");
  const database = n.databaseId.trim();
  if (!database && !(await configuredDatabase(host.app))) todo.push(`set the database id (or notion.database_id in ${CONFIG_PATH})`);
  if (todo.length > 0) throw new Refusal(`to sync with Notion, in ${SETTINGS_PLACE}: ${todo.join("; ")}`);
  const args: Record<string, string> = { token };
  if (database) args.database_id = database;
  return args;
}

/** Whether the vault's configuration names a database (notion.database_id). */
async function configuredDatabase(app: App): Promise<boolean> {
  try {
    if (!(await app.vault.adapter.exists(CONFIG_PATH))) return false;
    const cfg = JSON.parse(await app.vault.adapter.read(CONFIG_PATH)) as { notion?: { database_id?: unknown } };
    return typeof cfg?.notion?.database_id === "string" && cfg.notion.database_id.trim() !== "";
  } catch {
    return false; // the core says what is wrong with the file
  }
}

/** The entities in conflict, their fields and their conflict notes; "" without any. */
export function conflictsNotice(sum: SyncSummary): string {
  const c = sum.conflicts ?? [];
  if (c.length === 0) return "";
  const which = c.map((x) => `${x.id} (${x.fields.join(", ")})`).join(", ");
  const notes = c.map((x) => x.note).join(", ");
  return `Notion sync: ${which} changed both here and in Notion; the notes kept their values and Notion's are in ${notes}. ` +
    "Set resolution: mine or theirs in a conflict note's front matter, then sync again.";
}

/** The entities that did not sync, with the first reason; "" without any. */
function failuresNotice(sum: SyncSummary): string {
  const f = sum.failed ?? [];
  if (f.length === 0) return "";
  return `Notion sync: ${f.map((x) => x.id).join(", ")} did not sync (${f[0].message}); the next run tries again.`;
}

/** A run's outcome in a few words, for the status bar: "✓ 3 updated", "⚠ 1 in conflict". */
export function outcome(sum: SyncSummary): string {
  const parts: string[] = [];
  if (sum.created > 0) parts.push(`${sum.created} created`);
  const updated = sum.updated_local + sum.updated_remote;
  if (updated > 0) parts.push(`${updated} updated`);
  const conflicts = sum.conflicts?.length ?? 0;
  const failed = sum.failed?.length ?? 0;
  if (conflicts > 0) parts.push(`${conflicts} in conflict`);
  if (failed > 0) parts.push(`${failed} failed`);
  return `${conflicts + failed > 0 ? "⚠" : "✓"} ${parts.length > 0 ? parts.join(", ") : "no changes"}`;
}

const minutes = (m: number) => (m === 1 ? "minute" : `${m} minutes`);
const short = (m: number) => `${m} min`;
const clock = (d: Date) => `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;

function firstLine(s: string): string {
  const line = s.split("\n")[0];
  return line.length > 100 ? line.slice(0, 99) + "…" : line;
}
