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
}

export const DEFAULT_SETTINGS: Settings = {
  projectsFolder: "Projects",
  defaultCanvas: "Projects.canvas",
  visibleTypes: { milestone: true, story: true, task: true, decision: true, document: true, feature: true },
  httpPort: 12312,
  token: "",
  embeddingsEndpoint: "",
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
  };
}

/** What the tab needs of the plugin. */
export interface SettingsHost extends Plugin {
  settings: Settings;
  saveSettings(): Promise<void>;
  /** Makes a regenerated token take effect. */
  tokenChanged(): Promise<void>;
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
  }
}
