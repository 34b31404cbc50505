// The fake obsidian module, checked against the real one's types by tsc
// (tsconfig.test.json, run by make test-plugin), so that it cannot drift
// from the API it stands in for:
//
//  - names: every member a fake class has must exist on the real class it
//    stands in for, unless it is listed below as the tests' own (what they
//    read back: the notices shown, the listeners counted). A renamed or
//    invented API method in the fake fails.
//  - shapes: every member the fake implements must be assignable to the
//    real member, with the fake's classes read as the real ones they stand
//    for (AsReal: a fake TFile parameter is a TFile, a FakeEl an
//    HTMLElement), and every constructor must take what the real one takes.
//    A method must take every argument the real one takes, have a
//    parameter for each it requires (those the fake ignores are declared
//    too, _named) and answer what the real one answers: a method whose
//    parameters, their number or order, or whose result changed in the
//    real API fails. The error names the member, with the fake's and the
//    real signature.
//
// Where the fake is looser than the real type on purpose, the member is
// left out of its check (Mismatched's Loose), with the reason next to it.
import type * as real from "obsidian";
import type * as fake from "./obsidian";
import type * as harness from "../harness.mjs";
import type * as entry from "../harness-entry";

/** The members of F that R lacks, but for Own. */
type Invented<F, R, Own extends string = never> = Exclude<keyof F, keyof R | Own>;

/** Compiles only when T is never: the error names what is wrong. */
type None<T extends never> = T;

export type CheckedNames = [
  None<Invented<fake.Vault, real.Vault, "listeners" | "log" | "abs" | "dir" | "root" | "afterWrite" | "userWrite">>,
  None<Invented<fake.FakeAdapter, real.FileSystemAdapter, "abs" | "dir" | "root">>,
  None<Invented<fake.MetadataCache, real.MetadataCache, "listeners">>,
  None<Invented<fake.TFile, real.TFile>>,
  None<Invented<fake.TFolder, real.TFolder>>,
  None<Invented<fake.Workspace, real.Workspace, "listeners" | "opened" | "setLayoutReady" | "layoutReadyCbs" | "ready" | "leaves" | "revealed" | "app">>,
  // app: the fake leaf hands its App to the views opened in it.
  None<Invented<fake.WorkspaceLeaf, real.WorkspaceLeaf, "app">>,
  None<Invented<fake.App, real.App, "localStorage">>,
  None<Invented<fake.SecretStorage, real.SecretStorage, "secrets">>,
  None<Invented<fake.FileManager, real.FileManager, "trashed">>,
  None<Invented<fake.Plugin, real.Plugin, "commands" | "settingTabs" | "statusBar" | "views" | "data" | "children" | "loaded" | "cleanups" | "registered">>,
  None<Invented<fake.Command, real.Command>>,
  None<Invented<fake.PluginSettingTab, real.PluginSettingTab, "plugin">>,
  // onOpen and onClose are protected in the real View (keyof omits them).
  None<Invented<fake.ItemView, real.ItemView, "registered" | "onOpen" | "onClose">>,
  None<Invented<fake.Menu, real.Menu, "items" | "click">>,
  None<Invented<fake.MenuItem, real.MenuItem, "title" | "icon" | "cb" | "click" | "section" | "callback">>,
  None<Invented<fake.Notice, real.Notice, "hidden" | "history" | "message" | "duration">>,
  None<Invented<fake.Modal, real.Modal, "opened" | "isOpen">>,
  None<Invented<fake.SuggestModal<string>, real.SuggestModal<string>, "opened" | "isOpen" | "placeholder" | "choose">>,
  None<Invented<fake.FakeEl, HTMLElement, "text" | "value" | "attrs" | "shown" | "tag" | "dispatch" | "findAll" | "allText" | "texts">>,
  None<Invented<fake.Setting, real.Setting, "name" | "desc" | "heading" | "components" | "containerEl">>,
];

// ---- Shapes.

/** 0 extends 1 & T only for any. */
type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * T with the fake's classes read as the real ones they stand for, through
 * functions (parameters and result), promises, arrays and nullable unions.
 * Subclasses come before their bases (the test is structural).
 */
