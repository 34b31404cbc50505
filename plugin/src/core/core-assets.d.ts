// The virtual module build.mjs provides: the worker's source (wasm_exec.js
// and src/worker/bootstrap.ts), the core's .wasm (gzip then base64) and its hash.
declare module "core-assets" {
  export const WORKER_SOURCE: string;
  export const WASM_GZIP_BASE64: string;
  /** The SHA-256 of the .wasm, hex. */
  export const WASM_SHA256: string;
}
