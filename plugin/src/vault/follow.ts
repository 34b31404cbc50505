// What the coverage sidebar and the board share: they ask the core again
// after vault changes to its files, once changes settle, and only while
// they are visible (a change seen while hidden is shown when the view is
// shown again). Every listener is the view's (registerEvent): closing the
// view removes them.
import type { ItemView, TAbstractFile } from "obsidian";
import { tracked } from "./files";

/** How long vault changes settle before a view asks the core again. */
export const REFRESH_DELAY_MS = 500;

export class VaultFollower {
  private stale = false;
  private timer: number | undefined;
  private refreshing: Promise<void> | undefined;

  /** fetch asks the core and draws; refresh runs it. */
  constructor(private readonly view: ItemView, private readonly fetch: () => Promise<void>) {}

  /** Registers the view's listeners (from its onOpen). */
  listen(): void {
    const { app } = this.view;
    const changed = (f: TAbstractFile) => { if (tracked(f.path)) this.changed(); };
    this.view.registerEvent(app.vault.on("create", changed));
    this.view.registerEvent(app.vault.on("modify", changed));
    this.view.registerEvent(app.vault.on("delete", changed));
    this.view.registerEvent(app.vault.on("rename", changed));
    this.view.registerEvent(app.workspace.on("layout-change", () => { if (this.stale && this.visible()) this.changed(); }));
  }

  /** Runs fetch now; refreshes asked for while one runs share the next run. */
  refresh(): Promise<void> {
    const run = (this.refreshing ?? Promise.resolve()).then(() => { this.stale = false; return this.fetch(); });
    this.refreshing = run.finally(() => { if (this.refreshing === run) this.refreshing = undefined; });
    return run;
  }

  /** The view closes: no refresh waits any more (from its onClose). */
  stop(): void {
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A vault change: refresh once changes settle, and only while the view is visible. */
  private changed(): void {
    this.stale = true;
    if (!this.visible() || this.timer !== undefined) return;
    this.timer = window.setTimeout(() => {
      this.timer = undefined;
      if (this.visible()) void this.refresh();
    }, REFRESH_DELAY_MS);
  }

  private visible(): boolean {
    return this.view.containerEl.isShown();
  }
}
