// ESLint for the whole repository: `npm run lint`, also a step of `npm test`. STYLE.md 9–11, 16, 17.
//
//   1. TypeScript, type-aware (typescript-eslint; the project service types each file with the
//      tsconfig.json nearest to it): no floating or misused promises, exhaustive switches, no
//      `any`, `eqeqeq`, `curly`.
//   2. Import cycles: between files (smartdata/no-file-cycle, scripts/lint/fileCycles.mjs: every
//      import counts, type-only ones too, resolved by TypeScript with the nearest tsconfig's
//      paths) and between module folders (smartdata/no-module-cycle, scripts/lint/moduleCycles.mjs).
//   3. Boundaries (eslint-plugin-boundaries for who may import what; no-restricted-imports and
//      no-restricted-syntax for SQL and decorations, which are about code rather than files).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noFileCycle } from './scripts/lint/fileCycles.mjs';
import { noModuleCycle } from './scripts/lint/moduleCycles.mjs';

const TS = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**', 'e2e/**'];
/** The tsconfig of each workspace, where boundaries' import resolver reads the path aliases. */
const TSCONFIGS = [
  'packages/domain/tsconfig.json',
  'apps/server/tsconfig.json',
  'apps/web/tsconfig.json',
  'apps/gateway-sim/tsconfig.json',
  'e2e/tsconfig.json',
  'bench/tsconfig.json',
];

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

// ── Boundaries ──────────────────────────────────────────────────────────────────────────────
//
// Server (STYLE 16, 17). A file of module A (apps/server/src/modules/A/**) may import from
// another module B only:
//   - B's services        modules/B/*.service.ts  (what B offers to other modules),
//   - B's composition     modules/B/*.module.ts   (app.ts and a module that builds on B),
//   - B's ports           modules/B/*.port.ts     (a small interface B exports for a single use,
//                                                 e.g. the record writer other modules call),
// whether the import is of values or of types only. Everything else of B, its repositories
// first, then its routes, helpers and answer wrappers, is B's own. Platform code
// (apps/server/src/platform/**) follows the same rule towards modules.
//
// Web. A file of module A (apps/web/src/modules/A/**) may import from another module B only
// B's `api/**` (query hooks and fetchers), `components/**` (widgets meant to be embedded, like
// charts' ChartView in dashboards) and `hooks/**` (realtime channels). B's pages, lib, editor,
// routes and locales are B's own. No module, and nothing in shared/, imports the app shell
// (apps/web/src/app/**): what a module needs from routing (route types, links to pages) is in
// apps/web/src/shared/routing. shared/ imports no module either.
//
// Tests are exempt: they build fixtures across modules on purpose.
const boundarySettings = {
  'boundaries/root-path': import.meta.dirname,
  'boundaries/include': [`${SERVER}/**`, `${WEB}/**`],
  'boundaries/elements': [
    { type: 'server-module', pattern: `${SERVER}/modules/*`, capture: ['module'], partialMatch: false },
    { type: 'server-platform', pattern: `${SERVER}/platform`, partialMatch: false },
    { type: 'web-module', pattern: `${WEB}/modules/*`, capture: ['module'], partialMatch: false },
    { type: 'web-app', pattern: `${WEB}/app`, partialMatch: false },
    { type: 'web-shared', pattern: `${WEB}/shared`, partialMatch: false },
  ],
  'boundaries/files': [
    { category: 'service', pattern: `${SERVER}/modules/*/**/*.service.ts` },
    { category: 'composition', pattern: `${SERVER}/modules/*/**/*.module.ts` },
    { category: 'port', pattern: `${SERVER}/modules/*/**/*.port.ts` },
    { category: 'web-public', pattern: [`${WEB}/modules/*/api/**`, `${WEB}/modules/*/components/**`, `${WEB}/modules/*/hooks/**`] },
  ],
  // boundaries resolves imports with the eslint-plugin-import resolver interface.
  'import/resolver': { typescript: { project: TSCONFIGS, alwaysTryTypes: true, noWarnOnMultipleProjects: true } },
};
const sameModule = { captured: { module: '{{ from.element.captured.module }}' } };
const boundaryPolicies = [
  {
    from: { element: { types: { anyOf: ['server-module', 'server-platform'] } } },
    disallow: { to: { element: { type: 'server-module' } } },
    message: 'Another server module is reached only through its *.service.ts, *.module.ts or *.port.ts (eslint.config.mjs, STYLE 17)',
  },
  { from: { element: { type: 'server-module' } }, allow: { to: { element: { type: 'server-module', ...sameModule } } } },
  {
    from: { element: { types: { anyOf: ['server-module', 'server-platform'] } } },
    allow: { to: { element: { type: 'server-module' }, file: { categories: { anyOf: ['service', 'composition', 'port'] } } } },
  },
  {
    from: { element: { types: { anyOf: ['web-module', 'web-shared'] } } },
    disallow: { to: { element: { type: 'web-app' } } },
    message: 'Modules and shared/ do not import the app shell (apps/web/src/app); routing pieces a module needs are in shared/routing',
  },
  {
    from: { element: { type: 'web-shared' } },
    disallow: { to: { element: { type: 'web-module' } } },
    message: 'shared/ does not import modules',
  },
  {
    from: { element: { type: 'web-module' } },
    disallow: { to: { element: { type: 'web-module' } } },
    message: "Another web module is reached only through its api/, components/ or hooks/ (eslint.config.mjs)",
  },
  { from: { element: { type: 'web-module' } }, allow: { to: { element: { type: 'web-module', ...sameModule } } } },
  { from: { element: { type: 'web-module' } }, allow: { to: { element: { type: 'web-module' }, file: { categories: 'web-public' } } } },
];

