// The board's and the table's data, with no editor and no page in it: the
// active entities as search_entities lists them, grouped into lanes by
// workstream and columns by status, filtered and sorted. boardDraw.ts
// draws it; boardView.ts feeds it from the core. Nothing here decides a
// rule of the tracker: the statuses a type has come from the core's
// schema, and whether a move is allowed is the core's update_entity's to
// say.

/** An active entity with the fields the board and the table show. */
export interface BoardEntity {
  id: string;
  type: string;
  title: string;
  status: string;
  workstream: string | null;
  priority: string | null;
  parent: string | null;
  estimate_hours: number | null;
  depends_on: string[] | null;
  path: string;
}

/** The fields search_entities is asked for (BoardEntity's). */
export const BOARD_FIELDS = ["id", "type", "title", "status", "workstream", "priority", "parent", "estimate_hours", "depends_on", "path"];

/**
 * The columns' order: the statuses as render's palette lists them (to do,
 * in progress, blocked, deferred, done, superseded), the order of the
 * site's board (projectcanvas/site statusOrder; a test there holds the
 * two together). A status of no tone goes after them.
 */
export const STATUS_ORDER = [
  "Not Started", "Planned", "Pending", "Draft",
  "In Progress", "Review",
  "Blocked",
  "Deferred",
  "Completed", "Complete", "Decided", "Approved",
  "Superseded",
];

/**
 * A type or status as a data attribute's value: lower case, each run of
 * other characters than letters and digits one "-", at most 40 characters
 * ("Not Started": "not-started"); render.Slug in Go is the same rule. A
 * vault's front matter is data: only these characters reach the page.
 */
export function slug(s: string): string {
  return s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w).join("-").slice(0, 40);
}

/** The lane of entities with no workstream (canvas.NoWorkstream). */
export const NO_WORKSTREAM = "No workstream";

/** The filters of the board and the table; "" is any. */
export interface BoardFilters { milestone: string; type: string; workstream: string }

export const NO_FILTERS: BoardFilters = { milestone: "", type: "", workstream: "" };

/** One workstream's row of the board, a list of cards per column. */
export interface Lane { workstream: string; name: string; columns: { status: string; cards: BoardEntity[] }[] }

/** What the board draws: its columns, and its lanes under the filters. */
export interface Board { statuses: string[]; lanes: Lane[]; shown: number }

/** The table's columns, in order: the key sorted on and its header. */
export const TABLE_COLUMNS = [
  { key: "id", label: "ID" },
  { key: "title", label: "Title" },
  { key: "type", label: "Type" },
  { key: "status", label: "Status" },
  { key: "workstream", label: "Workstream" },
  { key: "priority", label: "Priority" },
  { key: "parent", label: "Parent" },
  { key: "estimate_hours", label: "Estimate (h)" },
  { key: "depends_on", label: "Dependencies" },
] as const;

export type SortKey = (typeof TABLE_COLUMNS)[number]["key"];
export interface Sort { key: SortKey; descending: boolean }

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** Where a status's column goes: its place in STATUS_ORDER, others after. */
function statusRank(s: string): number {
  const i = STATUS_ORDER.indexOf(s);
  return i < 0 ? STATUS_ORDER.length : i;
}

export function compareStatuses(a: string, b: string): number {
  return statusRank(a) - statusRank(b) || collator.compare(a, b);
}

/** The lane key of an entity: its workstream, "" for none. */
const laneOf = (e: BoardEntity): string => e.workstream ?? "";

/**
 * The milestone an entity belongs to: itself, or the first milestone up
 * its parents (at most 16 steps, as the site's milestoneOf); "" for none.
 */
export function milestoneOf(e: BoardEntity, byId: Map<string, BoardEntity>): string {
  let at: BoardEntity | undefined = e;
  for (let i = 0; i < 16 && at; i++) {
    if (at.type === "milestone") return at.id;
    at = at.parent ? byId.get(at.parent) : undefined;
  }
  return "";
}

