// Draws the board and the table (boardModel.ts's data) into an element,
// with no dependency on the editor beyond the element helpers Obsidian
// adds to every HTMLElement (createDiv, createEl, setText...; a page that
// supplies those could draw the same). What a person does on them (open a
// card, move it, sort) goes to the caller's actions; nothing here calls
// the core. Thousands of cards are drawn in slices (pace), so that the
// editor keeps answering meanwhile.
//
// A card shows its type as a badge and its status as text, with the
// status's colour as a stripe (styles.css, the palette of the canvas cards
// and of render): status is never told by colour alone.
import { slug } from "./canvasAdapter";
import { cellText, TABLE_COLUMNS, type Board, type BoardEntity, type Sort, type SortKey } from "./boardModel";

/** What the board's and the table's controls do: the caller's. */
export interface BoardActions {
  open(e: BoardEntity): void;
  /** A card dropped on another column: the caller asks the core, which may refuse. */
  move(e: BoardEntity, status: string): void;
  /** The keyboard's way to move: a list of statuses to choose from, shown next to the button. */
  moveMenu(e: BoardEntity, button: HTMLElement, evt: MouseEvent): void;
  sort(key: SortKey): void;
}

/**
 * Called between slices of a long drawing: resolves once the editor has
 * had its turn, false when a newer drawing has begun and this one should
 * stop.
 */
export type Pace = () => Promise<boolean>;

/** Cards (or table rows) drawn per slice. */
export const SLICE = 250;

/** The card classes; styles.css and the tests know them. */
export const CARD = "project-canvas-card";
export const COLUMN = "project-canvas-board-column";

/** The type's badge, as on the canvas's cards (styles.css's ::after, render's TypeStyles). */
export const badgeOf = (type: string): string => type.toUpperCase();

/** Draws the board into root (emptied first). */
export async function drawBoard(root: HTMLElement, board: Board, actions: BoardActions, pace: Pace): Promise<void> {
  root.empty();
  if (board.shown === 0) {
    root.createDiv({ cls: "project-canvas-board-empty", text: "No active entity matches the filters." });
    return;
  }
  const drag = new DragState(actions);
  let drawn = 0;
  for (const lane of board.lanes) {
    const count = lane.columns.reduce((n, c) => n + c.cards.length, 0);
    const section = root.createEl("section", { cls: "project-canvas-board-lane", attr: { "data-workstream": lane.workstream } });
    section.createEl("h3", { text: `${lane.name} (${count})` });
    const columns = section.createDiv({ cls: "project-canvas-board-columns" });
    for (const col of lane.columns) {
      const column = columns.createEl("section", { cls: col.cards.length ? COLUMN : `${COLUMN} is-empty`, attr: { "data-pc-status": slug(col.status), "data-status": col.status, "aria-label": `${lane.name}: ${col.status}` } });
      column.createEl("h4", { text: `${col.status} (${col.cards.length})` });
      const list = column.createDiv({ cls: "project-canvas-board-cards" });
      drag.target(column, col.status);
      for (const e of col.cards) {
        drawCard(list, e, actions, drag);
        if (++drawn % SLICE === 0 && !(await pace())) return;
      }
    }
  }
}

function drawCard(list: HTMLElement, e: BoardEntity, actions: BoardActions, drag: DragState): void {
  const card = list.createDiv({ cls: CARD, attr: { "data-id": e.id, "data-pc-type": slug(e.type), "data-pc-status": slug(e.status), draggable: "true" } });
  const marks = card.createDiv({ cls: "project-canvas-card-marks" });
  marks.createSpan({ cls: "project-canvas-card-badge", text: badgeOf(e.type) });
  marks.createSpan({ cls: "project-canvas-card-status", text: e.status });
  const link = card.createEl("a", { cls: "project-canvas-card-title", href: "#", attr: { "aria-label": `Open ${e.id} ${e.title}` } });
  link.createSpan({ cls: "project-canvas-card-id", text: e.id });
  link.createSpan({ text: ` ${e.title}` });
  const move = card.createEl("button", { cls: "project-canvas-card-move", text: "Move to…", attr: { "aria-haspopup": "menu", "aria-label": `Move ${e.id} to another status` } });
  link.addEventListener("click", (evt) => { evt.preventDefault(); actions.open(e); });
  move.addEventListener("click", (evt) => { evt.preventDefault(); actions.moveMenu(e, move, evt); });
  // A click elsewhere on the card opens it too; the link and the button have their own.
  card.addEventListener("click", (evt) => {
    const inner = (evt.target as HTMLElement | null)?.closest?.("a, button");
    if (!inner) actions.open(e);
  });
  drag.source(card, e);
}

