// A fake `obsidian` module for the tests only (build.mjs --test aliases
// `obsidian` to it). The vault is a real folder with Obsidian's events and
// its rules (hidden files only through the adapter); the UI classes record
// what they were asked to show; FakeCanvasView has the canvas internals
// canvasAdapter.ts uses. Shaped after the real types as far as the plugin
// uses them; conforms.ts checks (make test-plugin) that it has no member
// the real classes lack but the tests' own, and that each member it
// implements can stand for the real one (its parameters and result).
/* eslint-disable @typescript-eslint/no-explicit-any */
import * as fs from "node:fs";
import * as fsp from "node:fs/promises";
import * as nodePath from "node:path";

type Cb = (...args: any[]) => any;
export interface EventRef { e: Events; name: string; cb: Cb }

export class Events {
  private handlers = new Map<string, Set<EventRef>>();
  on(name: string, cb: Cb): EventRef {
    const ref = { e: this, name, cb };
    if (!this.handlers.has(name)) this.handlers.set(name, new Set());
    this.handlers.get(name)!.add(ref);
    return ref;
  }
  offref(ref: EventRef): void { this.handlers.get(ref.name)?.delete(ref); }
  trigger(name: string, ...args: any[]): void {
    for (const ref of [...(this.handlers.get(name) ?? [])]) ref.cb(...args);
  }
  listeners(name: string): number { return this.handlers.get(name)?.size ?? 0; }
}

// ---- DOM-ish elements: enough for the status bar, the settings tab and the coverage view.
/** A message or text as Obsidian takes it, a string or a DocumentFragment, kept as its text. */
const textOf = (m: string | DocumentFragment) => (typeof m === "string" ? m : m.textContent ?? "");
interface ElOptions { text?: string; cls?: string; attr?: Record<string, string>; value?: string; href?: string }
export class FakeEl {
  text = "";
  value = "";
  attrs: Record<string, string> = {};
  children: FakeEl[] = [];
  classList = new ClassList();
  /** Whether the element is shown (Obsidian's isShown); tests hide a view with it. */
  shown = true;
  private listeners = new Map<string, Set<Cb>>();
  constructor(readonly tag = "div") {}
  setText(t: string | DocumentFragment) { this.text = textOf(t); }
  addClass(...cs: string[]) { for (const c of cs) this.classList.add(c); }
  removeClass(...cs: string[]) { for (const c of cs) this.classList.remove(c); }
  toggleClass(cs: string | string[], on: boolean) { for (const c of typeof cs === "string" ? [cs] : cs) this.classList.toggle(c, on); }
  hasClass(c: string) { return this.classList.contains(c); }
  /** As the DOM's: null removes the attribute, other values are kept as strings. */
  setAttr(k: string, v: string | number | boolean | null) { if (v === null) delete this.attrs[k]; else this.attrs[k] = String(v); }
  getAttr(k: string) { return this.attrs[k] ?? null; }
  isShown() { return this.shown; }
  empty() { this.children = []; }
  createEl(tag: string, o?: ElOptions) {
    const e = new FakeEl(tag);
    if (o?.text) e.text = o.text;
    if (o?.value !== undefined) e.value = o.value;
    if (o?.href !== undefined) e.attrs.href = o.href;
    for (const c of (o?.cls ?? "").split(" ").filter((x) => x)) e.addClass(c);
    Object.assign(e.attrs, o?.attr ?? {});
    this.children.push(e);
    return e;
  }
  createDiv(o?: ElOptions) { return this.createEl("div", o); }
  createSpan(o?: ElOptions) { return this.createEl("span", o); }
  addEventListener(type: string, cb: Cb) { if (!this.listeners.has(type)) this.listeners.set(type, new Set()); this.listeners.get(type)!.add(cb); }
  removeEventListener(type: string, cb: Cb) { this.listeners.get(type)?.delete(cb); }
  /** What a person's click or choice does: the listeners of type run. */
  dispatch(type: string) { for (const cb of [...(this.listeners.get(type) ?? [])]) cb({ type, preventDefault() {} }); }
  /** The elements under this one (itself included) with class c, in document order. */
  findAll(c: string): FakeEl[] { return [...(this.hasClass(c) ? [this] : []), ...this.children.flatMap((e) => e.findAll(c))]; }
  /** The text of this element and those under it. */
  allText(): string { return [this.text, ...this.children.map((e) => e.allText())].filter((t) => t).join(" "); }
  /** Every text under this element, depth first (what a person reads). */
  texts(): string[] { return [this.text, ...this.children.flatMap((c) => c.texts())].filter(Boolean); }
}
class ClassList {
  private s = new Set<string>();
  add(...cs: string[]) { for (const c of cs) this.s.add(c); }
  remove(...cs: string[]) { for (const c of cs) this.s.delete(c); }
  contains(c: string) { return this.s.has(c); }
  toggle(c: string, on?: boolean) { const v = on ?? !this.s.has(c); if (v) this.s.add(c); else this.s.delete(c); return v; }
}