/** The entities the filters keep, in the order given. */
export function filtered(entities: BoardEntity[], f: BoardFilters): BoardEntity[] {
  if (!f.milestone && !f.type && !f.workstream) return entities;
  const byId = new Map(entities.map((e) => [e.id, e]));
  return entities.filter((e) => (!f.type || e.type === f.type) &&
    (!f.workstream || laneOf(e) === f.workstream) &&
    (!f.milestone || milestoneOf(e, byId) === f.milestone));
}

/**
 * The board: a column for every status of the types on it (statusesOf
 * gives a type's statuses, the core's schema), so that a card can be
 * moved to a status no card has yet, and every status it holds; a lane
 * per workstream, in name order, the entities without one last; cards by
 * id in each cell.
 */
export function boardOf(entities: BoardEntity[], f: BoardFilters, statusesOf: (type: string) => string[]): Board {
  const all = new Set<string>();
  for (const t of new Set(entities.map((e) => e.type))) for (const s of statusesOf(t)) all.add(s);
  for (const e of entities) all.add(e.status);
  const statuses = [...all].sort(compareStatuses);
  const shown = filtered(entities, f);
  const byLane = new Map<string, BoardEntity[]>();
  for (const e of [...shown].sort((a, b) => collator.compare(a.id, b.id))) {
    const cell = byLane.get(laneOf(e));
    if (cell) cell.push(e);
    else byLane.set(laneOf(e), [e]);
  }
  const lanes = [...byLane.keys()].sort((a, b) => (a === "" ? 1 : b === "" ? -1 : collator.compare(a, b))).map((w): Lane => ({
    workstream: w,
    name: w || NO_WORKSTREAM,
    columns: statuses.map((status) => ({ status, cards: (byLane.get(w) ?? []).filter((e) => e.status === status) })),
  }));
  return { statuses, lanes, shown: shown.length };
}

/** What the filters offer: the milestones, types and workstreams on the board. */
export function filterChoices(entities: BoardEntity[], typeOrder: string[]): { milestone: [string, string][]; type: [string, string][]; workstream: [string, string][] } {
  const milestones = entities.filter((e) => e.type === "milestone").sort((a, b) => collator.compare(a.id, b.id));
  const types = new Set(entities.map((e) => e.type));
  const lanes = [...new Set(entities.map(laneOf))].sort((a, b) => (a === "" ? 1 : b === "" ? -1 : collator.compare(a, b)));
  return {
    milestone: milestones.map((m) => [m.id, `${m.id} ${m.title}`]),
    type: [...typeOrder.filter((t) => types.has(t)), ...[...types].filter((t) => !typeOrder.includes(t)).sort()].map((t) => [t, t]),
    workstream: lanes.map((w) => [w, w || NO_WORKSTREAM]),
  };
}

/** A cell of the table as text (and as sorted, but for numbers and statuses). */
export function cellText(e: BoardEntity, key: SortKey): string {
  const v = e[key];
  if (v === null || v === undefined) return "";
  return Array.isArray(v) ? v.join(", ") : String(v);
}

/**
 * The rows sorted by one column: statuses in the board's order, estimates
 * as numbers, the rest as text with numbers in it read as numbers (T-9
 * before T-10); empty cells last either way; ties by id.
 */
export function sortedRows(rows: BoardEntity[], sort: Sort): BoardEntity[] {
  const sign = sort.descending ? -1 : 1;
  const compare = (a: BoardEntity, b: BoardEntity): number => {
    const ea = cellText(a, sort.key) === "", eb = cellText(b, sort.key) === "";
    if (ea || eb) return Number(ea) - Number(eb);
    if (sort.key === "status") return sign * compareStatuses(a.status, b.status);
    if (sort.key === "estimate_hours") return sign * ((a.estimate_hours ?? 0) - (b.estimate_hours ?? 0));
    return sign * collator.compare(cellText(a, sort.key), cellText(b, sort.key));
  };
  return [...rows].sort((a, b) => compare(a, b) || collator.compare(a.id, b.id));
}
