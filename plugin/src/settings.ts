// The plugin's settings and their tab.
import { Platform, PluginSettingTab, Setting, type App, type Plugin } from "obsidian";

export const ENTITY_TYPES = ["milestone", "story", "task", "decision", "document", "feature"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export interface Settings {
  /** Where new entity notes go. */
  projectsFolder: string;
  /** The canvas the canvas commands use when no canvas is active. */
  defaultCanvas: string;
  /** Entity types populate-canvas-from-vault puts on the canvas. */
  visibleTypes: Record<EntityType, boolean>;
  /** The in-editor HTTP API's port on 127.0.0.1 (desktop only). */
  httpPort: number;
  /** Its bearer token; generated on first load. */
  token: string;
  /** An optional OpenAI-style embeddings endpoint for document search. */
  embeddingsEndpoint: string;
  /** External sync with Notion. */
  notion: NotionSettings;
}

/**
 * The Notion sync's settings. The token lives here, in the plugin's data
 * (saveData), and nowhere in the vault's notes or .projectcanvas; property
 * names are the vault's (notion.properties in .projectcanvas/config.json),
 * shared with the command line.
 */
export interface NotionSettings {
  enabled: boolean;
  /** The internal integration's secret. */
  token: string;
  /** The database's id or URL; empty: notion.database_id of the vault's config. */
  databaseId: string;
  /** start-extdb-sync-polling's interval. */
  pollMinutes: number;
  /** Another API base URL (a proxy, tests); empty: Notion's. */
  apiUrl: string;
}

export const DEFAULT_SETTINGS: Settings = {
  projectsFolder: "Projects",
  defaultCanvas: "Projects.canvas",
  visibleTypes: { milestone: true, story: true, task: true, decision: true, document: true, feature: true },
  httpPort: 12312,
  token: "",
  embeddingsEndpoint: "",
  notion: { enabled: false, token: "", databaseId: "", pollMinutes: 5, apiUrl: "" },
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
    token: str(s.token, ""),
    embeddingsEndpoint: str(s.embeddingsEndpoint, ""),
    notion: mergeNotion(s.notion),
  };
}

function mergeNotion(saved: unknown): NotionSettings {
  const d = DEFAULT_SETTINGS.notion;
  const n = (saved && typeof saved === "object" ? saved : {}) as Partial<Record<keyof NotionSettings, unknown>>;
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const every = Number(n.pollMinutes);
  return {
    enabled: typeof n.enabled === "boolean" ? n.enabled : d.enabled,
    token: str(n.token),
    databaseId: str(n.databaseId),
    pollMinutes: Number.isFinite(every) && every > 0 ? every : d.pollMinutes,
    apiUrl: str(n.apiUrl),
  };
}

/** What the tab needs of the plugin. */
export interface SettingsHost extends Plugin {
  settings: Settings;
  saveSettings(): Promise<void>;
  /** Makes a regenerated token take effect. */
  tokenChanged(): Promise<void>;
  /** Lets Notion polling follow a changed interval, or stop when the integration is turned off. */
  notionChanged(): void;
}

export class SettingsTab extends PluginSettingTab {
  constructor(app: App, private readonly host: SettingsHost) {
    super(app, host);
  }

  override display(): void {
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
    if (Platform.isDesktopApp) {
      new Setting(containerEl).setName("HTTP API").setHeading();
      new Setting(containerEl).setName("Port").setDesc("The HTTP API listens on 127.0.0.1 at this port.")
        .addText((t) => t.setValue(String(s.httpPort)).onChange(async (v) => {
          const port = Number(v);
          if (Number.isInteger(port) && port > 0 && port < 65536) { s.httpPort = port; await save(); }
        }));
      new Setting(containerEl).setName("Token").setDesc("Clients send it as Authorization: Bearer <token>.")
        .addText((t) => t.setValue(s.token).setDisabled(true))
        .addButton((b) => b.setButtonText("Regenerate").onClick(async () => {
          s.token = newToken();
          await save();
          this.display();
          await this.host.tokenChanged();
        }));
    }
    new Setting(containerEl).setName("Embeddings endpoint").setDesc("Optional: an OpenAI-style embeddings URL for semantic document search. Empty: keyword search only.")
      .addText((t) => t.setPlaceholder("https://…/v1/embeddings").setValue(s.embeddingsEndpoint)
        .onChange(async (v) => { s.embeddingsEndpoint = v.trim(); await save(); }));
    this.notion(containerEl);
  }

  /** External sync (Notion): the integration, its token (a password field), the database, polling. */
  private notion(el: HTMLElement): void {
    const n = this.host.settings.notion;
    const save = async () => { await this.host.saveSettings(); this.host.notionChanged(); };
    new Setting(el).setName("External sync (Notion)").setHeading()
      .setDesc("Sync commands keep the entities and a Notion database in step, both ways. Property names, status values " +
        "and the old plugin's layout are set in the vault's .projectcanvas/config.json (notion.properties…): see " +
        "“Sync with Notion” in Project Canvas's README.");
    new Setting(el).setName("Sync with Notion").setDesc("Turns on the Notion sync commands and menu items.")
      .addToggle((t) => t.setValue(n.enabled).onChange(async (v) => { n.enabled = v; await save(); }));
    new Setting(el).setName("Access token")
      .setDesc("The internal integration's secret (notion.so/profile/integrations). Kept in this plugin's data, never in the vault's notes.")
      .addText((t) => {
        t.inputEl.type = "password";
        t.setPlaceholder("ntn_…").setValue(n.token).onChange(async (v) => { n.token = v.trim(); await save(); });
      });
    new Setting(el).setName("Database")
      .setDesc("The database's id or URL; share the database with the integration (in Notion: ••• → Connections). Empty: notion.database_id in .projectcanvas/config.json.")
      .addText((t) => t.setPlaceholder("1f2e…").setValue(n.databaseId).onChange(async (v) => { n.databaseId = v.trim(); await save(); }));
    new Setting(el).setName("Polling interval (minutes)").setDesc("How often Start external database sync polling syncs the canvas.")
      .addText((t) => t.setPlaceholder(String(DEFAULT_SETTINGS.notion.pollMinutes)).setValue(String(n.pollMinutes)).onChange(async (v) => {
        const m = Number(v);
        if (Number.isFinite(m) && m >= 1) { n.pollMinutes = m; await save(); }
      }));
    new Setting(el).setName("API URL (advanced)").setDesc("Another base URL for Notion's API: a self-hosted proxy, or a test server. Empty: Notion's.")
      .addText((t) => t.setPlaceholder("https://api.notion.com").setValue(n.apiUrl).onChange(async (v) => { n.apiUrl = v.trim(); await save(); }));
  }
}
