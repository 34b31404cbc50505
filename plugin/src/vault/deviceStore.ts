// What only the person at this device decides, kept where the vault does
// not travel. data.json, in the plugin's folder, syncs with the vault (git,
// Syncthing, Obsidian Sync): anyone who can write the vault can write it,
// so it never holds a secret nor decides where data goes. Secrets (the
// HTTP API's token, the Notion token, an embeddings key) go to Obsidian's
// SecretStorage (1.11.4+), else to this device's localStorage for the
// vault (App.saveLocalStorage); other device-local settings (the
// embeddings endpoint and model) to localStorage. docs/SECURITY.md has
// the whole rule.
import type { App } from "obsidian";
import { newToken } from "../settings";

/** The plugin's secrets, by fixed id: a synced file cannot choose which secret is sent where. */
export const SECRET_IDS = {
  httpToken: "project-canvas-http-token",
  notionToken: "project-canvas-notion-token",
  embeddingsKey: "project-canvas-embeddings-key",
} as const;
export type SecretName = keyof typeof SECRET_IDS;

/** localStorage key of the device-local settings that are no secret. */
const LOCAL_SETTINGS = "project-canvas-device";
/** localStorage key of the vault's name on this device (vaultId). */
const VAULT_ID = "project-canvas-vault-id";

/** Where document search may send note text: this device's setting. */
export interface EmbeddingsSettings {
  endpoint: string;
  model: string;
}

export interface DeviceStore {
  secret(name: SecretName): string;
  setSecret(name: SecretName, value: string): void;
  embeddings(): EmbeddingsSettings;
  setEmbeddings(e: EmbeddingsSettings): void;
  /**
   * This vault's name on this device, made once and kept in its local
   * storage: it names the vault's store of a model's vectors (every vault
   * of the app shares one IndexedDB), where a folder's name may be another
   * vault's too.
   */
  vaultId(): string;
  /** "secret storage" or "this device's local storage", for messages. */
  readonly where: string;
}

/** The device store of app: SecretStorage when Obsidian has it, localStorage otherwise. */
export function deviceStore(app: App): DeviceStore {
  const secrets = secretStorageOf(app);
  const local = (key: string): unknown => {
    try { return app.loadLocalStorage(key); } catch { return null; }
  };
  return {
    where: secrets ? "Obsidian's secret storage" : "this device's local storage",
    secret(name) {
      const v = secrets ? secrets.getSecret(SECRET_IDS[name]) : local(SECRET_IDS[name]);
      return typeof v === "string" ? v : "";
    },
    setSecret(name, value) {
      if (secrets) secrets.setSecret(SECRET_IDS[name], value);
      else app.saveLocalStorage(SECRET_IDS[name], value === "" ? null : value);
    },
    embeddings() {
      const v = local(LOCAL_SETTINGS) as Partial<Record<keyof EmbeddingsSettings, unknown>> | null;
      const str = (x: unknown) => (typeof x === "string" ? x : "");
      return { endpoint: str(v?.endpoint), model: str(v?.model) };
    },
    setEmbeddings(e) { app.saveLocalStorage(LOCAL_SETTINGS, { endpoint: e.endpoint, model: e.model }); },
    vaultId() {
      const v = local(VAULT_ID);
      if (typeof v === "string" && /^[0-9a-f]{64}$/.test(v)) return v;
      const id = newToken();
      app.saveLocalStorage(VAULT_ID, id);
      return id;
    },
  };
}

/** The part of Obsidian's SecretStorage (1.11.4) the store uses. */
interface Secrets {
  getSecret(id: string): string | null;
  setSecret(id: string, secret: string): void;
}

/**
 * Obsidian's secret storage where the app has it (1.11.4 and later); older
 * versions (minAppVersion is 1.8.7) have none, and the store falls back to
 * this device's local storage. Typed as maybe missing, which it is.
 */
function secretStorageOf(app: App): Secrets | undefined {
  const s = (app as { secretStorage?: Partial<Secrets> }).secretStorage;
  return s && typeof s.getSecret === "function" && typeof s.setSecret === "function" ? (s as Secrets) : undefined;
}
