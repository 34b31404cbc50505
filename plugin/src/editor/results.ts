// What a command's result asks of the editor besides its file changes
// (the command bridge function's result): a notice, nodes to select,
// centre, hide or show on the canvas, files to open.
import { Notice, type App } from "obsidian";
import * as canvas from "./canvasAdapter";
import type { CommandResult } from "../core/protocol";

/** The canvas a result's node ids refer to: the one it names, else the active one. */
function target(app: App, result: CommandResult): canvas.OpenCanvas | undefined {
  if (result.canvas) return canvas.viewsOf(app, result.canvas)[0];
  return canvas.activeCanvas(app);
}

/** Shows a command's result. Canvas internals that are missing become a notice, never a throw. */
export async function showResult(app: App, result: CommandResult): Promise<void> {
  if (result.notice) new Notice(result.notice);
  const c = target(app, result);
  const problems: string[] = [];
  const check = (o: canvas.Outcome) => { if (!o.ok) problems.push(o.fallback); };
  if (c) {
    if (result.hide?.length) check(canvas.setHidden(c, result.hide, true));
    if (result.show?.length) check(canvas.setHidden(c, result.show, false));
    const select = result.select ?? (result.center ? [result.center] : []);
    if (select.length > 1) {
      // Many nodes (populate's 1,000): shown together, once, not selected one by one.
      check(canvas.showNodes(c, select));
      if (result.center) check(canvas.selectNode(c, result.center, true));
    } else {
      for (const id of select) check(canvas.selectNode(c, id, id === result.center));
    }
  } else if (result.select?.length || result.center || result.hide?.length || result.show?.length) {
    problems.push(`no canvas ${result.canvas ?? ""} is open`.replace("  ", " "));
  }
  for (const path of result.open ?? []) await app.workspace.openLinkText(path, "", false);
  if (problems.length) new Notice(`Project Canvas: ${problems.join("; ")}`);
}
