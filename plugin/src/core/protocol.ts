// The messages between the plugin and its worker, and the bridge's JSON
// (wasm/bridge/bridge.go; command and commands per the command registry).
// The bridge's types are generated from the Go ones (wire.ts, checked by
// wasm/bridge's TestWire); what is written here is the plugin's own: a
// call's answer with its result typed, the transport's JavaScript objects
// (wasm/main.go) and the worker's messages.
export type { Change, CommandInfo, CommandResult, ErrorInfo, HttpInput, HttpOutput, LoadOutput, VaultEvent, VaultFile } from "./wire";
import type { Change, ErrorInfo } from "./wire";

/** call's and command's answer: the tool's or command's result, and its file changes (callOut). */
export interface CallOutput<R = unknown> { result: R; changes: Change[] }

export interface OutboundRequest { method: string; url: string; headers: Record<string, string>; body: string }
/** headers: the response's, lower-cased names (the core reads Retry-After). */
export interface OutboundResponse { status: number; body: string; headers?: Record<string, string> }

/**
 * Where the vectors a person's embeddings model returned are kept on the
 * device (wasm/vectors.go): by name, the bytes the core hands over. load
 * resolves to undefined when nothing is stored; replace stores its bytes
 * instead of what was stored, in one step.
 */
export interface VectorStore {
  load(name: string): Promise<Uint8Array | undefined>;
  append(name: string, bytes: Uint8Array): Promise<void>;
  replace(name: string, bytes: Uint8Array): Promise<void>;
}

/** A request of the core's vector store, forwarded by the worker. */
export interface VectorRequest { op: "load" | "append" | "replace"; name: string; bytes?: ArrayBuffer }

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
  /** The plugin keeps a model's vectors on the device: the worker gives the core a store that asks it ({ vectors }). */
  vectorStore?: boolean;
}

/** init's answer: where the core came from. */
export interface InitOutput { version: string; core: "cache" | "embedded" }

/** Plugin to worker. */
export type ToWorker =
  | { id: number; fn: WorkerFn; input: unknown }
  | { transport: number; response?: OutboundResponse; error?: string }
  | { vectors: number; bytes?: ArrayBuffer; error?: string };

/** Worker to plugin. */
export type FromWorker =
  | { id: number; ok: true; output: string; bytes?: ArrayBuffer }
  | { id: number; ok: false; error: ErrorInfo }
  | { transport: number; request: OutboundRequest }
  | { vectors: number; request: VectorRequest }
  | { wasm: ArrayBuffer }
  | { dead: string };
