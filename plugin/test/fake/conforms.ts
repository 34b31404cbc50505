// The fake obsidian module, checked against the real one's types by tsc
// (tsconfig.test.json, run by make test-plugin): every member a fake class
// has must exist on the real class it stands in for, under the same name,
// unless it is listed below as the tests' own (what they read back: the
// notices shown, the listeners counted). A renamed or invented API method
// in the fake fails the type check, so the fake cannot drift from the API.
import type * as real from "obsidian";
import type * as fake from "./obsidian";

/** The members of F that R lacks, but for Own. */
type Invented<F, R, Own extends string = never> = Exclude<keyof F, keyof R | Own>;

/** Compiles only when T is never: the error names the invented members. */
type None<T extends never> = T;

export type Checked = [
  None<Invented<fake.Vault, real.Vault, "listeners" | "log" | "abs" | "dir" | "root" | "afterWrite" | "userWrite">>,
  None<Invented<fake.FakeAdapter, real.FileSystemAdapter, "abs" | "dir" | "root">>,
  None<Invented<fake.TFile, real.TFile>>,
  None<Invented<fake.TFolder, real.TFolder>>,
  None<Invented<fake.Workspace, real.Workspace, "listeners" | "opened" | "setLayoutReady" | "layoutReadyCbs" | "ready" | "leaves" | "revealed" | "app">>,
  None<Invented<fake.App, real.App, "localStorage">>,
  None<Invented<fake.SecretStorage, real.SecretStorage, "secrets">>,
  None<Invented<fake.Plugin, real.Plugin, "commands" | "settingTabs" | "statusBar" | "views" | "data" | "children" | "loaded" | "cleanups" | "registered">>,
  None<Invented<fake.Menu, real.Menu, "items">>,
  None<Invented<fake.MenuItem, real.MenuItem, "title" | "icon" | "cb" | "click" | "section" | "callback">>,
  None<Invented<fake.Modal, real.Modal, "opened" | "isOpen">>,
  None<Invented<fake.Setting, real.Setting, "name" | "desc" | "heading" | "components" | "containerEl">>,
];
