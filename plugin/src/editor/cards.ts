// Type and status on every entity card of an open canvas: the node's
// element gets data-pc-type and data-pc-status (canvasAdapter.decorateCards)
// from the note's front matter as Obsidian's metadata cache has it, and
// styles.css draws them (a stripe and tint of the status's colour, the
// type's border and badge). Nothing is written to the canvas file: the
// colour of a status in the file would change the file at every status
// change and make merges of it conflict (docs/ARCHITECTURE.md). A redraw
// of the view, a change of a canvas or of a note applies it again, once
// per burst of events.
import { TFile } from "obsidian";
import * as canvas from "./canvasAdapter";
import type { CommandHost } from "../core/types";

/** How long a burst of events is waited out before the cards are marked again. */
const SETTLE_MS = 50;

export class Cards {
  private timer: number | undefined;
  /** The pass under way (tests wait for it). */
  pending: Promise<void> = Promise.resolve();

  constructor(private readonly host: Pick<CommandHost, "app" | "registerEvent" | "register">) {
    const { app } = host;
    host.registerEvent(app.workspace.on("layout-change", () => this.soon()));
    host.registerEvent(app.workspace.on("active-leaf-change", () => this.soon()));
    host.registerEvent(app.vault.on("modify", (f) => { if (f instanceof TFile && f.extension === "canvas") this.soon(); }));
    host.registerEvent(app.metadataCache.on("changed", () => this.soon()));
    host.register(() => {
      if (this.timer !== undefined) window.clearTimeout(this.timer);
      this.timer = undefined;
      canvas.undecorateAll(app);
    });
  }

  /** Marks every open canvas's cards shortly, once for a burst of calls. */
  soon(): void {
    if (this.timer !== undefined) return;
    this.pending = new Promise<void>((resolve) => {
      this.timer = window.setTimeout(() => {
        this.timer = undefined;
        this.apply();
        resolve();
      }, SETTLE_MS);
    });
  }

  /** Marks every open canvas's cards now. */
  apply(): void {
    const { app } = this.host;
    const look = (path: string): canvas.CardLook | undefined => {
      const file = app.vault.getFileByPath(path);
      const fm: unknown = file ? app.metadataCache.getFileCache(file)?.frontmatter : undefined;
      if (!fm || typeof fm !== "object") return undefined;
      const { type, status } = fm as Record<string, unknown>;
      return typeof type === "string" && type !== "" ? { type, status: typeof status === "string" ? status : "" } : undefined;
    };
    for (const c of canvas.openCanvases(app)) canvas.decorateCards(c, look);
  }
}
