// @ts-check
// The status site's board script (projectcanvas/site/assets/board.js) is
// what src/site/board.ts and the editor's board drawing make: the file is
// committed for the Go CLI, which builds without npm, and must not drift
// from the sources the editor's board runs (node build.mjs --site rewrites it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SITE_BUNDLE, siteBundle } from "../siteBundle.mjs";

test("the site's board.js is what the board's sources make", async () => {
  const committed = readFileSync(SITE_BUNDLE, "utf8");
  const fresh = await siteBundle();
  assert.ok(committed === fresh, `${SITE_BUNDLE} is not what plugin/src/site/board.ts and src/editor/board*.ts make: run node build.mjs --site in plugin/ and commit it`);
});
