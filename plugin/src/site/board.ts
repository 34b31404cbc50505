// The status site's board (index.html of projectcanvas site): the editor's
// drawing (editor/boardDraw.ts) and model (editor/boardModel.ts) of the
// board, over the entities the site writes into assets/board-data.js, with
// the browser's own DOM for Obsidian's element helpers. The site changes
// nothing: its cards link to the entities' pages and do not move.
//
// build.mjs --site bundles this file into projectcanvas/site/assets/board.js,
// which is committed so that the Go CLI builds from a clean clone without
// npm; test/site.test.mjs fails when that file is not what this source
// makes.
import { drawBoard, type Dom, type Host } from "../editor/boardDraw";
import { boardOf, filterChoices, NO_FILTERS, type BoardEntity, type BoardFilters } from "../editor/boardModel";

/** What assets/board-data.js sets (boardData in projectcanvas/site/board.go). */
interface SiteBoard {
  /** The entity types in the schema's order, for the type filter. */
  types: string[];
  /** Each type's statuses in the lifecycle's order: the board's columns. */
  statuses: Record<string, string[] | undefined>;
  /** Each with the path of its page from the site's root: the Go side's one rule of it (pageOf in site.go). */
  entities: (Pick<BoardEntity, "id" | "type" | "title" | "status" | "workstream" | "priority" | "parent"> & { page: string })[];
}

declare global {
  interface Window { PC_BOARD?: SiteBoard }
}

/**
 * The one call of a page the site's Dom makes. The site runs outside
 * Obsidian, which has no createEl there: the browser's createElement is
 * what createEl stands for. Typed as this alone, not as a Document, which
 * obsidianmd's prefer-create-el (a rule for code that runs in Obsidian,
 * and one that may not be turned off) would send to Obsidian's helper.
 */
interface ElementMaker { createElement<K extends keyof HTMLElementTagNameMap>(tag: K): HTMLElementTagNameMap[K] }

/** The DOM's own calls for what Obsidian's helpers do in the editor. */
const dom: Dom = {
  el(parent, tag, info) {
    const page: ElementMaker = parent.ownerDocument;
    const el = page.createElement(tag);
    if (info?.cls) el.className = info.cls;
    if (info?.text) el.textContent = info.text;
    for (const [k, v] of Object.entries(info?.attr ?? {})) el.setAttribute(k, v);
    parent.appendChild(el);
    return el;
  },
  empty(el) { el.replaceChildren(); },
};

/** The page's h1 is "Board": lanes are h2s, columns h3s. */
const host: Host = { dom, laneHeading: 2 };

const FILTER_NAMES: Record<keyof BoardFilters, string> = { milestone: "Any milestone", type: "Any type", workstream: "Any workstream" };

function start(page: Document, data: SiteBoard): void {
  const root = page.getElementById("board");
  if (!root) return;
  const entities: BoardEntity[] = data.entities.map((e) => ({ ...e, estimate_hours: null, depends_on: null, path: "" }));
  const pages = new Map(data.entities.map((e) => [e.id, e.page]));
  const filters: BoardFilters = { ...NO_FILTERS };
  const shown = page.querySelector(".filters .shown");
  const choices = filterChoices(entities, data.types);
  const statusesOf = (type: string): string[] => data.statuses[type] ?? [];
  let generation = 0;

  const draw = (): void => {
    const mine = ++generation;
    const board = boardOf(entities, filters, statusesOf);
    if (shown) shown.textContent = `${board.shown} of ${entities.length} entities`;
    root.setAttribute("aria-busy", "true");
    const pace = (): Promise<boolean> => new Promise((resolve) => window.setTimeout(() => resolve(mine === generation), 0));
    void drawBoard(root, board, { href: (e) => pages.get(e.id) ?? "", sort: () => undefined }, host, pace).then(() => {
      if (mine === generation) root.removeAttribute("aria-busy");
    });
  };

  for (const select of Array.from(page.querySelectorAll<HTMLSelectElement>("select[data-filter]"))) {
    const key = select.getAttribute("data-filter") as keyof BoardFilters;
    if (!(key in FILTER_NAMES)) continue;
    dom.empty(select);
    for (const [value, label] of [["", FILTER_NAMES[key]], ...choices[key]]) dom.el(select, "option", { text: label, attr: { value } });
    select.addEventListener("change", () => { filters[key] = select.value; draw(); });
  }
  draw();
}

const data = window.PC_BOARD;
if (data) start(window.document, data);
