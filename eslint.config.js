// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import gpms from './eslint-rules/real-time-reason.js';

/*
 * One-way imports (DESIGN.md §3): each top-level folder lists the folders it must never import
 * from. Relative paths carry no absolute location, so the rule is generated per folder depth:
 * from `server/modules/health/routes.ts` (depth 3) the repository root is `../../../`, and
 * `../../../app/…` is an import from app/, while `../app.js` is server's own app.ts.
 */
const FORBIDDEN_IMPORTS = {
  lib: ['app', 'engine', 'widgets', 'screens', 'server', 'codegen'],
  widgets: ['app', 'engine', 'screens', 'server'],
  engine: ['app', 'screens', 'server'],
  screens: ['app', 'widgets', 'server'], // screens are data: engine's typed helpers and schemas only
  app: ['server'],
  server: ['app', 'engine', 'widgets', 'screens'],
  schemas: ['app', 'engine', 'widgets', 'screens', 'server', 'lib', 'codegen'], // contracts: nothing of ours
};
const MAX_DEPTH = 12;
const SOURCE_EXTENSIONS = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';

function layerRules() {
  return Object.entries(FORBIDDEN_IMPORTS).flatMap(([layer, forbidden]) => {
    const targets = forbidden.join('|');
    const message = `${layer}/ must not import from ${forbidden.join('/, ')}/ — imports run one way (DESIGN.md §3).`;
    return Array.from({ length: MAX_DEPTH }, (_, i) => {
      const depth = i + 1;
      return {
        name: `gpms/layers/${layer}/depth-${depth}`,
        files: [`${layer}/${'*/'.repeat(depth - 1)}*.${SOURCE_EXTENSIONS}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                { regex: `^(?:\\./)?(?:\\.\\./){${depth}}(?:${targets})(?:/|$)`, message },
                // Path aliases, should anyone add them: @/app/…, ~/server/…
                { regex: `^[@~]/(?:${targets})(?:/|$)`, message },
              ],
            },
          ],
        },
      };
    });
  });
}

/*
 * One business clock (docs/architecture.md "Time"): a business date — a document's day, a deadline,
 * a validity, a period — comes from app.clock.now() (routes) or the job's `now`, never from the real
 * time, so the development clock (POST /api/dev/clock) and the tests that move it move every rule.
 * todayKst(now) takes the instant by type; these selectors catch the ways around it.
 * tests/unit/business-clock-lint.test.ts plants each one and shows the rule refuses it.
 */
const REAL_NOW = "NewExpression[callee.name='Date'][arguments.length=0]";
const DATE_NOW = "CallExpression[callee.object.name='Date'][callee.property.name='now']";
const BUSINESS_CLOCK_RULES = [
  {
    selector: `CallExpression[callee.name='todayKst'] :matches(${REAL_NOW}, ${DATE_NOW})`,
    message:
      'todayKst takes the business clock: app.clock.now() in a route, the job’s now in a job (docs/architecture.md "Time").',
  },
  {
    selector: `CallExpression[callee.property.name=/^(slice|substring)$/][callee.object.callee.property.name='toISOString'] :matches(${REAL_NOW}, ${DATE_NOW})`,
    message: 'A date cut from the real time: take the business clock and todayKst(now) (docs/architecture.md "Time").',
  },
  {
    selector: `AssignmentPattern > ${REAL_NOW}.right`,
    message:
      'No `= new Date()` default: the caller passes the business clock (app.clock.now() / the job’s now), or the real time on purpose for a technical stamp (docs/architecture.md "Time").',
  },
];

export default tseslint.config(
  {
    name: 'gpms/ignores',
    ignores: [
      // Built or cached (ESLint's flat config does not read .gitignore): the development bundle is written
      // beside the lint in npm test's checks, so a lint that saw it would race the build.
      'dist/',
      'dist-dev/',
      '.cache/',
      'dist-server/',
      'storybook-static/',
      'node_modules/',
      'data/',
      '.data-test/',
      'test-results/',
      'coverage/',
      'schemas/api-types.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    name: 'gpms/defaults',
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    name: 'gpms/browser',
    files: ['app/**', 'widgets/**', 'engine/**', 'screens/**', '.storybook/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'gpms/react-hooks',
    files: [
      'app/**/*.{ts,tsx}',
      'widgets/**/*.{ts,tsx}',
      'engine/**/*.{ts,tsx}',
      'screens/**/*.{ts,tsx}',
      '.storybook/**/*.{ts,tsx}',
    ],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Kysely's documented idiom: migrations take Kysely<any>, because a migration must keep
    // working after the schema type has moved on. Everywhere else `any` stays an error.
    name: 'gpms/kysely-migrations',
    files: ['server/db/migrate.ts', 'server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    name: 'gpms/business-clock',
    files: ['server/**/*.ts'],
    // Sessions, tokens, sign-in throttles and signing keys are technical time: the real clock on purpose.
    ignores: ['server/auth/**'],
    rules: { 'no-restricted-syntax': ['error', ...BUSINESS_CLOCK_RULES] },
  },
  {
    name: 'gpms/real-time-reason',
    files: ['server/**/*.ts'],
    // Technical places where every read is real time on purpose: sign-in machinery (sessions, tokens,
    // throttles, keys, one-time codes), the operator's backup tools, the process start and the data
    // directory's lock. Tests move the clock; they are not server code.
    ignores: ['server/auth/**', 'server/ops/**', 'server/main.ts', 'server/db/pglite/**', 'server/**/*.test.ts'],
    plugins: { gpms },
    rules: { 'gpms/real-time-reason': 'error' },
  },
  ...layerRules(),
);
