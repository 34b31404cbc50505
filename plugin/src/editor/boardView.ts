// The board and the table (open-board): every active entity in columns by
// status and lanes by workstream, or in a sortable table, filtered by
// milestone, type and workstream. The entities are the core's
// (search_entities), the statuses of each type its schema's; moving a card
// is the core's update_entity, as for every other change, so the
// lifecycle's rules hold: a refused move says why in a notice and the card
// goes back. Nothing else is written. The view follows vault changes while
// it is visible, once changes settle (as the coverage sidebar does).
import { ItemView, Menu, Notice, type App, type WorkspaceLeaf } from "obsidian";
import { boardOf, BOARD_FIELDS, filterChoices, filtered, NO_FILTERS, sortedRows, type BoardEntity, type BoardFilters, type Sort, type SortKey } from "./boardModel";
import { drawBoard, drawTable, type BoardActions, type Host } from "./boardDraw";
import { VaultFollower } from "../vault/follow";
import { message } from "../core/failures";
import type { Session } from "../core/session";
import { listEntities } from "./suggesters";
import { yieldThread } from "../core/yieldThread";

export const BOARD_VIEW = "project-canvas-board";

/** The entity types in the order the filter lists them (the schema's). */
interface SchemaEntry { type: string; statuses?: string[] }

const FILTER_LABELS: Record<keyof BoardFilters, string> = { milestone: "milestone", type: "type", workstream: "workstream" };

/** The drawing's host in the editor: Obsidian's element helpers, the lanes under the pane's h2-level title. */
export const EDITOR_HOST: Host = {
  dom: { el: (parent, tag, info) => parent.createEl(tag, info), empty: (el) => el.empty() },
  laneHeading: 3,
};

export class BoardView extends ItemView {
  entities: BoardEntity[] = [];
  filters: BoardFilters = { ...NO_FILTERS };
  mode: "board" | "table" = "board";
  sort: Sort = { key: "id", descending: false };
  /** Why the last refresh failed, if it did. */
  error: string | undefined;
  /** The drawing under way (tests wait for it). */
  drawn: Promise<void> = Promise.resolve();
  /** Each type's statuses, in the lifecycle's order, and the types in the schema's order. */
  private statuses = new Map<string, string[]>();
  private readonly follower = new VaultFollower(this, () => this.fetchEntities());
  /** Counts drawings: a slice of an older one stops when a newer has begun. */
  private generation = 0;
  private filterEls = new Map<keyof BoardFilters, HTMLSelectElement>();
  private modeEl!: HTMLButtonElement;
  private countEl!: HTMLElement;
  private bodyEl!: HTMLElement;
  private readonly actions: BoardActions = {
    href: () => "#",
    open: (e) => { void this.openEntity(e); },
    move: (e, status) => { void this.move(e, status); },
    moveMenu: (e, button, evt) => this.moveMenu(e, button, evt),
    sort: (key) => this.sortBy(key),
  };

  constructor(leaf: WorkspaceLeaf, private readonly session: Session) {
    super(leaf);
  }

  override getViewType(): string { return BOARD_VIEW; }
  override getDisplayText(): string { return "Project board"; }
  override getIcon(): string { return "kanban"; }

  override async onOpen(): Promise<void> {
    const root = this.contentEl;
    root.empty();
    root.addClass("project-canvas-board");
    const bar = root.createDiv({ cls: "project-canvas-board-bar" });
    for (const key of Object.keys(FILTER_LABELS) as (keyof BoardFilters)[]) {
      const select = bar.createEl("select", { cls: "dropdown", attr: { "aria-label": `Filter by ${FILTER_LABELS[key]}`, "data-filter": key } });
      this.filterEls.set(key, select);
      this.registerDomEvent(select, "change", () => this.setFilter(key, select.value));
    }
    this.modeEl = bar.createEl("button", { cls: "project-canvas-board-mode", attr: { "aria-pressed": "false" } });
    this.registerDomEvent(this.modeEl, "click", () => this.setMode(this.mode === "board" ? "table" : "board"));
    this.countEl = bar.createSpan({ cls: "project-canvas-board-count", attr: { "aria-live": "polite" } });
    this.bodyEl = root.createDiv({ cls: "project-canvas-board-body" });
    this.follower.listen();
    await this.refresh();
  }

  override async onClose(): Promise<void> {
    this.follower.stop();
    this.generation++; // a drawing under way stops at its next slice
  }

  /** Asks the core for the active entities (and once for the statuses) and draws them. */
  refresh(): Promise<void> { return this.follower.refresh(); }

  /** Sets one filter and draws again (the filters are applied here, not by the core). */
  setFilter(key: keyof BoardFilters, value: string): void {
    this.filters[key] = value;
    this.draw();
  }

  setMode(mode: "board" | "table"): void {
    this.mode = mode;
    this.draw();
  }

