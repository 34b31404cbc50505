// What the tests import (build.mjs --test bundles it with the fake obsidian
// module as `obsidian`, so both share one instance of it).
export * as obsidian from "obsidian";
export { default as ProjectCanvasPlugin } from "../src/main";
export * as canvasAdapter from "../src/canvasAdapter";
export { applyChanges, journaled } from "../src/apply";
export { unwritable } from "../src/vaultPath";
export { CoreError } from "../src/core";
export { LoadProgress } from "../src/progress";
export { hashOf, KnownFiles } from "../src/files";
export { Session } from "../src/session";
export { showResult } from "../src/results";
export { COMMANDS } from "../src/commands";
export { wasmFileName } from "../src/wasmCache";
export { WASM_SHA256 } from "core-assets";
export * as settings from "../src/settings";
export * as modals from "../src/modals";
export * as suggesters from "../src/suggesters";
export { Cards } from "../src/cards";
export { refuse } from "../src/httpServer";
export * as boardModel from "../src/boardModel";
export * as boardDraw from "../src/boardDraw";
