// Lint for every workspace: typescript-eslint with type information, React's rules of hooks, and
// the house rules below. `npm run lint` (the first step of `npm test`) allows no warning; a
// disable comment must say why on its line (`-- reason`); Prettier formats (`npm run format`).
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.data/**",
      "e2e/artifacts/**",
      "bench/results/**",
      "apps/web/public/**",
      "apps/web/android/**",
      "apps/web/ios/**",
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  comments.recommended,
  { rules: { "@eslint-community/eslint-comments/require-description": ["error", { ignore: ["eslint-enable"] }] } },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Config files at the root of a workspace are in no tsconfig: linted with a default one.
        projectService: { allowDefaultProject: ["*.config.ts", "apps/web/capacitor.config.ts"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      // TypeScript checks names itself (typescript-eslint's advice).
      "no-undef": "off",
      // An async function without await still answers with a promise, as Fastify handlers and
      // query functions are expected to.
      "@typescript-eslint/require-await": "off",
      // An async handler on a JSX attribute (onClick, onSubmit) is the React way.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // A cast across the two drivers' answers (PGlite, node-postgres) says what the rows are;
      // the rule would have them as type arguments the drivers' methods do not take.
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // One transaction path: transact() retries deadlocks and publishes the realtime events a
    // transaction appended; a raw .transaction() would silently do neither.
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/db/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: "Open a transaction with transact() from db/transact.ts (deadlock retry, realtime publish); savepoints with savepoint().",
        },
      ],
    },
  },
  {
    // The product never imports test code: harnesses and fake servers live in apps/server/test.
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/test/**"], message: "Test code (apps/server/test) is for tests only." }] }],
    },
  },
  {
    // Tests read answers as untyped JSON on purpose: what the server sent, not what a type says.
    files: ["**/*.test.ts", "apps/server/test/**", "e2e/**", "bench/**"],
    rules: {
      // Harness objects are closures (database.drop, server.stop), never `this`-bound classes.
      "@typescript-eslint/unbound-method": "off",
      // Vitest's fixtures name their (empty) dependencies with an object pattern: ({}, use) => ….
      "no-empty-pattern": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
