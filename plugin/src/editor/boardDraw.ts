// Draws the board and the table (boardModel.ts's data) into an element,
// with plain DOM and no editor: the few element operations it needs come
// from the caller (Dom): Obsidian's helpers in the editor (boardView.ts),
// the browser's own on the status site (src/site/board.ts, bundled into
// projectcanvas/site's assets), so that the two boards are one drawing.
// What a person does on them (open a card, move it, sort) goes to the
// caller's actions; nothing here calls the core. Thousands of cards are
// drawn in slices (pace), so that the page keeps answering meanwhile.
//
// A card shows its type as a badge and its status as text, with the
// status's colour as a stripe (styles.css, the site's site.css; the
// palette of the canvas cards and of render): status is never told by
// colour alone.
import { cellText, slug, TABLE_COLUMNS, type Board, type BoardEntity, type Sort, type SortKey } from "./boardModel";

/** The options of an element Dom.el makes (a subset of Obsidian's DomElementInfo). */
export interface ElementInfo { cls?: string; text?: string; attr?: Record<string, string> }

/** The element operations the drawing uses, supplied by its host. */
export interface Dom {
  /** Appends a new element to parent and returns it. */
  el<K extends keyof HTMLElementTagNameMap>(parent: HTMLElement, tag: K, info?: ElementInfo): HTMLElementTagNameMap[K];
  /** Removes every child of an element. */
  empty(el: HTMLElement): void;
}

/**
 * What the board's and the table's controls do: the caller's. Without
 * move and moveMenu (the site: a picture of the vault, which changes
 * nothing) cards are neither dragged nor offered a move.
 */
export interface BoardActions {
  /** A card's link: "#" in the editor (open opens the note), the entity's page on the site. */
  href: (e: BoardEntity) => string;
  open?: (e: BoardEntity) => void;
  /** A card dropped on another column: the caller asks the core, which may refuse. */
  move?: (e: BoardEntity, status: string) => void;
  /** The keyboard's way to move: a list of statuses to choose from, shown next to the button. */
  moveMenu?: (e: BoardEntity, button: HTMLElement, evt: MouseEvent) => void;
  sort: (key: SortKey) => void;
}

/** Where the board is drawn: its host's Dom, and the level of its lanes' headings (the columns' one below). */
export interface Host { dom: Dom; laneHeading: 2 | 3 }

/**
 * Called between slices of a long drawing: resolves once the page has had
 * its turn, false when a newer drawing has begun and this one should stop.
 */
export type Pace = () => Promise<boolean>;

/** Cards (or table rows) drawn per slice. */
export const SLICE = 250;

/** The card classes; styles.css, site.css and the tests know them. */
export const CARD = "project-canvas-card";
export const COLUMN = "project-canvas-board-column";

/** The type's badge, as on the canvas's cards (styles.css's ::after, render's TypeStyles). */
export const badgeOf = (type: string): string => type.toUpperCase();

const HEADINGS = ["h2", "h3", "h4"] as const;

/** Draws the board into root (emptied first). */
export async function drawBoard(root: HTMLElement, board: Board, actions: BoardActions, host: Host, pace: Pace): Promise<void> {
  const { dom } = host;
  dom.empty(root);
  if (board.shown === 0) {
    dom.el(root, "div", { cls: "project-canvas-board-empty", text: "No active entity matches the filters." });
    return;
  }
  const [laneTag, columnTag] = HEADINGS.slice(host.laneHeading - 2);
  const drag = actions.move ? new DragState(actions.move) : undefined;
  let drawn = 0;
  for (const lane of board.lanes) {
    const count = lane.columns.reduce((n, c) => n + c.cards.length, 0);
    const section = dom.el(root, "section", { cls: "project-canvas-board-lane", attr: { "data-workstream": lane.workstream } });
    dom.el(section, laneTag, { text: `${lane.name} (${count})` });
    const columns = dom.el(section, "div", { cls: "project-canvas-board-columns" });
    for (const col of lane.columns) {
      const column = dom.el(columns, "section", { cls: col.cards.length ? COLUMN : `${COLUMN} is-empty`, attr: { "data-pc-status": slug(col.status), "data-status": col.status, "aria-label": `${lane.name}: ${col.status}` } });
      dom.el(column, columnTag, { text: `${col.status} (${col.cards.length})` });
      const list = dom.el(column, "div", { cls: "project-canvas-board-cards" });
      drag?.target(column, col.status);
      for (const e of col.cards) {
        drawCard(dom, list, e, actions, drag);
        if (++drawn % SLICE === 0 && !(await pace())) return;
      }
    }
  }
}

