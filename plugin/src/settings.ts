// The plugin's settings and their tab.
import { Platform, PluginSettingTab, Setting, type App, type Plugin } from "obsidian";
import type { DeviceStore } from "./vault/deviceStore";
import { ENTITY_TYPES } from "./core/wire";

export type EntityType = (typeof ENTITY_TYPES)[number];

/**
 * The settings kept in the plugin's data.json. That file syncs with the
 * vault, so it holds no secret and names no destination: the tokens, the
 * embeddings endpoint and key live on this device (deviceStore.ts).
 */
export interface Settings {
  /** Where new entity notes go. */
  projectsFolder: string;
  /** The canvas the canvas commands use when no canvas is active. */
  defaultCanvas: string;
  /** Entity types populate-canvas-from-vault puts on the canvas. */
  visibleTypes: Record<EntityType, boolean>;
  /** The in-editor HTTP API's port on 127.0.0.1 (desktop only). */
  httpPort: number;
  /** External sync with Notion. */
  notion: NotionSettings;
}

/**
 * The Notion sync's settings that may travel with the vault. The token is
 * this device's secret (deviceStore.ts); the API is always Notion's
 * (NOTION_API in notionSync.ts); property names are the vault's
 * (notion.properties in .projectcanvas/config.json), shared with the
 * command line.
 */
export interface NotionSettings {
  enabled: boolean;
  /** The database's id or URL; empty: notion.database_id of the vault's config. */
  databaseId: string;
  /** start-extdb-sync-polling's interval, 1 to 1,440 minutes. */
  pollMinutes: number;
}

/** The polling interval's bounds, in minutes: a minute to a day. */
export const POLL_MINUTES = { min: 1, max: 1440 } as const;

export const DEFAULT_SETTINGS: Settings = {
  projectsFolder: "Projects",
  defaultCanvas: "Projects.canvas",
  visibleTypes: { milestone: true, story: true, task: true, decision: true, document: true, feature: true },
  httpPort: 12312,
  notion: { enabled: false, databaseId: "", pollMinutes: 5 },
};

