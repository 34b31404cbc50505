// @ts-check
// The plugin as Obsidian mobile starts it (manifest.json promises it:
// isDesktopOnly is false): Platform says mobile, and there is no Node (no
// global require for Node's modules). Every command the palette offers
// there runs without failing (a refusal that says what is missing is
// fine: nothing is selected, a feature has no links...); the desktop-only
// ones are not offered, and the HTTP server says it needs the desktop.
import { test } from "node:test";
import assert from "node:assert/strict";
import { COMMANDS, exampleVault, obsidian, startPlugin, tempVault } from "./helpers.mjs";

const { Notice, Modal, Platform, openCanvas, openNote } = obsidian;

test("on mobile: every command that can work works, the HTTP server says it needs the desktop", async (t) => {
  const desktop = { ...Platform };
  const nodeRequire = globalThis.require;
  Object.assign(Platform, { isDesktopApp: false, isDesktop: false, isMobile: true, isMobileApp: true });
  // @ts-expect-error: Obsidian mobile has no Node, so no require
  delete globalThis.require;
  t.after(() => { Object.assign(Platform, desktop); globalThis.require = nodeRequire; });

  const dir = tempVault(t, exampleVault);
  const { app, plugin } = await startPlugin(t, dir);

  const offered = plugin.commands.map((c) => c.id).sort();
  const expected = COMMANDS.filter((c) => !c.desktopOnly).map((c) => c.id).sort();
  assert.deepEqual(offered, expected, "every command but the desktop-only ones is in the palette");
  assert.ok(!offered.includes("start-http-server"));

  // A canvas open (populate makes it), and a story's note open beside it: what the commands work on.
  await plugin.commands.find((c) => c.id === "populate-canvas-from-vault")?.callback?.();
  await openCanvas(app, "Projects.canvas");
  const story = app.vault.getFiles().find((f) => f.path.startsWith("Projects/stories/"));
  assert.ok(story, "the example vault has stories");
  openNote(app, story.path);
  for (const cmd of plugin.commands) {
    const before = Notice.shown.length;
    const opened = Modal.opened.length;
    await cmd.callback?.();
    const notices = Notice.messages().slice(before);
    // guarded's notice for a failure names the command: "Project Canvas: <name>: <error>".
    const failed = notices.filter((m) => m.startsWith(`Project Canvas: ${cmd.name}:`));
    assert.deepEqual(failed, [], `${cmd.id} failed on mobile`);
    for (const m of Modal.opened.slice(opened)) m.close();
  }

  const shown = Notice.shown.length;
  await plugin.httpServer.start();
  assert.deepEqual(Notice.messages().slice(shown), ["Project Canvas: the HTTP server runs on desktop only."]);
  assert.equal(plugin.httpServer.listening, undefined);
});
