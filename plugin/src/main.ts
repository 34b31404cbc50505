// The plugin: wiring only. onload registers; the core starts when the
// layout is ready (Session); every listener goes through register*.
import { Notice, Plugin, requestUrl } from "obsidian";
import { WASM_GZIP_BASE64, WASM_SHA256, WORKER_SOURCE } from "core-assets";
import * as canvas from "./canvasAdapter";
import { registerCommands, registerMenus } from "./commands";
import { COVERAGE_VIEW, CoverageView, openCoverage } from "./coverageView";
import { HttpServer } from "./httpServer";
import { NotionSync } from "./notionSync";
import { LoadProgress } from "./progress";
import type { OutboundRequest, OutboundResponse } from "./protocol";
import { Session } from "./session";
import { mergeSettings, newToken, SettingsTab, type Settings } from "./settings";

export default class ProjectCanvasPlugin extends Plugin {
  override settings!: Settings;
  session!: Session;
  progress!: LoadProgress;
  /** The in-editor HTTP API (desktop only): start-http-server and stop-http-server. */
  httpServer!: HttpServer;
  /** Sync with Notion: its commands, menu item, polling and status bar item. */
  notionSync!: NotionSync;

  override async onload(): Promise<void> {
    this.settings = mergeSettings(await this.loadData());
    if (!this.settings.token) {
      this.settings.token = newToken();
      await this.saveSettings();
    }
    this.addSettingTab(new SettingsTab(this.app, this));
    this.progress = new LoadProgress(this.addStatusBarItem());
    this.session = new Session({
      app: this.app,
      workerSource: WORKER_SOURCE,
      wasmGzipBase64: WASM_GZIP_BASE64,
      wasmSha256: WASM_SHA256,
      token: () => this.settings.token,
      transport: send,
      onProgress: (p) => this.progress.update(p),
      notify: (m) => new Notice(m),
      cacheDir: this.manifest.dir,
    });
    this.notionSync = new NotionSync(this, this.addStatusBarItem());
    registerCommands(this); registerMenus(this);
    this.registerView(COVERAGE_VIEW, (leaf) => new CoverageView(leaf, this.session));
    this.httpServer = new HttpServer({ port: () => this.settings.httpPort, serve: (r) => this.session.http(r), notify: (m) => new Notice(m) });
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

  /** The core holds the token from its load: a new one takes effect with a reload. */
  async tokenChanged(): Promise<void> {
    if (this.session.isReady) await this.session.reload();
  }

  notionChanged(): void { this.notionSync.settingsChanged(); }

  /** Opens or reveals the coverage sidebar (open-feature-coverage). */
  openCoverage(): Promise<void> { return openCoverage(this.app); }
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