// ---- Files and the vault.
export class TAbstractFile {
  vault!: Vault;
  path = "";
  name = "";
  parent: TFolder | null = null;
}
export class TFile extends TAbstractFile {
  basename = "";
  extension = "";
  stat = { ctime: 0, mtime: 0, size: 0 };
}
export class TFolder extends TAbstractFile {
  children: TAbstractFile[] = [];
  isRoot() { return this.path === "/"; }
}

const isHidden = (p: string) => p.split("/").some((s) => s.startsWith("."));
const parentOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "/");

export class FakeAdapter {
  constructor(readonly root: string) {}
  private abs(p: string) { return nodePath.join(this.root, p); }
  getBasePath() { return this.root; }
  async exists(p: string) { return fs.existsSync(this.abs(p)); }
  async read(p: string) { return fsp.readFile(this.abs(p), "utf8"); }
  async write(p: string, data: string) { await fsp.writeFile(this.abs(p), data); }
  async readBinary(p: string): Promise<ArrayBuffer> { const b = await fsp.readFile(this.abs(p)); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer; }
  async writeBinary(p: string, data: ArrayBuffer) { await fsp.writeFile(this.abs(p), new Uint8Array(data)); }
  async remove(p: string) { await fsp.rm(this.abs(p)); }
  async rename(a: string, b: string) { await fsp.rename(this.abs(a), this.abs(b)); }
  async mkdir(p: string) { await fsp.mkdir(this.abs(p), { recursive: true }); }
  async list(p: string) {
    const files: string[] = [], folders: string[] = [];
    for (const d of await fsp.readdir(this.abs(p), { withFileTypes: true })) (d.isDirectory() ? folders : files).push(p + "/" + d.name);
    return { files, folders };
  }
}

/** Counts of the vault API's operations, for tests that check how changes were applied. */
export interface VaultLog { op: string; path: string }

export class Vault extends Events {
  readonly adapter: FakeAdapter;
  readonly configDir = ".obsidian";
  private map = new Map<string, TAbstractFile>();
  readonly root: TFolder;
  log: VaultLog[] = [];
  /** Called after every write the vault API makes (the crash test kills the process there). */
  afterWrite: ((op: string, path: string) => void) | undefined;

  constructor(readonly dir: string) {
    super();
    this.adapter = new FakeAdapter(dir);
    this.root = new TFolder();
    this.root.path = "/";
    this.root.vault = this;
    this.scan("");
  }

  private scan(rel: string) {
    for (const d of fs.readdirSync(nodePath.join(this.dir, rel), { withFileTypes: true })) {
      const p = rel ? rel + "/" + d.name : d.name;
      if (isHidden(p)) continue;
      if (d.isDirectory()) { this.register(p, true); this.scan(p); } else this.register(p, false);
    }
  }

