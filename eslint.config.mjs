// `npm run lint` (docs/decisions/007): typescript-eslint, the rules of hooks, and the import
// boundaries that keep separate teams' packages separate: shared-ui imports no remote, a remote
// imports no other remote and not the shell, the API imports no frontend, and nothing has cycles.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['storefront', 'admin-events', 'admin-tickets', 'admin-registrations', 'admin-insights'];
const FRONTENDS = ['shell', ...REMOTES, 'shared-ui'];

/** `from` may not be imported by `target` (both folders of this repository, resolved paths). */
const zone = (target, from, message) => ({ target: `./${target}`, from: from.map((f) => `./${f}`), message });

const boundaries = [
  zone('shared-ui', ['shell', ...REMOTES], 'shared-ui is below every remote and the shell: it imports none of them.'),
  ...REMOTES.map((remote) =>
    zone(
      remote,
      ['shell', ...REMOTES.filter((other) => other !== remote)],
      `${remote} is deployed alone: it imports no other remote and not the shell (share through shared-ui or @tdk/api).`,
    ),
  ),
  zone('shell', REMOTES, 'The shell loads remotes at run time through the registry, never by import.'),
  zone('api', FRONTENDS, 'The API imports no frontend code.'),
];

// The API's layers go one way (decision 020): routes → services → db. A route or page never
// queries; it opens a transaction and hands it to a service. (Tests may look at tables directly.)
const apiLayers = [
  {
    target: ['./api/src/routes', './api/src/html'],
    from: './api/src/db',
    except: ['./client.ts', './model.ts'],
    message: 'Routes call services, which reach the database; only the Database type comes from db/.',
  },
  {
    target: './api/src/http',
    from: ['./api/src/db/schema.ts', './api/src/db/schema.pg.ts', './api/src/db/schema.sqlite.ts', './api/src/db/functions.ts'],
    message: 'HTTP middleware reaches data through a service, never by querying tables itself.',
  },
  zone('api/src/services', ['api/src/routes'], 'Services never call routes: the layers go routes → services → db.'),
  {
    target: './api/src/db',
    from: ['./api/src/routes', './api/src/http', './api/src/html'],
    message: 'db/ is the bottom layer: it imports no route or HTTP code.',
  },
];

// Only api/src/db reaches a database driver or an engine's own Drizzle module (decision 020).
const ENGINE_MODULES = {
  paths: ['better-sqlite3', 'pg'].map((name) => ({ name, message: 'Only api/src/db reaches a database driver.' })),
  patterns: [
    {
      group: ['drizzle-orm/*', '!drizzle-orm/zod'],
      // Types are how `Db` is spelled (db/client.ts); code from an engine's module is not.
      allowTypeImports: true,
      message: "Services use Drizzle's engine-neutral API ('drizzle-orm') and db/; engine modules live in api/src/db.",
    },
  ],
};

// One router for the whole platform: the shared facade (decision 016). A direct import of React
// Router would bundle a second copy, whose Link finds no router of its own.
const ONE_ROUTER = ['react-router-dom', 'react-router'].map((name) => ({
  name,
  message: "Import routing from '@tdk/shared-ui/router', the platform's one shared router.",
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'api/drizzle/**',
      'api/drizzle-postgres/**',
      'data/**',
      '**/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // Which files hold which syntax, so import-x can follow imports across TypeScript files.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['*/tsconfig.json'], alwaysTryTypes: true, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // shared-ui's extra entries (tabs, forms, ticket, admin) are federated modules of their own: a relative
    // import of a module with state would give them a second copy of it (a toast context that no
    // provider fills). They take such things from '@tdk/shared-ui', the shared main entry.
    files: ['shared-ui/src/{tabs,forms,ticket,admin}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ONE_ROUTER,
          patterns: [
            {
              group: ['../toast/*', '../platform/*', '!../platform/api-error', '../data/*', '../dialog/*', '../theme/*'],
              message:
                "Import this from '@tdk/shared-ui': a relative import gives this entry its own copy of the module's state.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and the server build (one bundle, nothing federated) may use React Router directly.
    files: ['{shell,storefront,admin-*,shared-ui}/src/**/*.{ts,tsx}'],
    ignores: [
      'shared-ui/src/{tabs,forms,ticket,admin}/**',
      '**/*.test.{ts,tsx}',
      '**/test/**',
      'shared-ui/src/testing/**',
      'shared-ui/src/router/**',
      'storefront/src/server/**',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: ONE_ROUTER }] },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/db/**', 'api/src/cli/**', 'api/src/testing/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', ENGINE_MODULES],
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...apiLayers] }],
    },
  },
  {
    // Tests may stub with loose types.
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