// ── SQL only in repositories; no decoration read as a service locator ───────────────────────
const QUERY_BUILDER = /^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/.source;
const NO_SQL = [
  {
    selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/${QUERY_BUILDER}/]`,
    message: 'Queries live in a *.repository.ts of the module that owns the table (STYLE 2, 17)',
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql']",
    message: 'Raw SQL lives in a *.repository.ts of the module that owns the table (STYLE 2, 17)',
  },
];
const NO_DECORATION_LOOKUP = [
  {
    selector: "MemberExpression[object.type='Identifier'][object.name=/^(app|fastify|instance|server)$/][property.name=/^(platform|devices|telemetry)$/]",
    message: 'A module gets what it needs as arguments of its register function, not from an app decoration (STYLE 16)',
  },
];
const NO_KYSELY_VALUES = {
  paths: [{ name: 'kysely', allowTypeImports: true, message: 'Kysely values (sql, helpers) are for *.repository.ts and platform/db only; types are fine' }],
  patterns: [{ group: ['kysely/*'], allowTypeImports: true, message: 'Kysely helpers are for *.repository.ts and platform/db only' }],
};

/** Off where values are untyped by nature: migrations' `Kysely<any>` rows, tests' and benches' JSON answers. */
const UNTYPED_ROWS_ALLOWED = {
  '@typescript-eslint/no-explicit-any': 'off',
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-argument': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  // ── Plain JavaScript (scripts/, apps/web/scripts, this file) ─────────────────────────────
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'all'],
    },
  },

  // ── TypeScript, type-aware ────────────────────────────────────────────────────────────────
  {
    files: TS,
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Root files that no tsconfig.json beside them includes (and the scripts' type declarations, which
          // the API tests import): typed with the base options.
          allowDefaultProject: ['playwright.config.ts', 'vitest.config.ts', 'scripts/*.d.mts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { smartdata: { meta: { name: 'smartdata' }, rules: { 'no-file-cycle': noFileCycle, 'no-module-cycle': noModuleCycle } } },
    rules: {
      // STYLE 11: no floating promises (MQTT and scheduler handlers), exhaustive switches over
      // status enums, no `any`, `eqeqeq`, `curly`.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A switch over a union lists every member, or says `default` on purpose.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'all'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Off from the recommended set: dropping an unneeded `async` turns a throw into a synchronous
      // one (a behaviour change), and `String(value)` of a record value shows what the value is.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-base-to-string': 'off',

      // An import cycle makes the load order decide what is still `undefined` at start-up, and a
      // cycle of files or modules means neither can be read or changed alone.
      //
      // Files: import-x/no-cycle ran here until issue 40 and let two cycles through, both inside
      // one folder: data-items' recordWriter.ts ↔ sqliteBatchStore.ts ↔ recordWriter.thread.ts ↔
      // writerThread.ts and platform/sms.ts ↔ smsVendors.ts. Its resolver, extensions and cache
      // were not the cause (a value cycle a.ts ↔ b.ts planted in a module folder failed it): every
      // back edge of those cycles was an `import type`, and import-x skips type-only imports
      // unconditionally (in the rule's code, `import type` and all-`type` specifiers, while it
      // walks too; no option turns that off). The thread's file is started by path
      // (`new Worker`), no import at all, so no rule sees that edge. smartdata/no-file-cycle
      // counts type-only imports too and replaces it: value cycles as before, type cycles as well,
      // in 3.5 s where import-x took 29 s (TIMING on data-items and platform; 3 s for the whole
      // repository). Like every rule that reads other files, under `npm run lint`'s cache
      // (`--cache-strategy content`) a cycle is reported on its files that changed, and an old
      // report replays on an unchanged file until it changes: `npx eslint --no-cache` sees the
      // tree as it is.
      'smartdata/no-file-cycle': 'error',
      // Modules: value imports only (type-only imports between modules are erased and allowed).
      'smartdata/no-module-cycle': [
        'error',
        {
          roots: [
            { dir: `${SERVER}/modules`, aliases: { '@server/modules/': `${SERVER}/modules/` } },
            { dir: `${WEB}/modules`, aliases: { '@/modules/': `${WEB}/modules/` } },
          ],
        },
      ],
    },
  },

  // ── Boundaries between modules (server and web) ───────────────────────────────────────────
  {
    files: [`${SERVER}/**/*.ts`, `${WEB}/**/*.ts`, `${WEB}/**/*.tsx`],
    ignores: TESTS,
    plugins: { boundaries },
    settings: boundarySettings,
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies }],
    },
  },

  // ── SQL only in repositories (and platform/db: the database, migrations) ──────────────────
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/**/*.repository.ts`, `${SERVER}/platform/db/**`, ...TESTS],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', NO_KYSELY_VALUES],
      'no-restricted-syntax': ['error', ...NO_SQL],
    },
  },
  {
    files: [`${SERVER}/modules/**/*.ts`],
    ignores: [`${SERVER}/**/*.repository.ts`, ...TESTS],
    rules: { 'no-restricted-syntax': ['error', ...NO_SQL, ...NO_DECORATION_LOOKUP] },
  },
  {
    files: [`${SERVER}/modules/**/*.repository.ts`],
    rules: { 'no-restricted-syntax': ['error', ...NO_DECORATION_LOOKUP] },
  },
  // Migrations are frozen in time and typed `Kysely<any>` (STYLE 6): rows they read are `any`.
  {
    files: [`${SERVER}/platform/db/migrations/**`],
    rules: {
      ...UNTYPED_ROWS_ALLOWED,
    },
  },

  // ── React ─────────────────────────────────────────────────────────────────────────────────
  {
    files: [`${WEB}/**/*.ts`, `${WEB}/**/*.tsx`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // ── Tests, e2e, benchmarks ────────────────────────────────────────────────────────────────
  // Responses are read as JSON (`any`) and checked by assertions: the no-unsafe-* rules would
  // only ask for casts that assert nothing.
  {
    files: [...TESTS, 'bench/**'],
    rules: {
      ...UNTYPED_ROWS_ALLOWED,
      // act() of a synchronous callback returns a thenable that need not be awaited.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', package: '@testing-library/react', name: 'act' }, { from: 'package', package: 'react', name: 'act' }] }],
    },
  },
  // `x[0]!` in a test says what the test expects to be there; not worth touching assertions for.
  {
    files: TESTS,
    rules: { '@typescript-eslint/no-unnecessary-type-assertion': 'off' },
  },
);