  private register(p: string, folder: boolean): TAbstractFile {
    const f = folder ? new TFolder() : new TFile();
    this.setPath(f, p);
    this.restat(f);
    f.vault = this;
    const parent = this.map.get(parentOf(p)) ?? this.root;
    f.parent = parent as TFolder;
    (parent as TFolder).children.push(f);
    this.map.set(p, f);
    return f;
  }

  private setPath(f: TAbstractFile, p: string) {
    f.path = p;
    f.name = p.slice(p.lastIndexOf("/") + 1);
    if (f instanceof TFile) {
      const dot = f.name.lastIndexOf(".");
      f.extension = dot > 0 ? f.name.slice(dot + 1) : "";
      f.basename = dot > 0 ? f.name.slice(0, dot) : f.name;
    }
  }

  /** Obsidian keeps a file's stat up to date as it writes or sees the file change. */
  private restat(f: TAbstractFile) {
    if (!(f instanceof TFile)) return;
    const st = fs.statSync(this.abs(f.path));
    f.stat = { ctime: st.birthtimeMs, mtime: Math.floor(st.mtimeMs), size: st.size };
  }

  private unregister(f: TAbstractFile) {
    this.map.delete(f.path);
    if (f.parent) f.parent.children = f.parent.children.filter((c) => c !== f);
  }

  private abs(p: string) { return nodePath.join(this.dir, p); }

  getName() { return nodePath.basename(this.dir); }
  getRoot() { return this.root; }
  getAbstractFileByPath(p: string): TAbstractFile | null { return p === "/" || p === "" ? this.root : this.map.get(p) ?? null; }
  getFileByPath(p: string): TFile | null { const f = this.map.get(p); return f instanceof TFile ? f : null; }
  getFiles(): TFile[] { return [...this.map.values()].filter((f): f is TFile => f instanceof TFile); }
  getMarkdownFiles(): TFile[] { return this.getFiles().filter((f) => f.extension === "md"); }
  getAllLoadedFiles(): TAbstractFile[] { return [...this.map.values()]; }

  async read(f: TFile) { return fsp.readFile(this.abs(f.path), "utf8"); }
  async cachedRead(f: TFile) { return this.read(f); }

  private wrote(op: string, path: string) {
    this.log.push({ op, path });
    this.afterWrite?.(op, path);
  }

  async modify(f: TFile, data: string) {
    await fsp.writeFile(this.abs(f.path), data);
    this.restat(f);
    this.wrote("modify", f.path);
    this.trigger("modify", f);
  }

  async process(f: TFile, fn: (data: string) => string) {
    const data = fs.readFileSync(this.abs(f.path), "utf8");
    const out = fn(data);
    if (out !== data) {
      fs.writeFileSync(this.abs(f.path), out);
      this.restat(f);
      this.wrote("process", f.path);
      this.trigger("modify", f);
    }
    return out;
  }

  async create(p: string, data: string) {
    if (this.map.has(p) || fs.existsSync(this.abs(p))) throw new Error("File already exists.");
    if (parentOf(p) !== "/" && !(this.map.get(parentOf(p)) instanceof TFolder)) throw new Error(`ENOENT: no folder ${parentOf(p)}`);
    await fsp.writeFile(this.abs(p), data);
    const f = this.register(p, false) as TFile;
    this.wrote("create", p);
    this.trigger("create", f);
    return f;
  }

  async createFolder(p: string) {
    if (this.map.has(p)) throw new Error("Folder already exists.");
    await fsp.mkdir(this.abs(p), { recursive: true });
    const f = this.register(p, true) as TFolder;
    this.trigger("create", f);
    return f;
  }

  async delete(f: TAbstractFile) {
    await fsp.rm(this.abs(f.path), { recursive: true });
    this.unregister(f);
    this.wrote("delete", f.path);
    this.trigger("delete", f);
  }

  async trash(f: TAbstractFile, _system: boolean) { return this.delete(f); }