/** A new bearer token: 32 random bytes, hex. */
export function newToken(): string {
  const b = new Uint8Array(32);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/** Saved data merged over the defaults; unknown or ill-typed values are dropped. */
export function mergeSettings(saved: unknown): Settings {
  const s = (saved && typeof saved === "object" ? saved : {}) as Partial<Record<keyof Settings, unknown>>;
  const str = (v: unknown, d: string) => (typeof v === "string" ? v : d);
  const visible = { ...DEFAULT_SETTINGS.visibleTypes };
  if (s.visibleTypes && typeof s.visibleTypes === "object") {
    for (const t of ENTITY_TYPES) {
      const v = (s.visibleTypes as Record<string, unknown>)[t];
      if (typeof v === "boolean") visible[t] = v;
    }
  }
  const port = Number(s.httpPort);
  return {
    projectsFolder: str(s.projectsFolder, DEFAULT_SETTINGS.projectsFolder),
    defaultCanvas: str(s.defaultCanvas, DEFAULT_SETTINGS.defaultCanvas),
    visibleTypes: visible,
    httpPort: Number.isInteger(port) && port > 0 && port < 65536 ? port : DEFAULT_SETTINGS.httpPort,
    notion: mergeNotion(s.notion),
  };
}

/** A polling interval in bounds: anything else (0.0001, a string, NaN) is the default. */
export function pollMinutes(v: unknown): number {
  const m = Number(v);
  return Number.isFinite(m) && m >= POLL_MINUTES.min && m <= POLL_MINUTES.max ? m : DEFAULT_SETTINGS.notion.pollMinutes;
}

function mergeNotion(saved: unknown): NotionSettings {
  const d = DEFAULT_SETTINGS.notion;
  const n = (saved && typeof saved === "object" ? saved : {}) as Partial<Record<keyof NotionSettings, unknown>>;
  return {
    enabled: typeof n.enabled === "boolean" ? n.enabled : d.enabled,
    databaseId: typeof n.databaseId === "string" ? n.databaseId : "",
    pollMinutes: pollMinutes(n.pollMinutes),
  };
}

/**
 * What an earlier version kept in data.json and this one keeps on the
 * device: the tokens, to move (the person typed or generated them), and
 * keys that only have to go (an endpoint or API URL, which a synced file
 * must not choose).
 */
export interface LegacyData {
  httpToken: string;
  notionToken: string;
  /** Whether data.json holds any key of an earlier version (then it is saved again without them). */
  stale: boolean;
}

export function legacyData(saved: unknown): LegacyData {
  const s = (saved && typeof saved === "object" ? saved : {}) as Record<string, unknown>;
  const n = (s.notion && typeof s.notion === "object" ? s.notion : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  return {
    httpToken: str(s.token),
    notionToken: str(n.token),
    stale: "token" in s || "embeddingsEndpoint" in s || "token" in n || "apiUrl" in n,
  };
}

/** What the tab needs of the plugin. */
export interface SettingsHost extends Plugin {
  settings: Settings;
  /** The tokens, the embeddings endpoint and key: this device's, never data.json's. */
  device: DeviceStore;
  saveSettings(): Promise<void>;
  /** Makes a regenerated token, or a changed embeddings endpoint, take effect (the core reloads). */
  tokenChanged(): Promise<void>;
  /** Lets Notion polling follow a changed interval, or stop when the integration is turned off. */
  notionChanged(): void;
}

export class SettingsTab extends PluginSettingTab {
  /** Whether the embeddings settings changed since the tab opened. */
  private embeddingsChanged = false;
  /** The reload the last hide started (the embeddings changed), for whoever waits on it. */
  applied: Promise<void> = Promise.resolve();

  constructor(app: App, private readonly host: SettingsHost) {
    super(app, host);
  }

  /** The tab closes: the core reloads once with changed embeddings settings. */
  override hide(): void {
    if (!this.embeddingsChanged) return;
    this.embeddingsChanged = false;
    this.applied = this.host.tokenChanged().catch(() => undefined);
  }

  override display(): void { this.render(); }

  /** Draws the tab (display, and again after a change that shows). */
  private render(): void {
    const { containerEl } = this;
    const s = this.host.settings;
    const save = () => this.host.saveSettings();
    containerEl.empty();
    new Setting(containerEl).setName("Projects folder").setDesc("Where new entity notes are created.")
      .addText((t) => t.setPlaceholder(DEFAULT_SETTINGS.projectsFolder).setValue(s.projectsFolder)
        .onChange(async (v) => { s.projectsFolder = v.trim() || DEFAULT_SETTINGS.projectsFolder; await save(); }));
    new Setting(containerEl).setName("Default canvas").setDesc("The canvas the canvas commands use when no canvas is active.")
      .addText((t) => t.setPlaceholder(DEFAULT_SETTINGS.defaultCanvas).setValue(s.defaultCanvas)
        .onChange(async (v) => { s.defaultCanvas = v.trim() || DEFAULT_SETTINGS.defaultCanvas; await save(); }));
    new Setting(containerEl).setName("Entity types on the canvas").setHeading();
    for (const type of ENTITY_TYPES) {
      new Setting(containerEl).setName(type[0].toUpperCase() + type.slice(1) + "s")
        .setDesc(`Populate canvas from vault adds ${type} notes.`)
        .addToggle((t) => t.setValue(s.visibleTypes[type]).onChange(async (v) => { s.visibleTypes[type] = v; await save(); }));
    }
    const device = this.host.device;
    if (Platform.isDesktopApp) {
      new Setting(containerEl).setName("HTTP API").setHeading();
      new Setting(containerEl).setName("Port").setDesc("The HTTP API listens on 127.0.0.1 at this port.")
        .addText((t) => t.setValue(String(s.httpPort)).onChange(async (v) => {
          const port = Number(v);
          if (Number.isInteger(port) && port > 0 && port < 65536) { s.httpPort = port; await save(); }
        }));
      new Setting(containerEl).setName("Token").setDesc(`Clients send it as Authorization: Bearer <token>. Kept in ${device.where}, on this device only.`)
        .addText((t) => t.setValue(device.secret("httpToken")).setDisabled(true))
        .addButton((b) => b.setButtonText("Regenerate").onClick(async () => {
          device.setSecret("httpToken", newToken());
          this.render();
          await this.host.tokenChanged();
        }));
    }
    this.embeddings(containerEl);
    this.notion(containerEl);
  }

  /** Where document search may send note text: this device's setting, never the vault's. */
  private embeddings(el: HTMLElement): void {
    const device = this.host.device;
    const e = device.embeddings();
    // Kept at each keystroke; the core reloads with it once, when the tab
    // closes (hide), not once per key.
    const changed = () => { device.setEmbeddings(e); this.embeddingsChanged = true; };
    new Setting(el).setName("Semantic search").setHeading()
      .setDesc("Document search ranks by keywords and by meaning, on this device. An embeddings endpoint sends the text of " +
        "your notes there to be embedded; it is set per device and never synced with the vault.");
    new Setting(el).setName("Embeddings endpoint").setDesc("Optional: an OpenAI-style embeddings URL (Ollama: http://localhost:11434/v1/embeddings). Empty: nothing leaves this device.")
      .addText((t) => t.setPlaceholder("https://…/v1/embeddings").setValue(e.endpoint)
        .onChange((v) => { e.endpoint = v.trim(); changed(); }));
    new Setting(el).setName("Embeddings model").setDesc("The model the endpoint is asked for (nomic-embed-text, text-embedding-3-small…).")
      .addText((t) => t.setValue(e.model).onChange((v) => { e.model = v.trim(); changed(); }));
    new Setting(el).setName("Embeddings API key").setDesc(`Optional; sent to the endpoint only. Kept in ${device.where}.`)
      .addText((t) => {
        t.inputEl.type = "password";
        t.setValue(device.secret("embeddingsKey")).onChange((v) => { device.setSecret("embeddingsKey", v.trim()); this.embeddingsChanged = true; });
      });
  }

  /** External sync (Notion): the integration, its token (a password field), the database, polling. */
  private notion(el: HTMLElement): void {
    const n = this.host.settings.notion;
    const device = this.host.device;
    const save = async () => { await this.host.saveSettings(); this.host.notionChanged(); };
    new Setting(el).setName("External sync (Notion)").setHeading()
      .setDesc("Sync commands keep the entities and a Notion database in step, both ways. Property names, status values " +
        "and the old plugin's layout are set in the vault's .projectcanvas/config.json (notion.properties…): see " +
        "“Sync with Notion” in Project Canvas's README.");
    new Setting(el).setName("Sync with Notion").setDesc("Turns on the Notion sync commands and menu items.")
      .addToggle((t) => t.setValue(n.enabled).onChange(async (v) => { n.enabled = v; await save(); }));
    new Setting(el).setName("Access token")
      .setDesc(`The internal integration's secret (notion.so/profile/integrations). Kept in ${device.where}, on this device only: never in the vault nor in the plugin's synced data.`)
      .addText((t) => {
        t.inputEl.type = "password";
        t.setPlaceholder("ntn_…").setValue(device.secret("notionToken")).onChange((v) => { device.setSecret("notionToken", v.trim()); this.host.notionChanged(); });
      });
    new Setting(el).setName("Database")
      .setDesc("The database's ID or URL; share the database with the integration (in Notion: ••• → Connections). Empty: the database the vault's .projectcanvas/config.json names.")
      .addText((t) => t.setPlaceholder("1f2e…").setValue(n.databaseId).onChange(async (v) => { n.databaseId = v.trim(); await save(); }));
    new Setting(el).setName("Polling interval (minutes)").setDesc(`How often Start external database sync polling syncs the canvas: ${POLL_MINUTES.min} to ${POLL_MINUTES.max}.`)
      .addText((t) => t.setPlaceholder(String(DEFAULT_SETTINGS.notion.pollMinutes)).setValue(String(n.pollMinutes)).onChange(async (v) => {
        const m = Number(v);
        if (pollMinutes(m) === m) { n.pollMinutes = m; await save(); }
      }));
  }
}
