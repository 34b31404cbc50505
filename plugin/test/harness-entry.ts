// What the tests import (build.mjs --test bundles it with the fake obsidian
// module as `obsidian`, so both share one instance of it).
export * as obsidian from "obsidian";
export { default as ProjectCanvasPlugin } from "../src/main";
export * as canvasAdapter from "../src/editor/canvasAdapter";
export { applyChanges, journaled } from "../src/vault/apply";
export { unwritable } from "../src/vault/vaultPath";
export { CoreError } from "../src/core/core";
export { LoadProgress } from "../src/editor/progress";
export { hashOf, KnownFiles } from "../src/vault/files";
export { Session } from "../src/core/session";
export { showResult } from "../src/editor/results";
export { COMMANDS } from "../src/commands/commands";
export { wasmFileName } from "../src/core/wasmCache";
export { WASM_SHA256 } from "core-assets";
export * as settings from "../src/settings";
export * as modals from "../src/editor/modals";
export * as suggesters from "../src/editor/suggesters";
export { Cards } from "../src/editor/cards";
export { refuse } from "../src/commands/httpServer";
export * as boardModel from "../src/editor/boardModel";
export * as boardDraw from "../src/editor/boardDraw";
export { EDITOR_HOST } from "../src/editor/boardView";