  async rename(f: TAbstractFile, to: string) {
    if (this.map.has(to)) throw new Error("Destination file already exists!");
    const from = f.path;
    await fsp.rename(this.abs(from), this.abs(to));
    this.unregister(f);
    this.setPath(f, to);
    const parent = (this.map.get(parentOf(to)) ?? this.root) as TFolder;
    f.parent = parent;
    parent.children.push(f);
    this.map.set(to, f);
    this.wrote("rename", to);
    this.trigger("rename", f, from);
  }

  /** A person's or another program's edit: the file changes on disk, then Obsidian's event fires. */
  async userWrite(p: string, data: string) {
    const f = this.getFileByPath(p);
    if (f) { await fsp.writeFile(this.abs(p), data); this.restat(f); this.trigger("modify", f); return f; }
    return this.create(p, data);
  }
}

// ---- Workspace, leaves and views.
/** The view factories plugins registered, by type (registerView). */
const viewFactories = new Map<string, Cb>();

export class WorkspaceLeaf {
  view: any;
  app!: App;
  constructor(view?: any) { this.view = view; }
  /** Opens a registered view in this leaf, as Obsidian does: load, then onOpen. */
  async setViewState(state: { type: string; active?: boolean }) {
    const make = viewFactories.get(state.type);
    if (!make) throw new Error("no view type " + state.type);
    await this.detach();
    this.view = make(this);
    this.view.load();
    await this.view.onOpen();
  }
  async detach() { const v = this.view; this.view = undefined; if (v?.unload) { v.unload(); await v.onClose?.(); } }
}

export class Workspace extends Events {
  leaves: WorkspaceLeaf[] = [];
  activeLeaf: WorkspaceLeaf | null = null;
  opened: string[] = [];
  private layoutReady = false;
  private readyCbs: Cb[] = [];
  onLayoutReady(cb: Cb) { if (this.layoutReady) queueMicrotask(cb); else this.readyCbs.push(cb); }
  /** What Obsidian does once the workspace is laid out. */
  setLayoutReady() { this.layoutReady = true; for (const cb of this.readyCbs.splice(0)) cb(); }
  getLeavesOfType(type: string) { return this.leaves.filter((l) => l.view?.getViewType?.() === type); }
  getMostRecentLeaf() { return this.activeLeaf; }
  getActiveViewOfType(cls: any) { const v = this.activeLeaf?.view; return v instanceof cls ? v : null; }
  getActiveFile() { return this.activeLeaf?.view?.file ?? null; }
  async openLinkText(path: string, _sourcePath: string) { this.opened.push(path); }
  revealed: WorkspaceLeaf[] = [];
  app!: App;
  getRightLeaf(_split: boolean) { const l = new WorkspaceLeaf(); l.app = this.app; this.leaves.push(l); return l; }
  /** A new leaf in the main area (a tab), whatever newLeaf asks. */
  getLeaf(_newLeaf?: "tab" | "split" | "window" | boolean) { const l = new WorkspaceLeaf(); l.app = this.app; this.leaves.push(l); return l; }
  async revealLeaf(l: WorkspaceLeaf) { this.revealed.push(l); }
  detachLeavesOfType(type: string) {
    for (const l of this.getLeavesOfType(type)) { void l.detach(); this.leaves = this.leaves.filter((x) => x !== l); }
  }
}

/** Obsidian's SecretStorage (1.11.4+): one store per device, by id. */
export class SecretStorage {
  readonly secrets = new Map<string, string>();
  setSecret(id: string, secret: string) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) throw new Error("invalid secret id " + id);
    this.secrets.set(id, secret);
  }
  getSecret(id: string) { return this.secrets.get(id) ?? null; }
  listSecrets() { return [...this.secrets.keys()]; }
}

/**
 * The metadata cache: a note's front matter read from its file (flat
 * "key: value" lines, enough for the entity notes of the tests), and
 * "changed" after the vault writes a note, as Obsidian fires it once it has
 * parsed the new text.
 */