export type AsReal<T> =
  IsAny<T> extends true ? T :
  T extends fake.TFile ? real.TFile :
  T extends fake.TFolder ? real.TFolder :
  T extends fake.TAbstractFile ? real.TAbstractFile :
  T extends fake.FakeEl ? HTMLElement :
  T extends fake.FakeAdapter ? real.FileSystemAdapter :
  T extends fake.Vault ? real.Vault :
  T extends fake.MetadataCache ? real.MetadataCache :
  T extends fake.Workspace ? real.Workspace :
  T extends fake.WorkspaceLeaf ? real.WorkspaceLeaf :
  T extends fake.SecretStorage ? real.SecretStorage :
  T extends fake.FileManager ? real.FileManager :
  T extends fake.App ? real.App :
  T extends fake.EventRef ? real.EventRef :
  T extends fake.Notice ? real.Notice :
  T extends fake.SuggestModal<infer S> ? real.SuggestModal<S> :
  T extends fake.Modal ? real.Modal :
  T extends fake.MenuItem ? real.MenuItem :
  T extends fake.Menu ? real.Menu :
  T extends fake.Setting ? real.Setting :
  T extends fake.PluginSettingTab ? real.PluginSettingTab :
  T extends fake.Plugin ? real.Plugin :
  T extends fake.ItemView ? real.ItemView :
  T extends fake.View ? real.View :
  T extends fake.Component ? real.Component :
  T extends fake.PluginManifest ? real.PluginManifest :
  T extends (...args: infer A) => infer R ? (...args: AsRealAll<A>) => AsReal<R> :
  T extends Promise<infer U> ? Promise<AsReal<U>> :
  T extends readonly (infer U)[] ? AsReal<U>[] :
  T;
type AsRealAll<A extends unknown[]> = { [I in keyof A]: AsReal<A[I]> };

/** The members both have, but for Loose. */
type Common<F, R, Loose extends keyof F> = Exclude<keyof F & keyof R, Loose>;

/**
 * The members of F (a fake) that cannot stand for R's (the real type's),
 * with both signatures; never when all can. Loose: members left unchecked
 * on purpose (each with its reason where listed).
 */
type Mismatched<F, R, Loose extends keyof F = never> = {
  [K in Common<F, R, Loose>]: Fits<AsReal<F[K]>, R[K]> extends true ? never : { member: K; fake: AsReal<F[K]>; real: R[K] };
}[Common<F, R, Loose>];

/**
 * Whether F can stand for R. A method is compared three times: as a
 * method (against every overload, but with its parameters bivariant, so a
 * fake taking a narrower type would pass); as a function type of R's last
 * overload (parameters contravariant: the fake must take all R takes);
 * and by its parameters (the fake must have one for each that R requires:
 * a fake ignoring a new required argument would pass the others).
 */
type Fits<F, R> = F extends R ? (F extends AsFunction<R> ? (TakesRequired<F, R> extends true ? true : false) : false) : false;
type AsFunction<R> = R extends (...args: infer A) => infer Q ? (...args: A) => Q : R;
type TakesRequired<F, R> =
  R extends (...args: infer A) => unknown ? (F extends (...args: infer B) => unknown ? (RequiredPart<A> extends B ? true : false) : true) : true;
/** The parameters a call must pass: P's leading required ones. */
type RequiredPart<P extends unknown[]> = P extends [infer H, ...infer T] ? [H, ...RequiredPart<T>] : [];

/** A fake function (F, its parameters) takes every argument list the real one (R) takes. */
type Takes<F extends unknown[], R extends unknown[]> = R extends AsRealAll<F> ? never : { parameters: { fake: AsRealAll<F>; real: R } };

/** The constructor of F (a fake class) takes every argument list R's takes. */
type Constructs<F extends abstract new (...args: never[]) => unknown, R extends abstract new (...args: never) => unknown> =
  Takes<ConstructorParameters<F>, ConstructorParameters<R>>;

