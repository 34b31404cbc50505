// The order of everything the plugin asks of the core: calls, batches of
// vault events and loads run one at a time (exclusive), each call preceded
// by the vault's changes the core has not seen (events, the live data of
// open canvases), and the changes of the core's answers applied to the
// vault in the order the answers came.
import { TAbstractFile, TFile, type App } from "obsidian";
import { ApplyError, applyChanges, type Applied } from "../vault/apply";
import * as canvas from "../editor/canvasAdapter";
import { CoreError, type CoreClient } from "./core";
import { hashOf, type KnownFiles, tracked } from "../vault/files";
import { message } from "./failures";
import type { Change, VaultEvent } from "./protocol";

interface Pending { type: VaultEvent["type"]; path: string; from?: string }

export interface CallQueueOptions {
  app: App;
  core: CoreClient;
  known: KnownFiles;
  notify(message: string): void;
  /** Whether the vault is loaded: events wait for the load. */
  loaded(): boolean;
  /** Loads the vault again: at once (the caller holds the queue), or behind the calls under way. */
  reload(inTurn: boolean): Promise<void>;
}

export class CallQueue {
  private chain: Promise<unknown> = Promise.resolve();
  /** The applies of the core's answers, in the order the answers came (applyInOrder). */
  private applyChain: Promise<unknown> = Promise.resolve();
  private pending: Pending[] = [];
  private flushTimer: number | undefined;
  /** Hashes of the live data of open canvases as last sent to or set by the core. */
  private liveSeen = new Map<string, number>();

  constructor(private readonly opts: CallQueueOptions) {}