/** One drawing's drag and drop: the card being dragged, and the columns it may land on. */
class DragState {
  private dragged: BoardEntity | undefined;
  private over: HTMLElement | undefined;

  constructor(private readonly actions: BoardActions) {}

  source(card: HTMLElement, e: BoardEntity): void {
    card.addEventListener("dragstart", (evt: DragEvent) => {
      this.dragged = e;
      evt.dataTransfer?.setData("text/plain", e.id);
      if (evt.dataTransfer) evt.dataTransfer.effectAllowed = "move";
      card.addClass("is-dragging");
    });
    card.addEventListener("dragend", () => {
      this.dragged = undefined;
      card.removeClass("is-dragging");
      this.highlight(undefined);
    });
  }

  target(column: HTMLElement, status: string): void {
    column.addEventListener("dragover", (evt: DragEvent) => {
      if (!this.dragged) return;
      evt.preventDefault(); // a drop here is wanted
      if (evt.dataTransfer) evt.dataTransfer.dropEffect = "move";
      this.highlight(column);
    });
    column.addEventListener("drop", (evt: DragEvent) => {
      const e = this.dragged;
      this.dragged = undefined;
      this.highlight(undefined);
      if (!e) return;
      evt.preventDefault();
      if (e.status !== status) this.actions.move(e, status);
    });
  }

  private highlight(column: HTMLElement | undefined): void {
    if (this.over === column) return;
    this.over?.removeClass("is-drop-target");
    column?.addClass("is-drop-target");
    this.over = column;
  }
}

/** Draws the table into root (emptied first): a header of sort buttons, a row per entity. */
export async function drawTable(root: HTMLElement, rows: BoardEntity[], sort: Sort, actions: BoardActions, pace: Pace): Promise<void> {
  root.empty();
  if (rows.length === 0) {
    root.createDiv({ cls: "project-canvas-board-empty", text: "No active entity matches the filters." });
    return;
  }
  const table = root.createEl("table", { cls: "project-canvas-table" });
  const head = table.createEl("thead").createEl("tr");
  for (const c of TABLE_COLUMNS) {
    const on = sort.key === c.key;
    const th = head.createEl("th", { attr: { scope: "col", "aria-sort": on ? (sort.descending ? "descending" : "ascending") : "none" } });
    const button = th.createEl("button", { cls: "project-canvas-table-sort", text: on ? `${c.label} ${sort.descending ? "▼" : "▲"}` : c.label, attr: { "data-key": c.key } });
    button.addEventListener("click", () => actions.sort(c.key));
  }
  const body = table.createEl("tbody");
  for (const [i, e] of rows.entries()) {
    const tr = body.createEl("tr", { attr: { "data-id": e.id } });
    for (const c of TABLE_COLUMNS) {
      const td = tr.createEl("td", { attr: { "data-key": c.key } });
      if (c.key === "title") {
        const link = td.createEl("a", { cls: "project-canvas-table-title", text: e.title, href: "#" });
        link.addEventListener("click", (evt) => { evt.preventDefault(); actions.open(e); });
      } else if (c.key === "status") {
        td.createSpan({ cls: "project-canvas-table-status", text: e.status, attr: { "data-pc-status": slug(e.status) } });
      } else {
        td.setText(cellText(e, c.key));
      }
    }
    if ((i + 1) % SLICE === 0 && !(await pace())) return;
  }
}
