// The coverage sidebar (open-feature-coverage): each feature's
// implementation, documentation and tests, and its gaps, filtered by tier,
// phase, status and gap kind. The rows are the core's (the command's Go
// half, insight.FeatureCoverage); this view only shows them, opens a
// feature's note on a click, and refreshes when the vault changes while it
// is visible.
import { ItemView, type App, type WorkspaceLeaf } from "obsidian";
import { VaultFollower } from "../vault/follow";
import type { Session } from "../core/session";
import { message } from "../core/failures";

export const COVERAGE_VIEW = "project-canvas-coverage";

/** One row of open-feature-coverage (insight.FeatureCoverage). */
export interface CoverageRow {
  id: string;
  title: string;
  status: string;
  tier: string | null;
  phase: string | null;
  implemented_by: string[] | null;
  documented_by: string[] | null;
  test_refs: string[] | null;
  coverage: { implementation: boolean; documentation: boolean; tests: boolean; complete: boolean };
}

export interface CoverageSummary { total_features: number; implemented: number; documented: number; tested: number; complete: number }

export interface CoverageFilters { tier: string; phase: string; status: string; gap: string }

/** The filters and their values, as the command's input schema lists them ("" is any). */
export const FILTER_CHOICES: Record<keyof CoverageFilters, string[]> = {
  tier: ["OSS", "Premium"],
  phase: ["MVP", "0", "1", "2", "3", "4", "5"],
  status: ["Planned", "In Progress", "Complete"],
  gap: ["implementation", "documentation", "tests"],
};

const KINDS = [
  { key: "implementation", label: "Impl", list: "implemented_by" },
  { key: "documentation", label: "Docs", list: "documented_by" },
  { key: "tests", label: "Tests", list: "test_refs" },
] as const;

export class CoverageView extends ItemView {
  filters: CoverageFilters = { tier: "", phase: "", status: "", gap: "" };
  rows: CoverageRow[] = [];
  summary: CoverageSummary | undefined;
  /** Why the last refresh failed, if it did. */
  error: string | undefined;
  private readonly follower = new VaultFollower(this, () => this.fetchRows());
  private listEl!: HTMLElement;
  private summaryEl!: HTMLElement;

  constructor(leaf: WorkspaceLeaf, private readonly session: Session) {
    super(leaf);
  }

  override getViewType(): string { return COVERAGE_VIEW; }
  override getDisplayText(): string { return "Feature coverage"; }
  override getIcon(): string { return "list-checks"; }

  override async onOpen(): Promise<void> {
    const root = this.contentEl;
    root.empty();
    root.addClass("project-canvas-coverage");
    const bar = root.createDiv({ cls: "project-canvas-coverage-filters" });
    for (const key of Object.keys(FILTER_CHOICES) as (keyof CoverageFilters)[]) {
      const select = bar.createEl("select", { cls: "dropdown", attr: { "aria-label": `Filter by ${key}` } });
      select.createEl("option", { text: `Any ${key}`, value: "" });
      for (const v of FILTER_CHOICES[key]) select.createEl("option", { text: key === "phase" && v !== "MVP" ? `Phase ${v}` : v, value: v });
      select.value = this.filters[key];
      this.registerDomEvent(select, "change", () => { void this.setFilter(key, select.value); });
    }
    this.summaryEl = root.createDiv({ cls: "project-canvas-coverage-summary" });
    this.listEl = root.createDiv({ cls: "project-canvas-coverage-list" });
    this.follower.listen();
    await this.refresh();
  }

  override async onClose(): Promise<void> {
    this.follower.stop();
  }

  /** Sets one filter and asks the core again. */
  async setFilter(key: keyof CoverageFilters, value: string): Promise<void> {
    this.filters[key] = value;
    await this.refresh();
  }

  /** Asks the core for the rows under the filters and shows them. */
  refresh(): Promise<void> { return this.follower.refresh(); }

  /** Opens the feature's note. */
  async openFeature(id: string): Promise<void> {
    try {
      const out = await this.session.call<{ path: string }>("get_entity", { id, fields: ["path"] });
      await this.app.workspace.openLinkText(out.result.path, "", false);
    } catch (e) {
      this.error = `${id} could not be opened: ${message(e)}`;
      this.render();
    }
  }

  private async fetchRows(): Promise<void> {
    const input: Partial<CoverageFilters> = {};
    for (const [k, v] of Object.entries(this.filters) as [keyof CoverageFilters, string][]) if (v) input[k] = v;
    try {
      const out = await this.session.command("open-feature-coverage", input);
      this.rows = (out.result.rows ?? []) as CoverageRow[];
      this.summary = out.result.data as CoverageSummary | undefined;
      this.error = undefined;
    } catch (e) {
      this.rows = [];
      this.error = message(e);
    }
    this.render();
  }

  private render(): void {
    if (!this.listEl) return;
    const s = this.summary;
    this.summaryEl.setText(this.error ? `Project Canvas: ${this.error}`
      : s ? `${s.total_features} features: ${s.implemented} implemented, ${s.documented} documented, ${s.tested} tested, ${s.complete} complete` : "");
    this.summaryEl.toggleClass("mod-warning", this.error !== undefined);
    this.listEl.empty();
    if (!this.error && this.rows.length === 0) this.listEl.createDiv({ cls: "project-canvas-coverage-empty", text: "No feature matches the filters." });
    for (const row of this.rows) this.renderRow(row);
  }

  private renderRow(row: CoverageRow): void {
    const item = this.listEl.createDiv({ cls: "project-canvas-coverage-row", attr: { "data-id": row.id } });
    const head = item.createDiv({ cls: "project-canvas-coverage-head" });
    const link = head.createEl("a", { cls: "project-canvas-coverage-title", text: `${row.id} ${row.title}`, href: "#" });
    this.registerDomEvent(link, "click", (e) => { e.preventDefault(); void this.openFeature(row.id); });
    const meta = [row.status, row.tier, row.phase === null ? null : row.phase === "MVP" ? "MVP" : `Phase ${row.phase}`].filter((x) => x);
    head.createSpan({ cls: "project-canvas-coverage-meta", text: meta.join(" · ") });
    const kinds = item.createDiv({ cls: "project-canvas-coverage-kinds" });
    for (const k of KINDS) {
      const have = row.coverage[k.key];
      const refs = row[k.list] ?? [];
      kinds.createSpan({
        cls: `project-canvas-coverage-kind ${have ? "is-covered" : "is-gap"}`,
        text: `${have ? "✓" : "✗"} ${k.label}${refs.length ? ` ${refs.length}` : ""}`,
        attr: { "aria-label": refs.length ? refs.join(", ") : `no ${k.key}` },
      });
    }
  }
}

/** Opens the coverage sidebar in the right leaf, or reveals the one open. */
export async function openCoverage(app: App): Promise<void> {
  const ws = app.workspace;
  let leaf = ws.getLeavesOfType(COVERAGE_VIEW)[0];
  if (!leaf) {
    const right = ws.getRightLeaf(false);
    if (!right) return;
    await right.setViewState({ type: COVERAGE_VIEW, active: true });
    leaf = right;
  }
  await ws.revealLeaf(leaf);
}
