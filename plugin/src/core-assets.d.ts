// The virtual module build.mjs provides: the worker's source (wasm_exec.js
// and src/worker/bootstrap.ts) and the core's .wasm, gzip then base64.
declare module "core-assets" {
  export const WORKER_SOURCE: string;
  export const WASM_GZIP_BASE64: string;
}