export class MetadataCache extends Events {
  /** The vault's events it follows while anyone listens to it (none left behind: the tests count the vault's listeners). */
  private followed: EventRef[] = [];
  constructor(private readonly vault: Vault) { super(); }
  override on(name: string, cb: Cb): EventRef {
    if (this.followed.length === 0) {
      const changed = (f: TAbstractFile) => { if (f instanceof TFile && f.extension === "md") this.trigger("changed", f, "", this.getFileCache(f) ?? {}); };
      this.followed = [this.vault.on("modify", changed), this.vault.on("create", changed)];
    }
    return super.on(name, cb);
  }
  override offref(ref: EventRef): void {
    super.offref(ref);
    if (this.listeners("changed") === 0) { for (const r of this.followed) this.vault.offref(r); this.followed = []; }
  }
  getFileCache(file: TFile): { frontmatter?: Record<string, any> } | null {
    let text: string;
    try { text = fs.readFileSync(nodePath.join(this.vault.dir, file.path), "utf8"); } catch { return null; }
    const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    if (!m) return {};
    const frontmatter: Record<string, any> = {};
    for (const line of m[1].split(/\r?\n/)) {
      const kv = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
      if (kv) frontmatter[kv[1]] = kv[2].replace(/^["']|["']$/g, "");
    }
    return { frontmatter };
  }
}

/** Obsidian's FileManager, as far as the plugin uses it. */
export class FileManager {
  /** The paths trashFile was asked to delete, in order. */
  trashed: string[] = [];
  constructor(private readonly vault: Vault) {}
  /** Deletes as the person chose in Obsidian; the fake's person chose "permanently". */
  async trashFile(f: TAbstractFile) {
    this.trashed.push(f.path);
    await this.vault.delete(f);
  }
}

export class App {
  vault: Vault;
  workspace = new Workspace();
  metadataCache: MetadataCache;
  fileManager: FileManager;
  /** Absent with { secretStorage: false }: an Obsidian older than 1.11.4. */
  secretStorage?: SecretStorage;
  /** App.saveLocalStorage's store: this device's, per vault. */
  readonly localStorage: Map<string, unknown>;
  /** Each vault folder's device stores: an App opened again on a folder (a restart) finds them. */
  private static devices = new Map<string, { local: Map<string, unknown>; secrets: SecretStorage }>();
  constructor(dir: string, { secretStorage = true }: { secretStorage?: boolean } = {}) {
    this.vault = new Vault(dir);
    this.metadataCache = new MetadataCache(this.vault);
    this.fileManager = new FileManager(this.vault);
    this.workspace.app = this;
    let device = App.devices.get(dir);
    if (!device) App.devices.set(dir, device = { local: new Map(), secrets: new SecretStorage() });
    this.localStorage = device.local;
    if (secretStorage) this.secretStorage = device.secrets;
  }
  loadLocalStorage(key: string) { return this.localStorage.has(key) ? structuredClone(this.localStorage.get(key)) : null; }
  saveLocalStorage(key: string, data: unknown) {
    if (data === null) this.localStorage.delete(key);
    else this.localStorage.set(key, structuredClone(data));
  }
}

// ---- The canvas view with its undocumented internals (canvasAdapter.ts).
export class FakeCanvasNode {
  nodeEl = new FakeEl();
  constructor(readonly canvas: FakeCanvas, public id: string, private data: any) {}
  getData() { return { ...this.data }; }
  setData(d: any) { this.data = { ...d }; }
}

export class FakeCanvas {
  nodes = new Map<string, FakeCanvasNode>();
  edges: any[] = [];
  selection = new Set<FakeCanvasNode>();
  saveRequests = 0;
  zoomed: any;
  constructor(readonly view: FakeCanvasView, data: any) { this.load(data); }
  private load(data: any) {
    this.nodes.clear();
    for (const n of data?.nodes ?? []) this.nodes.set(n.id, new FakeCanvasNode(this, n.id, n));
    this.edges = [...(data?.edges ?? [])];
  }
  getData() { return { nodes: [...this.nodes.values()].map((n) => n.getData()), edges: this.edges.map((e) => ({ ...e })) }; }
  setData(d: any) { this.load(d); }
  importData(d: any, clear?: boolean) {
    if (clear) this.load(d);
    else { for (const n of d.nodes ?? []) this.nodes.set(n.id, new FakeCanvasNode(this, n.id, n)); this.edges.push(...(d.edges ?? [])); }
  }
  requestSave() { this.saveRequests++; }
  requestFrame() {}
  selectOnly(n: FakeCanvasNode) { this.selection = new Set([n]); }
  deselectAll() { this.selection.clear(); }
  zoomToBbox(b: any) { this.zoomed = b; }
}

export class FakeCanvasView {
  canvas: FakeCanvas;
  constructor(readonly app: App, public file: TFile, data: any) { this.canvas = new FakeCanvas(this, data); }
  getViewType() { return "canvas"; }
  /** Writes the live data to the file, as the view's save does. */
  async save() { await this.app.vault.modify(this.file, JSON.stringify(this.canvas.getData(), null, "\t")); }
}

/** Opens a canvas file in a new, active leaf. */
export async function openCanvas(app: App, path: string): Promise<FakeCanvasView> {
  const file = app.vault.getFileByPath(path);
  if (!file) throw new Error("no canvas " + path);
  const view = new FakeCanvasView(app, file, JSON.parse((await app.vault.read(file)) || "{}"));
  const leaf = new WorkspaceLeaf(view);
  app.workspace.leaves.push(leaf);
  app.workspace.activeLeaf = leaf;
  app.workspace.trigger("file-open", file);
  return view;
}

/** A markdown note open in its view. */
export class FakeMarkdownView {
  constructor(readonly app: App, public file: TFile) {}
  getViewType() { return "markdown"; }
}

/** Opens a note in a new, active leaf, as Obsidian does (file-open fires). */
export function openNote(app: App, path: string): FakeMarkdownView {
  const file = app.vault.getFileByPath(path);
  if (!file) throw new Error("no note " + path);
  const view = new FakeMarkdownView(app, file);
  const leaf = new WorkspaceLeaf(view);
  app.workspace.leaves.push(leaf);
  app.workspace.activeLeaf = leaf;
  app.workspace.trigger("file-open", file);
  return view;
}

// ---- UI recorders.
export class Notice {
  static shown: Notice[] = [];
  static messages(): string[] { return Notice.shown.map((n) => n.message); }
  hidden = false;
  history: string[] = [];
  message: string;
  /** A DocumentFragment message is kept as its text. */
  constructor(message: string | DocumentFragment, readonly duration?: number) {
    this.message = textOf(message);
    this.history.push(this.message);
    Notice.shown.push(this);
  }
  setMessage(m: string | DocumentFragment) { this.message = textOf(m); this.history.push(this.message); return this; }
  hide() { this.hidden = true; }
}

export class Modal {
  static opened: Modal[] = [];
  contentEl = new FakeEl();
  titleEl = new FakeEl();
  isOpen = false;
  constructor(readonly app: App) {}
  open() { this.isOpen = true; Modal.opened.push(this); this.onOpen(); }
  close() { this.isOpen = false; this.onClose(); }
  onOpen() {}
  onClose() {}
}

export class SuggestModal<T> extends Modal {
  placeholder = "";
  setPlaceholder(p: string) { this.placeholder = p; }
  getSuggestions(_q: string): T[] | Promise<T[]> { return []; }
  renderSuggestion(_v: T, _el: FakeEl) {}
  onChooseSuggestion(_v: T, _evt: unknown): unknown { return undefined; }
  /** What a person typing q then choosing the i-th suggestion does. */
  async choose(q: string, i = 0) {
    const s = await this.getSuggestions(q);
    if (s[i] === undefined) throw new Error(`no suggestion ${i} for ${JSON.stringify(q)}`);
    this.close();
    this.onChooseSuggestion(s[i], {});
    await (this as { work?: Promise<unknown> }).work; // the plugin's keep the choice's work there: awaited here
    return s[i];
  }
}
export class FuzzySuggestModal<T> extends SuggestModal<T> {}

export class MenuItem {
  title = ""; icon = ""; section = ""; callback: Cb | undefined;
  setTitle(t: string | DocumentFragment) { this.title = textOf(t); return this; }
  setIcon(i: string | null) { this.icon = i ?? ""; return this; }
  setSection(s: string) { this.section = s; return this; }
  onClick(cb: Cb) { this.callback = cb; return this; }
  /** What a person's click on the item does: its callback runs (what it answers comes back). */
  click(): unknown {
    if (!this.callback) throw new Error(`the item ${JSON.stringify(this.title)} has no callback`);
    return this.callback();
  }
}
export class Menu {
  /** The menus shown (showAtMouseEvent, showAtPosition), in order. */
  static shown: Menu[] = [];
  items: MenuItem[] = [];
  addItem(cb: (i: MenuItem) => void) { const i = new MenuItem(); cb(i); this.items.push(i); return this; }
  /** What a person's click on the item titled title does: its callback runs (what it answers comes back). */
  click(title: string): unknown {
    const i = this.items.find((x) => x.title === title);
    if (!i) throw new Error(`no item ${JSON.stringify(title)} in ${JSON.stringify(this.items.map((x) => x.title))}`);
    return i.click();
  }
  addSeparator() { return this; }
  showAtMouseEvent(_evt: MouseEvent) { Menu.shown.push(this); return this; }
  showAtPosition(_position: { x: number; y: number }, _doc?: Document) { Menu.shown.push(this); return this; }
}

export class Component {
  private cleanups: Cb[] = [];
  private loaded = false;
  register(cb: Cb) { this.cleanups.push(cb); }
  registerEvent(ref: EventRef) { this.register(() => ref.e.offref(ref)); }
  registerInterval(id: number) { this.register(() => clearInterval(id)); return id; }
  registerDomEvent(el: any, type: string, cb: Cb) { el.addEventListener(type, cb); this.register(() => el.removeEventListener(type, cb)); }
  addChild<T extends Component>(c: T) { c.load(); this.register(() => c.unload()); return c; }
  load() { this.loaded = true; return this.onload(); }
  unload() { if (!this.loaded) return; this.loaded = false; for (const cb of this.cleanups.splice(0).reverse()) cb(); this.onunload(); }
  onload(): any {}
  onunload(): any {}
  /** How many cleanups are registered (tests check nothing is left behind). */
  get registered() { return this.cleanups.length; }
}

export class View extends Component {
  containerEl = new FakeEl();
  constructor(readonly leaf: WorkspaceLeaf) { super(); }
  get app() { return this.leaf.app; }
  getViewType() { return ""; }
  getDisplayText() { return ""; }
}
export class ItemView extends View {
  contentEl = new FakeEl();
  getIcon() { return ""; }
  onOpen(): any {}
  onClose(): any {}
}

export interface PluginManifest { id: string; name: string; version: string; dir?: string }

/** Obsidian's Command, as far as the plugin gives it and the tests run it (callback). */
export interface Command {
  id: string;
  name: string;
  icon?: string;
  hotkeys?: { modifiers: ("Mod" | "Ctrl" | "Meta" | "Shift" | "Alt")[]; key: string }[];
  callback?: () => unknown;
  checkCallback?: (checking: boolean) => boolean | void;
}

export class Plugin extends Component {
  commands: Command[] = [];
  settingTabs: PluginSettingTab[] = [];
  statusBar: FakeEl[] = [];
  views = new Map<string, Cb>();
  data: unknown = null;
  constructor(readonly app: App, readonly manifest: PluginManifest) { super(); }
  addCommand(c: Command) { this.commands.push(c); return c; }
  addSettingTab(t: PluginSettingTab) { this.settingTabs.push(t); }
  addStatusBarItem() { const el = new FakeEl(); this.statusBar.push(el); return el; }
  addRibbonIcon(_icon: string, _title: string, _cb: (evt: MouseEvent) => unknown) { return new FakeEl(); }
  registerView(type: string, factory: Cb) {
    this.views.set(type, factory);
    viewFactories.set(type, factory);
    // Obsidian closes a plugin's views when it unloads.
    this.register(() => { this.app.workspace.detachLeavesOfType(type); viewFactories.delete(type); });
  }
  async loadData() { return this.data; }
  async saveData(d: unknown) { this.data = JSON.parse(JSON.stringify(d)); }
}

export class PluginSettingTab {
  containerEl = new FakeEl();
  constructor(readonly app: App, readonly plugin: Plugin) {}
  display() {}
  hide() {}
}

class Component_ {
  value: any;
  disabled = false;
  changed: Cb | undefined;
  clicked: Cb | undefined;
  placeholder = "";
  text = "";
  /** A text field's input element (the plugin makes the token's a password field). */
  inputEl = new FakeEl("input") as FakeEl & { type?: string };
  setValue(v: any) { this.value = v; return this; }
  getValue() { return this.value; }
  setPlaceholder(p: string) { this.placeholder = p; return this; }
  setDisabled(d: boolean) { this.disabled = d; return this; }
  onChange(cb: Cb) { this.changed = cb; return this; }
  setButtonText(t: string) { this.text = t; return this; }
  onClick(cb: Cb) { this.clicked = cb; return this; }
  setCta() { return this; }
  /** A dropdown's options, [value, label], in order. */
  options: [string, string][] = [];
  addOption(v: string, label: string) { this.options.push([v, label]); return this; }
  addOptions(o: Record<string, string>) { this.options.push(...Object.entries(o)); return this; }
  /** What a person does: types, picks or ticks a value (the onChange fires), or clicks. */
  input(v: any) { this.value = v; return this.changed?.(v); }
  click() { return this.clicked?.(); }
}

export class Setting {
  static all: Setting[] = [];
  name = "";
  desc = "";
  heading = false;
  components: Component_[] = [];
  constructor(readonly containerEl: FakeEl) { Setting.all.push(this); }
  /** The settings made in el (a modal's contentEl). */
  static in(el: FakeEl) { return Setting.all.filter((s) => s.containerEl === el); }
  setName(n: string | DocumentFragment) { this.name = textOf(n); return this; }
  setDesc(d: string | DocumentFragment) { this.desc = textOf(d); return this; }
  setHeading() { this.heading = true; return this; }
  private add(cb: Cb) { const c = new Component_(); cb(c); this.components.push(c); return this; }
  addText(cb: Cb) { return this.add(cb); }
  addTextArea(cb: Cb) { return this.add(cb); }
  addToggle(cb: Cb) { return this.add(cb); }
  addButton(cb: Cb) { return this.add(cb); }
  addDropdown(cb: Cb) { return this.add(cb); }
}

export const Platform = { isDesktopApp: true, isDesktop: true, isMobile: false, isMobileApp: false };

/** Obsidian's RequestUrlParam. */
export interface RequestUrlParam { url: string; method?: string; contentType?: string; body?: string | ArrayBuffer; headers?: Record<string, string>; throw?: boolean }
/** A test's answer to a request. headers: the response's, lower-cased names, as Obsidian's (none: {}). */
export interface RequestUrlAnswer { status: number; text: string; headers?: Record<string, string> }
/** requestUrl answers through this handler; tests set it. sent: every request, in order. */
export const requestUrlMock: { handler: ((r: RequestUrlParam) => Promise<RequestUrlAnswer>) | undefined; sent: RequestUrlParam[] } = { handler: undefined, sent: [] };
export async function requestUrl(r: RequestUrlParam | string) {
  const req = typeof r === "string" ? { url: r } : r;
  requestUrlMock.sent.push(req);
  if (!requestUrlMock.handler) throw new Error("no network in tests");
  const a = await requestUrlMock.handler(req);
  return { status: a.status, text: a.text, headers: a.headers ?? {} };
}

export function normalizePath(p: string) { return p.replace(/\\/g, "/").replace(/\/+/g, "/").replace(/^\/|\/$/g, ""); }
