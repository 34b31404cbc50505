// The commands' modals: create-feature's form, reconcile's list of
// changes, import-future-features' summary, suggest-feature-links'
// suggestions and bulk-link-features' multi-select. Each button's work goes
// through guarded: a refusal of the core is a notice (or an inline error),
// never a throw.
import { Modal, Notice, Setting, type App, type ButtonComponent } from "obsidian";
import type { CommandResult } from "../core/protocol";
import type { Session } from "../core/session";
import { guarded } from "../core/failures";
import { findEntities, type EntityRow } from "./suggesters";
import { WORK_TYPES } from "../core/wire";

/** The fields of create-feature, as its input schema has them. */
export interface FeatureForm {
  title: string;
  user_story: string;
  tier: string;
  phase: string;
  status: string;
  workstream: string;
}

/** create-feature: Title and User Story required (checked inline), Tier, Phase, Status and Workstream. */
export class CreateFeatureModal extends Modal {
  readonly form: FeatureForm = { title: "", user_story: "", tier: "", phase: "", status: "", workstream: "" };
  /** The inline messages under the required fields, and the core's refusal. */
  errors!: { title: HTMLElement; user_story: HTMLElement; submit: HTMLElement };
  private button: ButtonComponent | undefined;

  constructor(app: App, private readonly enums: { tier: string[]; phase: string[]; status: string[] }, private readonly create: (form: FeatureForm) => Promise<unknown>) {
    super(app);
  }

  override onOpen(): void {
    const { contentEl } = this;
    contentEl.empty();
    contentEl.addClass("project-canvas-modal");
    this.titleEl.setText("Create feature");
    new Setting(contentEl).setName("Title").setDesc("Required.")
      .addText((t) => t.setPlaceholder("Offline mode").onChange((v) => { this.form.title = v; this.check("title"); }));
    const titleError = contentEl.createDiv({ cls: "project-canvas-error" });
    new Setting(contentEl).setName("User story").setDesc("Required: as a …, I want …, so that ….")
      .addTextArea((t) => t.setPlaceholder("As a reader, I want …").onChange((v) => { this.form.user_story = v; this.check("user_story"); }));
    const storyError = contentEl.createDiv({ cls: "project-canvas-error" });
    for (const [field, name] of [["tier", "Tier"], ["phase", "Phase"], ["status", "Status"]] as const) {
      new Setting(contentEl).setName(name).addDropdown((d) => {
        d.addOption("", "—");
        for (const v of this.enums[field]) d.addOption(v, v);
        d.setValue("").onChange((v) => { this.form[field] = v; });
      });
    }
    new Setting(contentEl).setName("Workstream")
      .addText((t) => t.setPlaceholder("engineering").onChange((v) => { this.form.workstream = v; }));
    const submitError = contentEl.createDiv({ cls: "project-canvas-error" });
    this.errors = { title: titleError, user_story: storyError, submit: submitError };
    new Setting(contentEl).addButton((b) => {
      this.button = b;
      b.setButtonText("Create").setCta().onClick(() => this.submit());
    });
  }

  /** Shows or clears the message of a required field; answers whether it is filled. */
  private check(field: "title" | "user_story"): boolean {
    const ok = this.form[field].trim() !== "";
    this.errors[field].setText(ok ? "" : `${field === "title" ? "Title" : "User story"} is required.`);
    return ok;
  }

  async submit(): Promise<void> {
    const ok = [this.check("title"), this.check("user_story")].every(Boolean);
    if (!ok) return;
    this.errors.submit.setText("");
    this.button?.setDisabled(true);
    try {
      await this.create(this.form);
      this.close();
    } catch (e) {
      // The core's refusal (a title too long, say) stays in the form to fix.
      this.errors.submit.setText(e instanceof Error ? e.message : String(e));
    } finally {
      this.button?.setDisabled(false);
    }
  }

  override onClose(): void { this.contentEl.empty(); }
}

/** A file of reconcile-relationships' summary. */
export interface ReconcileRow { file: string; entity: string; lines: string[] }

/** reconcile-relationships: what a dry run would change, applied on confirm. */
export class ReconcileModal extends Modal {
  constructor(app: App, private readonly dryRun: CommandResult, private readonly apply: () => Promise<unknown>) {
    super(app);
  }

