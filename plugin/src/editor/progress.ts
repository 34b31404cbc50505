// The status bar item (entity count, or indexing progress) and the notice
// that shows the progress of a load that takes more than a second.
import { Notice } from "obsidian";
import type { Progress } from "../core/session";

/** How long a load runs before its progress shows in a notice. */
export const NOTICE_DELAY_MS = 1000;

export class LoadProgress {
  private notice: Notice | undefined;
  private timer: number | undefined;
  private text = "";

  constructor(private readonly statusEl: HTMLElement, private readonly delay = NOTICE_DELAY_MS) {
    statusEl.addClass("project-canvas-status");
  }

  update(p: Progress): void {
    switch (p.phase) {
      case "starting":
        this.show("Project Canvas: starting…");
        this.arm();
        break;
      case "reading":
        this.show(`Project Canvas: reading ${p.done}/${p.total} files`);
        break;
      case "indexing":
        this.show(`Project Canvas: indexing ${p.files} files…`);
        break;
      case "ready":
        this.done();
        this.statusEl.setText(`${p.entities} ${p.entities === 1 ? "entity" : "entities"}`);
        this.statusEl.setAttr("aria-label", `Project Canvas: ${p.entities} entities, ${p.problems} files with problems; loaded in ${p.ms} ms`);
        break;
      case "failed":
        this.done();
        this.statusEl.setText("Project Canvas: not loaded");
        new Notice(`Project Canvas could not load the vault: ${p.message}`);
        break;
    }
  }

  /** Sets the entity count after a change. */
  count(entities: number): void { this.statusEl.setText(`${entities} ${entities === 1 ? "entity" : "entities"}`); }

  dispose(): void { this.done(); }

  private show(text: string): void {
    this.text = text;
    this.statusEl.setText(text.replace("Project Canvas: ", ""));
    this.notice?.setMessage(text);
  }

  private arm(): void {
    if (this.timer !== undefined || this.notice) return;
    this.timer = window.setTimeout(() => {
      this.timer = undefined;
      this.notice = new Notice(this.text, 0);
    }, this.delay);
  }

  private done(): void {
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = undefined;
    this.notice?.hide();
    this.notice = undefined;
  }
}
