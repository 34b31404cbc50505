// How the commands, menus and modals report failures: a notice that says
// what failed and where (the core's message, with the file it names), never
// a throw out of a callback, so the plugin keeps working.
import { Notice } from "obsidian";
import { CoreError } from "./core";

/** A refusal of the plugin's own (no note open, no node selected): shown as it is. */
export class Refusal extends Error {}

/** A failure as a person reads it: the core's message, with the file it names when the message does not. */
export function describeError(e: unknown): string {
  const msg = message(e);
  if (e instanceof CoreError && e.details && typeof e.details === "object") {
    const path = (e.details as Record<string, unknown>).path;
    if (typeof path === "string" && path && !msg.includes(path)) return `${msg} (${path})`;
  }
  return msg;
}

/**
 * Runs f and turns any failure into a notice naming what failed; answers
 * whether f succeeded. Command callbacks, menu items and modal buttons all
 * go through here.
 */
export async function guarded(what: string, f: () => unknown): Promise<boolean> {
  try {
    await f();
    return true;
  } catch (e) {
    new Notice(e instanceof Refusal ? `Project Canvas: ${e.message}` : `Project Canvas: ${what}: ${describeError(e)}`);
    return false;
  }
}

/** An error's message, or the thrown value as text. */
export function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