export type CheckedShapes = [
  None<Mismatched<fake.Events, real.Events>>,
  // The vault.
  None<Mismatched<fake.Vault, real.Vault>>,
  None<Mismatched<fake.FakeAdapter, real.FileSystemAdapter>>,
  None<Mismatched<fake.MetadataCache, real.MetadataCache>>,
  None<Mismatched<fake.TAbstractFile, real.TAbstractFile>>,
  None<Mismatched<fake.TFile, real.TFile>>,
  None<Mismatched<fake.TFolder, real.TFolder>>,

  // The workspace. view: the fake leaf holds whatever view a test opened
  // (the canvas view's internals are not in the API): any.
  None<Mismatched<fake.Workspace, real.Workspace>>,
  None<Mismatched<fake.WorkspaceLeaf, real.WorkspaceLeaf, "view">>,
  None<Mismatched<fake.SecretStorage, real.SecretStorage>>,
  None<Mismatched<fake.FileManager, real.FileManager>>,
  // secretStorage is optional in the fake: a test can start an App as an
  // Obsidian older than 1.11.4, where it is missing.
  None<Mismatched<fake.App, real.App, "secretStorage">>,

  // Components, views and the plugin.
  // addChild is generic (<T extends Component>(c: T) => T), which AsReal
  // cannot map; the fake declares it as the real one does.
  None<Mismatched<fake.Component, real.Component, "addChild">>,
  None<Mismatched<fake.View, real.View, "addChild">>,
  None<Constructs<typeof fake.View, typeof real.View>>,
  None<Mismatched<fake.ItemView, real.ItemView, "addChild">>,
  None<Mismatched<fake.Plugin, real.Plugin, "addChild">>,
  None<Constructs<typeof fake.Plugin, typeof real.Plugin>>,
  None<Mismatched<fake.PluginSettingTab, real.PluginSettingTab>>,
  None<Constructs<typeof fake.PluginSettingTab, typeof real.PluginSettingTab>>,

  // The UI. Elements: what the fake's have of the real HTMLElement
  // (Obsidian's additions: setText, empty...). Looser on purpose:
  // children: the elements under it, an array (not an HTMLCollection);
  // classList: add, remove, contains and toggle, checked on their own;
  // createEl, createDiv, createSpan: every element the fake makes is a
  // FakeEl, not the tag's own type (HTMLDivElement...), and takes the
  // options the plugin passes (text, cls, attr, value, href: ElOptions);
  // add/removeEventListener take functions, no EventListenerObject.
  None<Mismatched<fake.FakeEl, HTMLElement, "children" | "classList" | "createEl" | "createDiv" | "createSpan" | "addEventListener" | "removeEventListener">>,
  None<Mismatched<fake.FakeEl["classList"], DOMTokenList>>,
  None<Mismatched<fake.Notice, real.Notice>>,
  None<Constructs<typeof fake.Notice, typeof real.Notice>>,
  None<Mismatched<fake.Modal, real.Modal>>,
  None<Constructs<typeof fake.Modal, typeof real.Modal>>,
  None<Mismatched<fake.SuggestModal<string>, real.SuggestModal<string>>>,
  None<Mismatched<fake.Menu, real.Menu>>,
  None<Mismatched<fake.MenuItem, real.MenuItem>>,
  // components: the fake's own, one class (Component_) standing for the
  // text, toggle, button and dropdown components, which the tests drive;
  // for the same reason addText, addToggle... take a loose callback (Cb).
  None<Mismatched<fake.Setting, real.Setting, "components">>,
  None<Constructs<typeof fake.Setting, typeof real.Setting>>,

  // Functions and constants (the classes are checked above).
  None<Mismatched<typeof fake, typeof real, Exclude<keyof typeof fake, "normalizePath">>>,
  // Platform: the flags the plugin reads.
  None<Invented<typeof fake.Platform, typeof real.Platform>>,
  None<Mismatched<typeof fake.Platform, typeof real.Platform>>,
  // requestUrl takes what the real one takes; it answers the part of the
  // response the plugin reads (status, text, headers), not the arrayBuffer
  // and json the real promise also has.
  None<Takes<Parameters<typeof fake.requestUrl>, Parameters<typeof real.requestUrl>>>,
  None<Mismatched<Awaited<ReturnType<typeof fake.requestUrl>>, Pick<real.RequestUrlResponse, "status" | "text" | "headers">>>,
  None<Exclude<keyof Pick<real.RequestUrlResponse, "status" | "text" | "headers">, keyof Awaited<ReturnType<typeof fake.requestUrl>>>>,
];

// The harness's types (harness.d.mts, hand-written) declare what
// harness-entry.ts exports, no more, no less.
export type CheckedHarness = [
  None<Exclude<keyof typeof entry, keyof typeof harness>>,
  None<Exclude<keyof typeof harness, keyof typeof entry>>,
];