  override onOpen(): void {
    const { contentEl } = this;
    contentEl.empty();
    contentEl.addClass("project-canvas-modal");
    this.titleEl.setText("Reconcile relationships");
    contentEl.createEl("p", { text: this.dryRun.notice ?? "" });
    const list = contentEl.createDiv({ cls: "project-canvas-list" });
    for (const row of (this.dryRun.rows ?? []) as ReconcileRow[]) {
      list.createDiv({ text: row.file, cls: "project-canvas-file" });
      const ul = list.createEl("ul");
      for (const line of row.lines ?? []) ul.createEl("li", { text: line });
    }
    const problems = ((this.dryRun.data as { problems?: { entity: string; message: string }[] } | undefined)?.problems ?? []);
    if (problems.length > 0) {
      contentEl.createEl("p", { text: "Left for you (not changed):" });
      const ul = contentEl.createEl("ul", { cls: "project-canvas-problems" });
      for (const p of problems) ul.createEl("li", { text: `${p.entity}: ${p.message}` });
    }
    const buttons = new Setting(contentEl).addButton((b) => b.setButtonText(this.changes() ? "Cancel" : "Close").onClick(() => this.close()));
    // With problems only, there is nothing to apply: the list is for a person.
    if (this.changes()) {
      buttons.addButton((b) => b.setButtonText("Apply").setCta().onClick(async () => {
        b.setDisabled(true);
        if (await guarded("Reconcile relationships", this.apply)) this.close();
        b.setDisabled(false);
      }));
    }
  }

  private changes(): boolean { return (this.dryRun.rows ?? []).length > 0; }

  override onClose(): void { this.contentEl.empty(); }
}

/** import-future-features' detail. */
export interface Imported { file: string; created: string[]; updated: string[]; unchanged: number; problems: { line: number; message: string }[] }

/** import-future-features: what was created and updated, and each section that could not be read, by line. */
export class ImportSummaryModal extends Modal {
  constructor(app: App, readonly result: Imported) {
    super(app);
  }

  override onOpen(): void {
    const { contentEl } = this;
    const r = this.result;
    contentEl.empty();
    contentEl.addClass("project-canvas-modal");
    this.titleEl.setText(`Imported ${r.file}`);
    const ul = contentEl.createEl("ul");
    ul.createEl("li", { text: `Created: ${r.created.length ? r.created.join(", ") : "none"}` });
    ul.createEl("li", { text: `Updated: ${r.updated.length ? r.updated.join(", ") : "none"}` });
    ul.createEl("li", { text: `Unchanged: ${r.unchanged}` });
    if (r.problems.length > 0) {
      contentEl.createEl("p", { text: `Not imported (${r.problems.length}):` });
      const pl = contentEl.createEl("ul", { cls: "project-canvas-problems" });
      for (const p of r.problems) pl.createEl("li", { text: `${r.file}, line ${p.line}: ${p.message}` });
    }
    new Setting(contentEl).addButton((b) => b.setButtonText("OK").setCta().onClick(() => this.close()));
  }

  override onClose(): void { this.contentEl.empty(); }
}

/** suggest-feature-links' rows. */
export interface FeatureSuggestion {
  feature_id: string;
  title: string;
  candidates: { id: string; type: string; title: string; score: number; reason: string }[];
}

/** suggest-feature-links: each feature's candidates with scores, accepted one by one or all. */
export class SuggestLinksModal extends Modal {
  /** Accepted candidates, as feature/id. */
  readonly accepted = new Set<string>();
  private buttons = new Map<string, ButtonComponent>();

  constructor(app: App, readonly suggestions: FeatureSuggestion[], private readonly link: (feature: string, ids: string[]) => Promise<unknown>) {
    super(app);
  }

  override onOpen(): void {
    const { contentEl } = this;
    contentEl.empty();
    contentEl.addClass("project-canvas-modal");
    this.titleEl.setText("Suggested feature links");
    new Setting(contentEl).setName("Accept every suggestion")
      .addButton((b) => b.setButtonText("Accept all").setCta().onClick(() => this.acceptAll()));
    for (const s of this.suggestions) {
      new Setting(contentEl).setName(`${s.feature_id} ${s.title}`).setHeading();
      for (const c of s.candidates) {
        new Setting(contentEl).setName(`${c.id} ${c.title}`)
          .setDesc(`${c.type} · score ${c.score.toFixed(2)}${c.reason ? " · " + c.reason : ""}`)
          .addButton((b) => {
            this.buttons.set(`${s.feature_id}/${c.id}`, b);
            b.setButtonText("Accept").onClick(() => this.accept(s.feature_id, [c.id]));
          });
      }
    }
  }

