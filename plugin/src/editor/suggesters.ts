// The suggesters: a fixed list filtered as a person types (values,
// navigation targets, actions), and suggesters that ask the core per
// keystroke (search on the canvas, entity pickers), debounced lightly and
// dropping answers to queries typed over.
import { Notice, SuggestModal, type App } from "obsidian";
import type { Session } from "../core/session";

/** How a list suggester shows and picks its items. */
export interface ListOptions<T> {
  placeholder: string;
  text(item: T): string;
  detail?(item: T): string;
  chosen(item: T): unknown;
}

/** A suggester over a fixed list: an item matches when its text holds every word typed. */
export class ListSuggest<T> extends SuggestModal<T> {
  constructor(app: App, readonly items: T[], private readonly o: ListOptions<T>) {
    super(app);
    this.setPlaceholder(o.placeholder);
  }

  getSuggestions(query: string): T[] {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return this.items.filter((item) => {
      const text = (this.o.text(item) + " " + (this.o.detail?.(item) ?? "")).toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }

  renderSuggestion(item: T, el: HTMLElement): void {
    el.createDiv({ text: this.o.text(item) });
    const detail = this.o.detail?.(item);
    if (detail) el.createEl("small", { text: detail, cls: "project-canvas-muted" });
  }

  /** The work of the last choice: Obsidian waits for none; tests wait for it. */
  work: Promise<unknown> = Promise.resolve();

  onChooseSuggestion(item: T): void {
    this.work = Promise.resolve(this.o.chosen(item));
  }
}

const sleep = (ms: number) => new Promise<void>((r) => window.setTimeout(r, ms));

/**
 * A suggester whose suggestions come from the core. A keystroke waits
 * debounceMs for the next one; a query typed over is not sent, and an
 * answer to one is dropped: every pending call resolves to the answer of
 * the latest query. A failure is shown once, not per keystroke.
 */
export abstract class AsyncSuggest<T> extends SuggestModal<T> {
  debounceMs = 30;
  /** Queries sent to the core (tests count them). */
  sent = 0;
  private seq = 0;
  private latest: Promise<T[]> = Promise.resolve([]);
  private lastError = "";

  protected abstract fetch(query: string): Promise<T[]>;

  getSuggestions(query: string): Promise<T[]> {
    const p = this.answer(++this.seq, query);
    this.latest = p;
    return p;
  }

  private async answer(seq: number, query: string): Promise<T[]> {
    if (this.debounceMs > 0) await sleep(this.debounceMs);
    if (seq !== this.seq) return this.latest;
    let rows: T[];
    try {
      this.sent++;
      rows = await this.fetch(query);
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      if (seq === this.seq && msg !== this.lastError) new Notice(`Project Canvas: ${msg}`);
      this.lastError = msg;
      return seq === this.seq ? [] : this.latest;
    }
    return seq === this.seq ? rows : this.latest;
  }
}

/** One match of search-entity-on-canvas. */
export interface SearchRow { node_id: string; id: string; title: string; match: string }

/** search-entity-on-canvas: the core ranks the entities on the canvas by id or title per keystroke. */
export class CanvasSearch extends AsyncSuggest<SearchRow> {
  /** Whether a query has compared the live canvases with the core: the first does, the modal then holds the editor. */
  private synced = false;

  constructor(app: App, private readonly session: Session, readonly canvasPath: string, private readonly chosen: (row: SearchRow) => unknown) {
    super(app);
    this.setPlaceholder(`Entity on ${canvasPath}: id or title`);
    this.emptyStateText = "No entity on the canvas matches.";
  }

  protected async fetch(query: string): Promise<SearchRow[]> {
    if (!query.trim()) return [];
    const out = await this.session.command("search-entity-on-canvas", { query: query.slice(0, 200), canvas: this.canvasPath, limit: 20 },
      { liveCanvases: !this.synced });
    this.synced = true;
    return (out.result.rows ?? []) as SearchRow[];
  }

  renderSuggestion(row: SearchRow, el: HTMLElement): void {
    el.createDiv({ text: `${row.id} ${row.title}` });
    el.createEl("small", { text: row.match, cls: "project-canvas-muted" });
  }

  /** The work of the last choice: Obsidian waits for none; tests wait for it. */
  work: Promise<unknown> = Promise.resolve();

  onChooseSuggestion(row: SearchRow): void {
    this.work = Promise.resolve(this.chosen(row));
  }
}

/** An entity as search_entities lists it. */
export interface EntityRow { id: string; type: string; title: string; status: string }

/** The most entities a picker lists. */
const MAX_LISTED = 2000;

/**
 * Every entity of some types (all types: undefined) that is not archived,
 * by id, from search_entities' list mode: the fields given (id, type,
 * title and status by default), at most max of them.
 */
export async function listEntities<R = EntityRow>(session: Session, types: string[] | undefined, { fields = ["id", "type", "title", "status"], max = MAX_LISTED }: { fields?: string[]; max?: number } = {}): Promise<R[]> {
  const out: R[] = [];
  let token: string | undefined;
  do {
    const args: Record<string, unknown> = { max_items: 200, fields };
    if (types) args.filters = { type: types };
    if (token) args.continuation_token = token;
    // The open canvases are handed over before the first page only: the
    // list is read in one go, and each comparison serializes every canvas.
    const page = await session.call<{ results: R[]; has_more?: boolean; continuation_token?: string }>("search_entities", args, { liveCanvases: token === undefined });
    out.push(...(page.result.results ?? []));
    token = page.result.has_more ? page.result.continuation_token : undefined;
  } while (token && out.length < max);
  return out;
}

const ID = /^[a-z]+-\d+$/i;

/**
 * Entities of some types a person means by query: the entity with that id,
 * or a full-text search of titles and bodies; the first ones by id when the
 * query is empty.
 */
export async function findEntities(session: Session, types: readonly string[], query: string, max = 50): Promise<EntityRow[]> {
  const q = query.trim().slice(0, 200);
  if (ID.test(q)) {
    try {
      const e = (await session.call<EntityRow>("get_entity", { id: q.toUpperCase(), fields: ["id", "type", "title", "status"] })).result;
      return types.includes(e.type) ? [e] : [];
    } catch {
      return [];
    }
  }
  const args: Record<string, unknown> = { filters: { type: types }, max_items: max, fields: ["id", "type", "title", "status"] };
  if (q) args.query = q;
  const out = await session.call<{ results: EntityRow[] }>("search_entities", args);
  return out.result.results ?? [];
}

/** A picker of entities of some types (a feature picker): the list from the core, filtered as a person types. */
export async function pickEntity(app: App, session: Session, types: string[], placeholder: string, chosen: (row: EntityRow) => unknown): Promise<void> {
  const rows = await listEntities(session, types);
  new ListSuggest(app, rows, {
    placeholder,
    text: (r) => `${r.id} ${r.title}`,
    detail: (r) => `${r.type} · ${r.status}`,
    chosen,
  }).open();
}
