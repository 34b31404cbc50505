// The test harness: test/.build/harness.mjs, which build.mjs --test bundles
// from harness-entry.ts (the plugin's sources over the fake obsidian
// module). Its types, for the type check of the tests, are in harness.d.mts.
export * from "./.build/harness.mjs";
