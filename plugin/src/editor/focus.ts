// focus-in-progress: a toggle per canvas. On, the nodes of entities not In
// Progress are hidden with a class on their elements (the core says which);
// the canvas file never changes. A redraw of the view makes new elements,
// so the focus is applied again when the workspace or the canvas changes,
// and after every command. The second call, and the plugin's unload, show
// every node again.
import { Notice, TFile } from "obsidian";
import * as canvas from "./canvasAdapter";
import { guarded, Refusal } from "../core/failures";
import type { CommandHost } from "../core/types";

export class Focus {
  /** Focused canvases: path -> the node ids hidden last time. */
  readonly focused = new Map<string, string[]>();
  private timer: number | undefined;
  /** The reapplication under way (tests wait for it). */
  pending: Promise<void> = Promise.resolve();

  constructor(private readonly host: CommandHost) {
    const { app } = host;
    host.registerEvent(app.workspace.on("layout-change", () => this.reapplySoon()));
    host.registerEvent(app.workspace.on("active-leaf-change", () => this.reapplySoon()));
    host.registerEvent(app.vault.on("modify", (f) => {
      if (f instanceof TFile && this.focused.has(f.path)) this.reapplySoon();
    }));
    host.register(() => this.clear());
  }

  /** The command: focus the active canvas (or the open default canvas), or end its focus. */
  async toggle(): Promise<void> {
    const { app, settings } = this.host;
    const c = canvas.activeCanvas(app) ?? canvas.viewsOf(app, settings.defaultCanvas)[0];
    if (!c) throw new Refusal("open a canvas to focus on its in-progress work");
    if (this.focused.has(c.path)) {
      this.focused.delete(c.path);
      for (const v of canvas.viewsOf(app, c.path)) canvas.showAllOf(v);
      new Notice(`Showing every node of ${c.path} again.`);
      return;
    }
    const notice = await this.apply(c.path);
    if (notice) new Notice(notice);
  }

  /** Asks the core which nodes to hide on path and hides them in every view of it; answers the core's notice. */
  private async apply(path: string): Promise<string | undefined> {
    const out = await this.host.session.command("focus-in-progress", { canvas: path });
    const hide = out.result.hide ?? [];
    const show = out.result.show ?? [];
    this.focused.set(path, hide);
    for (const v of canvas.viewsOf(this.host.app, path)) {
      canvas.showAllOf(v);
      const problems = [canvas.setHidden(v, hide, true), canvas.setHidden(v, show, false)].filter((o) => !o.ok);
      for (const p of problems) if (!p.ok) new Notice(`Project Canvas: focus on ${path}: ${p.fallback}`);
    }
    return out.result.notice;
  }

  /** Applies every focus again shortly (a redraw, a change of the canvas, a command). */
  reapplySoon(): void {
    if (this.focused.size === 0 || this.timer !== undefined) return;
    this.pending = new Promise<void>((resolve) => {
      this.timer = window.setTimeout(() => {
        this.timer = undefined;
        void this.reapply().then(resolve);
      }, 50);
    });
  }

  private async reapply(): Promise<void> {
    for (const path of [...this.focused.keys()]) {
      if (canvas.viewsOf(this.host.app, path).length === 0) continue; // applied again when it is open
      await guarded("Focus on in-progress work", () => this.apply(path));
    }
  }

  /** Shows every node again (unload). */
  clear(): void {
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = undefined;
    for (const path of this.focused.keys()) for (const v of canvas.viewsOf(this.host.app, path)) canvas.showAllOf(v);
    this.focused.clear();
  }
}