  /** Links ids to feature (one write), and marks them accepted. */
  async accept(feature: string, ids: string[]): Promise<void> {
    const todo = ids.filter((id) => !this.accepted.has(`${feature}/${id}`));
    if (todo.length === 0) return;
    if (!(await guarded("Bulk link features", () => this.link(feature, todo)))) return;
    for (const id of todo) {
      this.accepted.add(`${feature}/${id}`);
      this.buttons.get(`${feature}/${id}`)?.setButtonText("Linked").setDisabled(true);
    }
  }

  /** Every feature's candidates, one write per feature. */
  async acceptAll(): Promise<void> {
    for (const s of this.suggestions) await this.accept(s.feature_id, s.candidates.map((c) => c.id));
  }

  override onClose(): void { this.contentEl.empty(); }
}

/** bulk-link-features for one feature: milestones, stories and tasks to tick, filtered by a query, linked in one write. */
export class BulkLinkModal extends Modal {
  readonly selected = new Set<string>();
  listEl!: HTMLElement;
  /** The rows listed now (the last query's). */
  rows: EntityRow[] = [];
  private seq = 0;
  private linkButton: ButtonComponent | undefined;

  constructor(app: App, private readonly session: Session, readonly feature: EntityRow, private readonly link: (ids: string[]) => Promise<unknown>) {
    super(app);
  }

  override onOpen(): void {
    const { contentEl } = this;
    contentEl.empty();
    contentEl.addClass("project-canvas-modal");
    this.titleEl.setText(`Link work to ${this.feature.id} ${this.feature.title}`);
    new Setting(contentEl).setName("Filter").setDesc("Milestones, stories and tasks by ID or title.")
      .addText((t) => t.setPlaceholder("sign-in").onChange((v) => { void this.filter(v); }));
    this.listEl = contentEl.createDiv({ cls: "project-canvas-list" });
    new Setting(contentEl)
      .addButton((b) => b.setButtonText("Cancel").onClick(() => this.close()))
      .addButton((b) => {
        this.linkButton = b;
        b.setButtonText("Link").setCta().onClick(() => this.submit());
      });
    this.updateButton();
    void this.filter("");
  }

  /** Lists the work matching query; ticks already made are kept. */
  async filter(query: string): Promise<void> {
    const seq = ++this.seq;
    let rows: EntityRow[];
    try {
      rows = await findEntities(this.session, WORK_TYPES, query, 100);
    } catch (e) {
      new Notice(`Project Canvas: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    if (seq !== this.seq) return; // typed over
    this.rows = rows;
    this.listEl.empty();
    for (const r of rows) {
      new Setting(this.listEl).setName(`${r.id} ${r.title}`).setDesc(`${r.type} · ${r.status}`)
        .addToggle((t) => t.setValue(this.selected.has(r.id)).onChange((on) => this.tick(r.id, on)));
    }
  }

  tick(id: string, on: boolean): void {
    if (on) this.selected.add(id);
    else this.selected.delete(id);
    this.updateButton();
  }

  private updateButton(): void {
    this.linkButton?.setButtonText(`Link ${this.selected.size}`).setDisabled(this.selected.size === 0);
  }

  async submit(): Promise<void> {
    if (this.selected.size === 0) return;
    if (await guarded("Bulk link features", () => this.link([...this.selected]))) this.close();
  }

  override onClose(): void { this.contentEl.empty(); }
}

/**
 * A dry run to review before it is applied: its notice and one line per
 * change (repair-duplicate-ids, migrate-old-plugin-notes). Apply runs the
 * command for real; with nothing to change there is only Close.
 */
export class ReviewModal extends Modal {
  constructor(app: App, private readonly title: string, private readonly dryRun: CommandResult, private readonly lines: string[], private readonly apply: () => Promise<unknown>) {
    super(app);
  }

  override onOpen(): void {
    const { contentEl } = this;
    contentEl.empty();
    contentEl.addClass("project-canvas-modal");
    this.titleEl.setText(this.title);
    contentEl.createEl("p", { text: this.dryRun.notice ?? "" });
    if (this.lines.length > 0) {
      const ul = contentEl.createDiv({ cls: "project-canvas-list" }).createEl("ul");
      for (const line of this.lines) ul.createEl("li", { text: line });
    }
    const buttons = new Setting(contentEl).addButton((b) => b.setButtonText(this.lines.length > 0 ? "Cancel" : "Close").onClick(() => this.close()));
    if (this.lines.length > 0) {
      buttons.addButton((b) => b.setButtonText("Apply").setCta().onClick(async () => {
        b.setDisabled(true);
        if (await guarded(this.title, this.apply)) this.close();
        b.setDisabled(false);
      }));
    }
  }

  override onClose(): void {
    this.contentEl.empty();
  }
}