function drawCard(dom: Dom, list: HTMLElement, e: BoardEntity, actions: BoardActions, drag: DragState | undefined): void {
  const attr: Record<string, string> = { "data-id": e.id, "data-pc-type": slug(e.type), "data-pc-status": slug(e.status) };
  if (drag) attr.draggable = "true";
  const card = dom.el(list, "div", { cls: CARD, attr });
  const marks = dom.el(card, "div", { cls: "project-canvas-card-marks" });
  dom.el(marks, "span", { cls: "project-canvas-card-badge", text: badgeOf(e.type) });
  dom.el(marks, "span", { cls: "project-canvas-card-status", text: e.status });
  const link = dom.el(card, "a", { cls: "project-canvas-card-title", attr: { href: actions.href(e), "aria-label": `Open ${e.id} ${e.title}` } });
  dom.el(link, "span", { cls: "project-canvas-card-id", text: e.id });
  dom.el(link, "span", { text: ` ${e.title}` });
  const { open, moveMenu } = actions;
  if (moveMenu) {
    const move = dom.el(card, "button", { cls: "project-canvas-card-move", text: "Move to…", attr: { "aria-haspopup": "menu", "aria-label": `Move ${e.id} to another status` } });
    move.addEventListener("click", (evt) => { evt.preventDefault(); moveMenu(e, move, evt); });
  }
  if (open) {
    link.addEventListener("click", (evt) => { evt.preventDefault(); open(e); });
    // A click elsewhere on the card opens it too; the link and the button have their own.
    card.addEventListener("click", (evt) => {
      const inner = (evt.target as HTMLElement | null)?.closest?.("a, button");
      if (!inner) open(e);
    });
  }
  drag?.source(card, e);
}

/** One drawing's drag and drop: the card being dragged, and the columns it may land on. */
class DragState {
  private dragged: BoardEntity | undefined;
  private over: HTMLElement | undefined;

  constructor(private readonly move: (e: BoardEntity, status: string) => void) {}

  source(card: HTMLElement, e: BoardEntity): void {
    card.addEventListener("dragstart", (evt: DragEvent) => {
      this.dragged = e;
      evt.dataTransfer?.setData("text/plain", e.id);
      if (evt.dataTransfer) evt.dataTransfer.effectAllowed = "move";
      card.classList.add("is-dragging");
    });
    card.addEventListener("dragend", () => {
      this.dragged = undefined;
      card.classList.remove("is-dragging");
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
      if (e.status !== status) this.move(e, status);
    });
  }

  private highlight(column: HTMLElement | undefined): void {
    if (this.over === column) return;
    this.over?.classList.remove("is-drop-target");
    column?.classList.add("is-drop-target");
    this.over = column;
  }
}

/** Draws the table into root (emptied first): a header of sort buttons, a row per entity. */
export async function drawTable(root: HTMLElement, rows: BoardEntity[], sort: Sort, actions: BoardActions, host: Host, pace: Pace): Promise<void> {
  const { dom } = host;
  dom.empty(root);
  if (rows.length === 0) {
    dom.el(root, "div", { cls: "project-canvas-board-empty", text: "No active entity matches the filters." });
    return;
  }
  const table = dom.el(root, "table", { cls: "project-canvas-table" });
  const head = dom.el(dom.el(table, "thead"), "tr");
  for (const c of TABLE_COLUMNS) {
    const on = sort.key === c.key;
    const th = dom.el(head, "th", { attr: { scope: "col", "aria-sort": on ? (sort.descending ? "descending" : "ascending") : "none" } });
    const button = dom.el(th, "button", { cls: "project-canvas-table-sort", text: on ? `${c.label} ${sort.descending ? "▼" : "▲"}` : c.label, attr: { "data-key": c.key } });
    button.addEventListener("click", () => actions.sort(c.key));
  }
  const body = dom.el(table, "tbody");
  for (const [i, e] of rows.entries()) {
    const tr = dom.el(body, "tr", { attr: { "data-id": e.id } });
    for (const c of TABLE_COLUMNS) {
      if (c.key === "title") {
        const link = dom.el(dom.el(tr, "td", { attr: { "data-key": c.key } }), "a", { cls: "project-canvas-table-title", text: e.title, attr: { href: actions.href(e) } });
        const { open } = actions;
        if (open) link.addEventListener("click", (evt) => { evt.preventDefault(); open(e); });
      } else if (c.key === "status") {
        dom.el(dom.el(tr, "td", { attr: { "data-key": c.key } }), "span", { cls: "project-canvas-table-status", text: e.status, attr: { "data-pc-status": slug(e.status) } });
      } else {
        dom.el(tr, "td", { text: cellText(e, c.key), attr: { "data-key": c.key } });
      }
    }
    if ((i + 1) % SLICE === 0 && !(await pace())) return;
  }
}
