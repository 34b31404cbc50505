// The messages between the plugin and its worker, and the bridge's JSON
// (wasm/bridge/bridge.go; command and commands per the command registry).

/** A file change the core made, to apply through the vault API, in order. */
export interface Change {
  op: "write" | "delete" | "rename";
  path: string;
  from?: string;
  content?: string;
}

export interface VaultFile { path: string; content: string }

export interface VaultEvent {
  type: "create" | "modify" | "delete" | "rename";
  path: string;
  from?: string;
  content?: string;
}

export interface LoadOutput {
  entities: number;
  problems: unknown[] | null;
  changes: Change[];
  recovered: unknown[];
  /** How the load used the index cache (with an index_key): files taken from it, files decoded, why it was ignored, whether it is worth saving again. */
  index_cache?: { restored: number; decoded: number; ignored?: string; stale: boolean };
}

export interface CallOutput<R = unknown> { result: R; changes: Change[] }

/** What a command asks the editor to do besides its file changes. */
export interface CommandResult {
  notice?: string;
  canvas?: string;
  select?: string[];
  center?: string;
  hide?: string[];
  show?: string[];
  open?: string[];
  rows?: unknown[];
  data?: unknown;
}

export interface CommandInfo {
  id: string;
  name: string;
  description: string;
  editor: boolean;
  input_schema: unknown;
}

export interface HttpInput { method: string; path: string; headers?: Record<string, string>; body?: string }
export interface HttpOutput { status: number; headers: Record<string, string>; body: string; changes: Change[] }

export interface OutboundRequest { method: string; url: string; headers: Record<string, string>; body: string }
/** headers: the response's, lower-cased names (the core reads Retry-After). */
export interface OutboundResponse { status: number; body: string; headers?: Record<string, string> }

/** A failure as the core reports it (docs/ARCHITECTURE.md, "Errors"). */
export interface ErrorInfo { code: string; message: string; details?: unknown }

/**
 * The bridge functions plus the worker's own: init (the compressed .wasm),
 * stage (files for the next load), stageIndexCache (a Uint8Array: the
 * index cache for the next load) and indexCache (answers the last load's
 * index cache as bytes); stageDocIndexCache and docIndexCache, the same of
 * the document index (which answers once it is built).
 */
export type WorkerFn = "init" | "stage" | "stageIndexCache" | "indexCache" | "stageDocIndexCache" | "docIndexCache" | "load" | "events" | "call" | "http" | "tools" | "command" | "commands";

/** init's input: the core, and a copy of it from an earlier start. */
export interface InitInput {
  /** The .wasm, gzip then base64 (main.js carries it). */
  gzipBase64: string;
  /** The SHA-256 of the .wasm, hex: a cached copy is used only when it has it. */
  sha256: string;
  /** The .wasm as an earlier start kept it (transferred). */
  cached?: ArrayBuffer;
  /** Send the decompressed .wasm back ({ wasm }) to be kept, when no cached copy was used. */
  keep?: boolean;
}

/** init's answer: where the core came from. */
export interface InitOutput { version: string; core: "cache" | "embedded" }

/** Plugin to worker. */
export type ToWorker =
  | { id: number; fn: WorkerFn; input: unknown }
  | { transport: number; response?: OutboundResponse; error?: string };

/** Worker to plugin. */
export type FromWorker =
  | { id: number; ok: true; output: string; bytes?: ArrayBuffer }
  | { id: number; ok: false; error: ErrorInfo }
  | { transport: number; request: OutboundRequest }
  | { wasm: ArrayBuffer }
  | { dead: string };
