// What the commands and menus need of the plugin. The HTTP server, the
// coverage sidebar and the board are the plugin's own parts (httpServer.ts,
// coverageView.ts, boardView.ts); the commands only call into them, and say so in a
// notice where a build does not have them.
import type { Plugin } from "obsidian";
import type { DeviceStore } from "../vault/deviceStore";
import type { Subject } from "../commands/actions";
import type { Session } from "./session";
import type { Settings } from "../settings";

/** The in-editor HTTP server, as start-http-server and stop-http-server drive it. */
export interface HttpServerControl {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The Notion sync, as its commands and the menus drive it (notionSync.ts). */
export interface NotionSyncControl {
  /** Refuses, saying what to set, when the integration is off or unset. */
  check(): Promise<void>;
  syncCanvas(): Promise<void>;
  syncNote(s: Subject): Promise<void>;
  togglePolling(): Promise<void>;
}

/** The plugin as the commands and menus see it. */
// Plugin's own settings field (Obsidian 1.13) is typed unknown; the
// plugin's is Settings, declared here, so Omit it.
export type CommandHost = Omit<Plugin, "settings"> & {
  settings: Settings;
  /** This device's secrets and settings (deviceStore.ts). */
  device: DeviceStore;
  session: Session;
  httpServer?: HttpServerControl;
  openCoverage?(): unknown;
  openBoard?(): unknown;
  notionSync?: NotionSyncControl;
};
