// The types of the test harness (harness.mjs): the plugin's sources
// bundled over the fake obsidian module (build.mjs --test), for the type
// check of the tests (tsconfig.test.json), which runs before the build.
//
// src is typed against the real obsidian. Here, where a test hands src one
// of the fake's objects (its App) or reads a src object's obsidian side
// (the plugin's commands, a modal's contentEl), the fake's class stands
// for the real one, as it does at run time: conforms.ts checks that it can.
import type * as real from "obsidian";
import type * as fake from "./fake/obsidian";
import type Plugin from "../src/main";
import type { SessionOptions } from "../src/core/session";
import type * as src from "./harness-entry";

export * as obsidian from "./fake/obsidian";

/** The fake class a class of src extends in the harness. */
type FakeBase<C> =
  C extends real.SuggestModal<infer T> ? fake.SuggestModal<T> :
  C extends real.Modal ? fake.Modal :
  C extends real.Plugin ? fake.Plugin :
  C extends real.ItemView ? fake.ItemView :
  C extends real.PluginSettingTab ? fake.PluginSettingTab :
  never;

/**
 * An instance of a src class as the harness has it: its base's members are
 * the fake's (what the tests drive and read back), the rest src's, with
 * its elements the fake's (FakeEl).
 */
export type OverFake<C> = { [K in Exclude<keyof C, keyof FakeBase<C>>]: AsFake<C[K]> } & FakeBase<C>;

/** T with the DOM's elements the fake's: an element, or a record of them. */
type AsFake<T> =
  T extends HTMLElement ? fake.FakeEl :
  T extends Record<string, HTMLElement> ? { [K in keyof T]: fake.FakeEl } :
  T;

/**
 * src's classes in a module, over the fake (instanceof narrows to
 * OverFake). Tests do not construct them (hence no parameters); the
 * abstract ones are declared as plain constructors too, which JSDoc reads.
 */
type ClassesOverFake<M> = {
  [K in keyof M]: M[K] extends abstract new (...args: never) => infer C ? new (...args: never) => OverFake<C> : M[K];
};

/** F with its first parameter, an App, the fake's. */
type OnFakeApp<F> = F extends (app: real.App, ...rest: infer A) => infer R ? (app: fake.App, ...rest: A) => R : never;

export type ProjectCanvasPlugin = Omit<OverFake<Plugin>, "data" | "settingTabs"> & {
  /** What saveData stored: the settings as data.json holds them. */
  data: Record<string, unknown> | null;
  /** Its settings tab. */
  settingTabs: OverFake<import("../src/settings").SettingsTab>[];
};
export declare const ProjectCanvasPlugin: new (app: fake.App, manifest: fake.PluginManifest) => ProjectCanvasPlugin;

/** The coverage sidebar, as a test finds it in its leaf. */
export type CoverageView = OverFake<import("../src/editor/coverageView").CoverageView>;

/** The board and table view, as a test finds it in its leaf. */
export type BoardView = OverFake<import("../src/editor/boardView").BoardView>;

export declare const Session: new (opts: Omit<SessionOptions, "app"> & { app: fake.App }) => src.Session;
/** The status bar item's progress: on the fake's element. */
export declare const LoadProgress: new (el: fake.FakeEl, ...rest: Tail<ConstructorParameters<typeof src.LoadProgress>>) => src.LoadProgress;
type Tail<A extends unknown[]> = A extends [unknown, ...infer T] ? T : never;
export declare const applyChanges: OnFakeApp<typeof src.applyChanges>;
export declare const showResult: OnFakeApp<typeof src.showResult>;
export declare const modals: ClassesOverFake<typeof src.modals>;
export declare const suggesters: ClassesOverFake<typeof src.suggesters>;
export { canvasAdapter, journaled, unwritable, CoreError, hashOf, KnownFiles, COMMANDS, wasmFileName, WASM_SHA256, settings, refuse, boardModel, boardDraw, EDITOR_HOST } from "./harness-entry";
/** Type and status on the cards (cards.ts), over the fake App; register and registerEvent as the plugin's. */
export declare const Cards: new (host: { app: fake.App; registerEvent(ref: fake.EventRef): void; register(cb: () => unknown): void }) => src.Cards;