  /** Runs f after every earlier operation: calls, event batches and loads never interleave. */
  exclusive<T>(f: () => Promise<T>): Promise<T> {
    const run = this.chain.then(f);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Forgets what the core has seen of open canvases: a new load sends them again. */
  reset(): void { this.liveSeen.clear(); }

  /** Stops the batching of events. */
  stop(): void {
    if (this.flushTimer !== undefined) window.clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }

  /** A vault event, as Obsidian fires it; sent to the core in batches, once loaded. */
  onVaultEvent(type: VaultEvent["type"], file: TAbstractFile, oldPath?: string): void {
    if (!(file instanceof TFile)) return;
    if (!tracked(file.path) && !(oldPath !== undefined && tracked(oldPath))) return;
    this.pending.push(oldPath === undefined ? { type, path: file.path } : { type, path: file.path, from: oldPath });
    if (this.opts.loaded() && this.flushTimer === undefined) {
      this.flushTimer = window.setTimeout(() => {
        this.flushTimer = undefined;
        this.exclusive(() => this.sendEvents()).catch((e) => this.opts.notify(`Project Canvas: a vault change did not reach the index: ${message(e)}`));
      }, 0);
    }
  }

  /**
   * Applies an answer's changes after those of every answer that came
   * before it. The core hands each answer the files written since the last
   * one, so applying answers in the order they came applies the core's
   * writes in the order it made them, also while a background command runs
   * beside the others. Called at once when the answer comes (no await in
   * between), which keeps that order. inTurn: the caller holds the call
   * chain, and a reload after a failed change runs at once; otherwise it is
   * queued behind the calls under way.
   */
  applyInOrder(changes: Change[], inTurn: boolean): Promise<Applied> {
    const run = this.applyChain.then(() => this.applyOrReload(changes, inTurn));
    this.applyChain = run.catch(() => undefined);
    return run;
  }

  /** Sends the vault events seen since the last batch, less the echoes of the plugin's own writes. */
  async sendEvents(): Promise<void> {
    if (!this.opts.loaded()) return;
    const { app, known } = this.opts;
    const batch = this.pending.splice(0);
    const events: VaultEvent[] = [];
    for (const ev of batch) {
      if (ev.type === "delete") {
        if (!known.has(ev.path)) continue;
        known.delete(ev.path);
        events.push({ type: "delete", path: ev.path });
      } else if (ev.type === "rename" && ev.from !== undefined && known.has(ev.from)) {
        if (tracked(ev.path)) {
          known.rename(ev.from, ev.path);
          events.push({ type: "rename", path: ev.path, from: ev.from });
        } else {
          known.delete(ev.from);
          events.push({ type: "delete", path: ev.from });
        }
      } else if (tracked(ev.path)) {
        // create, modify, or a rename from a file the core did not hold
        const f = app.vault.getAbstractFileByPath(ev.path);
        if (!(f instanceof TFile)) continue; // gone since: its delete follows
        const content = await app.vault.cachedRead(f);
        if (known.same(ev.path, content)) continue;
        events.push({ type: known.has(ev.path) ? "modify" : "create", path: ev.path, content });
        known.set(ev.path, content);
      }
    }
    if (events.length > 0) await this.sendChecked(events);
  }

  /** Before a call: the vault events not sent yet, and (unless liveCanvases is false) the live data of open canvases the core has not seen. */
  async syncBeforeCall(liveCanvases = true): Promise<void> {
    const { app, known } = this.opts;
    const events: VaultEvent[] = [];
    for (const c of liveCanvases ? canvas.openCanvases(app) : []) {
      const data = canvas.liveData(c);
      if (data === undefined) continue;
      const h = hashOf(data);
      if (this.liveSeen.get(c.path) === h) continue;
      this.liveSeen.set(c.path, h);
      if (known.sameHash(c.path, h)) continue;
      events.push({ type: known.has(c.path) ? "modify" : "create", path: c.path, content: data });
      known.setHash(c.path, h); // the canvas's text hashed once (250 KB at 1,000 nodes), not three times
    }
    await this.sendEvents();
    if (events.length > 0) await this.sendChecked(events);
  }

  /**
   * The core checks a batch whole: one event it refuses (a file name it
   * cannot hold) would drop the others, so a refused batch is sent again
   * one by one and the refused files are named.
   */
  private async sendChecked(events: VaultEvent[]): Promise<void> {
    try {
      await this.opts.core.request("events", { events });
      return;
    } catch (e) {
      if ((e as CoreError).code !== "invalid_argument" || events.length === 1) {
        if ((e as CoreError).code === "invalid_argument") this.opts.notify(`Project Canvas: ${events[0].path} is not indexed: ${message(e)}`);
        else throw e;
        return;
      }
    }
    for (const ev of events) await this.sendChecked([ev]);
  }

  /**
   * Applies changes; when one cannot be applied the vault is reloaded, so
   * that the core rolls back from its journal what was half applied, and
   * the failure is reported.
   */
  private async applyOrReload(changes: Change[], inTurn: boolean): Promise<Applied> {
    try {
      const applied = await applyChanges(this.opts.app, this.opts.known, changes);
      for (const f of applied.fallbacks) this.opts.notify(`Project Canvas: ${f}`);
      this.noteLive(changes);
      return applied;
    } catch (e) {
      if (!(e instanceof ApplyError)) throw e;
      this.opts.notify(`Project Canvas: ${e.message}. ${e.index} of ${changes.length} changes were applied; reloading the vault.`);
      if (inTurn) await this.opts.reload(true);
      else void this.opts.reload(false).catch(() => undefined); // in turn, behind the calls under way
      throw new CoreError(e.conflict ? "conflict" : "internal", e.message, { path: e.change.path, applied: e.index });
    }
  }

  /** The canvases the core just wrote are open: their live data is what the core holds. */
  private noteLive(changes: Change[]): void {
    const written = new Set(changes.filter((c) => c.op === "write" && c.path.endsWith(".canvas")).map((c) => c.path));
    if (written.size === 0) return;
    for (const c of canvas.openCanvases(this.opts.app)) {
      if (!written.has(c.path)) continue;
      const data = canvas.liveData(c);
      if (data !== undefined) this.liveSeen.set(c.path, hashOf(data));
    }
  }
}
