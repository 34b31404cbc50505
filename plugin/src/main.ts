// The plugin: wiring only. onload registers; the core starts when the
// layout is ready (Session); every listener goes through register*.
import { Notice, Plugin, requestUrl } from "obsidian";
import { WASM_GZIP_BASE64, WASM_SHA256, WORKER_SOURCE } from "core-assets";
import * as canvas from "./editor/canvasAdapter";
import { Cards } from "./editor/cards";
import { registerCommands } from "./commands/commands";
import { registerMenus } from "./commands/menus";
import { BOARD_VIEW, BoardView, openBoard } from "./editor/boardView";
import { COVERAGE_VIEW, CoverageView, openCoverage } from "./editor/coverageView";
import { HttpServer } from "./commands/httpServer";
import { NotionSync } from "./commands/notionSync";
import { LoadProgress } from "./editor/progress";
import type { OutboundRequest, OutboundResponse } from "./core/protocol";
import { Session } from "./core/session";
import { deviceStore, type DeviceStore } from "./vault/deviceStore";
import { deviceVectorStore } from "./vault/vectorStore";
import { legacyData, mergeSettings, newToken, SettingsTab, type LegacyData, type Settings } from "./settings";

export default class ProjectCanvasPlugin extends Plugin {
  override settings!: Settings;
  session!: Session;
  progress!: LoadProgress;
  /** The in-editor HTTP API (desktop only): start-http-server and stop-http-server. */
  httpServer!: HttpServer;
  /** Sync with Notion: its commands, menu item, polling and status bar item. */
  notionSync!: NotionSync;

  /** Type and status on every entity card of an open canvas. */
  cards!: Cards;

  /** The tokens and the embeddings endpoint: this device's own (deviceStore.ts). */
  device!: DeviceStore;

  override async onload(): Promise<void> {
    const saved: unknown = await this.loadData();
    this.settings = mergeSettings(saved);
    this.device = deviceStore(this.app);
    await this.moveLegacySecrets(legacyData(saved));
    if (!this.device.secret("httpToken")) this.device.setSecret("httpToken", newToken());
    this.addSettingTab(new SettingsTab(this.app, this));
    this.progress = new LoadProgress(this.addStatusBarItem());
    this.session = new Session({
      app: this.app,
      workerSource: WORKER_SOURCE,
      wasmGzipBase64: WASM_GZIP_BASE64,
      wasmSha256: WASM_SHA256,
      token: () => this.device.secret("httpToken"),
      embeddings: () => embeddingsConfig(this.device),
      transport: send,
      vectorStore: deviceVectorStore(),
      vaultId: this.device.vaultId(),
      onProgress: (p) => this.progress.update(p),
      notify: (m) => new Notice(m),
      cacheDir: this.manifest.dir,
    });
    this.notionSync = new NotionSync(this, this.addStatusBarItem());
    registerCommands(this); registerMenus(this);
    this.cards = new Cards(this);
    this.app.workspace.onLayoutReady(() => this.cards.soon());
    this.registerView(COVERAGE_VIEW, (leaf) => new CoverageView(leaf, this.session));
    this.registerView(BOARD_VIEW, (leaf) => new BoardView(leaf, this.session));
    this.addRibbonIcon("kanban", "Open project board", () => { void this.openBoard(); });
    this.httpServer = new HttpServer({ port: () => this.settings.httpPort, token: () => this.device.secret("httpToken"), serve: (r) => this.session.http(r), notify: (m) => new Notice(m) });
    this.register(() => void this.httpServer.stop());
    this.register(() => {
      this.session.stop();
      canvas.showAll(this.app);
      this.progress.dispose();
    });
    this.app.workspace.onLayoutReady(() => {
      // Registered here, not in onload: Obsidian fires create for every
      // file while it opens the vault, and the load reads them anyway.
      const vault = this.app.vault;
      this.registerEvent(vault.on("create", (f) => this.session.onVaultEvent("create", f)));
      this.registerEvent(vault.on("modify", (f) => this.session.onVaultEvent("modify", f)));
      this.registerEvent(vault.on("delete", (f) => this.session.onVaultEvent("delete", f)));
      this.registerEvent(vault.on("rename", (f, from) => this.session.onVaultEvent("rename", f, from)));
      void this.session.start();
    });
  }

  async saveSettings(): Promise<void> {
    await this.saveData(this.settings);
  }

  /**
   * An earlier version kept the tokens in data.json, which syncs with the
   * vault: move them to this device (once; data.json is saved without
   * them, and without the endpoint and API URL a synced file must not
   * choose) and say so.
   */
  private async moveLegacySecrets(legacy: LegacyData): Promise<void> {
    if (!legacy.stale) return;
    const moved: string[] = [];
    if (legacy.httpToken && !this.device.secret("httpToken")) { this.device.setSecret("httpToken", legacy.httpToken); moved.push("the HTTP API's token"); }
    if (legacy.notionToken && !this.device.secret("notionToken")) { this.device.setSecret("notionToken", legacy.notionToken); moved.push("the Notion access token"); }
    await this.saveSettings();
    if (moved.length > 0) {
      new Notice(`Project Canvas: moved ${moved.join(" and ")} out of the plugin's data.json, which syncs with the vault, into ${this.device.where} on this device.`);
    }
  }

  /** The core holds the token from its load: a new one takes effect with a reload. */
  async tokenChanged(): Promise<void> {
    if (this.session.isReady) await this.session.reload();
  }

  notionChanged(): void { this.notionSync.settingsChanged(); }

  /** Opens or reveals the coverage sidebar (open-feature-coverage). */
  openCoverage(): Promise<void> { return openCoverage(this.app); }

  /** Opens or reveals the board and table (open-board). */
  openBoard(): Promise<void> { return openBoard(this.app); }
}

/** The person's embeddings setting as the core's load takes it; undefined: none. */
function embeddingsConfig(device: DeviceStore): { endpoint: string; model: string; api_key?: string } | undefined {
  const e = device.embeddings();
  if (!e.endpoint) return undefined;
  const key = device.secret("embeddingsKey");
  return { endpoint: e.endpoint, model: e.model, ...(key ? { api_key: key } : {}) };
}

/**
 * The core's outbound HTTP through requestUrl (no CORS limits, works on
 * mobile), with the response's headers: the Notion client waits out a
 * 429's Retry-After.
 */
async function send(req: OutboundRequest): Promise<OutboundResponse> {
  const r = await requestUrl({ url: req.url, method: req.method, headers: req.headers, body: req.body, throw: false });
  return { status: r.status, body: r.text, headers: r.headers };
}
