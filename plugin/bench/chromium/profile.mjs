// @ts-check
// Chromium's profile folder, removed after the browser: by the plugin's
// Chromium bench (bench/chromium.mjs), its test of the vector store in
// IndexedDB (test/chromium/vectorStore.mjs) and the site's test
// (test/site/devtools.mjs).
import { rmSync } from "node:fs";

/**
 * Removes Chromium's profile folder once its helper processes, which
 * outlive the browser by a moment and write into it meanwhile, let go of
 * it; a folder still held after ten seconds is left in the temporary
 * folder with a note, not a failed run.
 * @param {string} dir
 */
export async function removeProfile(dir) {
  for (let i = 0; ; i++) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      return;
    } catch (e) {
      if (i === 20) {
        console.error(`note: ${dir} is left behind (${e instanceof Error ? e.message : String(e)})`);
        return;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
