// Obsidian's review of community plugins: eslint-plugin-obsidianmd's
// recommended configuration (ESLint's and typescript-eslint's type-checked
// recommended rules included) over the plugin's source, as make lint runs
// it. A rule is turned off only for one line, with the reason beside it.
import { defineConfig } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";

export default defineConfig([
  { ignores: ["dist/", "node_modules/", "test/", "bench/", "build.mjs", "eslint.config.mjs"] },
  ...obsidianmd.configs.recommended,
  {
    files: ["src/**/*.ts"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
]);