  /** Sorts the table by a column; the same column again reverses it. */
  sortBy(key: SortKey): void {
    this.sort = { key, descending: this.sort.key === key ? !this.sort.descending : false };
    this.draw();
  }

  /** The statuses an entity of type may have, in the lifecycle's order (the core's schema). */
  statusesOf(type: string): string[] { return this.statuses.get(type) ?? []; }

  /**
   * Moves an entity to another status through the core's update_entity.
   * The card moves at once; a refusal puts it back and says why.
   */
  async move(e: BoardEntity, status: string): Promise<boolean> {
    const from = e.status;
    if (from === status) return true;
    e.status = status;
    this.draw();
    try {
      await this.session.call("update_entity", { id: e.id, status });
      return true;
    } catch (err) {
      e.status = from;
      this.draw();
      new Notice(`Project Canvas: ${e.id} stays ${from}: ${message(err)}`);
      return false;
    }
  }

  /** Opens the entity's note. */
  async openEntity(e: BoardEntity): Promise<void> {
    try {
      await this.app.workspace.openLinkText(e.path, "", false);
    } catch (err) {
      new Notice(`Project Canvas: ${e.id} could not be opened: ${message(err)}`);
    }
  }

  /** The keyboard's move: a menu of the type's other statuses, at the button. */
  private moveMenu(e: BoardEntity, button: HTMLElement, evt: MouseEvent): void {
    const menu = new Menu();
    for (const s of this.statusesOf(e.type)) {
      if (s === e.status) continue;
      menu.addItem((i) => i.setTitle(s).onClick(() => { void this.move(e, s); }));
    }
    const at = button.getBoundingClientRect?.();
    if (at && (evt.detail === 0 || evt.clientX === 0)) menu.showAtPosition({ x: at.left, y: at.bottom });
    else menu.showAtMouseEvent(evt);
  }

  private async fetchEntities(): Promise<void> {
    try {
      if (this.statuses.size === 0) {
        const out = await this.session.call<{ schemas: SchemaEntry[] }>("get_schema", {});
        for (const s of out.result.schemas ?? []) this.statuses.set(s.type, s.statuses ?? []);
      }
      this.entities = await listEntities<BoardEntity>(this.session, undefined, { fields: BOARD_FIELDS, max: Infinity });
      this.error = undefined;
    } catch (e) {
      this.entities = [];
      this.error = message(e);
    }
    this.drawFilters(); // the choices are the entities': drawn once a fetch, not at each move or sort
    this.draw();
    await this.drawn;
  }

  /** Draws the board or table, in slices; a newer call stops an older one. */
  private draw(): void {
    if (!this.bodyEl) return;
    const generation = ++this.generation;
    const pace = async () => { await yieldThread(); return generation === this.generation; };
    this.modeEl.setText(this.mode === "board" ? "Show as table" : "Show as board");
    this.modeEl.setAttr("aria-pressed", String(this.mode === "table"));
    if (this.error) {
      this.countEl.setText("");
      this.bodyEl.empty();
      this.bodyEl.createDiv({ cls: "project-canvas-board-error", text: `Project Canvas: ${this.error}` });
      this.drawn = Promise.resolve();
      return;
    }
    if (this.mode === "board") {
      const board = boardOf(this.entities, this.filters, (t) => this.statusesOf(t));
      this.countEl.setText(`${board.shown} of ${this.entities.length} entities`);
      this.drawn = drawBoard(this.bodyEl, board, this.actions, EDITOR_HOST, pace);
    } else {
      const rows = sortedRows(filtered(this.entities, this.filters), this.sort);
      this.countEl.setText(`${rows.length} of ${this.entities.length} entities`);
      this.drawn = drawTable(this.bodyEl, rows, this.sort, this.actions, EDITOR_HOST, pace);
    }
  }

  /** The filters' options: what the entities hold; a chosen value no entity has any more is kept. */
  private drawFilters(): void {
    const choices = filterChoices(this.entities, [...this.statuses.keys()]);
    for (const [key, select] of this.filterEls) {
      const options: [string, string][] = [["", `Any ${FILTER_LABELS[key]}`], ...choices[key]];
      const value = this.filters[key];
      if (value && !options.some(([v]) => v === value)) options.push([value, value]);
      select.empty();
      for (const [v, label] of options) select.createEl("option", { text: label, value: v });
      select.value = value;
    }
  }
}

/** Opens the board in a tab of the main area, or reveals the one open. */
export async function openBoard(app: App): Promise<void> {
  const ws = app.workspace;
  let leaf = ws.getLeavesOfType(BOARD_VIEW)[0];
  if (!leaf) {
    leaf = ws.getLeaf("tab");
    await leaf.setViewState({ type: BOARD_VIEW, active: true });
  }
  await ws.revealLeaf(leaf);
}
