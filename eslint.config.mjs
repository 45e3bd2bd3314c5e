// `npm run lint` (docs/decisions/007): typescript-eslint, the rules of hooks, and the import
// boundaries that keep separate teams' packages separate: shared-ui imports no remote, a remote
// imports no other remote and not the shell, the API imports no frontend, and nothing has cycles.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['storefront', 'admin-events', 'admin-tickets', 'admin-registrations', 'admin-insights', 'admin-platform'];
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

// The API's layers go one way (decision 020; decision 007 lists these rules), each importing only
// from those below it:
//   routes/ and html/ (pages), with http/ (middleware and HTTP helpers) beside them
//   → services/ → mail/ → signing/ (the session secret, keys per purpose, signed links) → db/,
// with contract/, env.ts and urls.ts (the API's own address) under them all. payments/ holds the
// PaymentProvider interface (provider.ts, a leaf every layer may use), Cashfree behind it
// (cashfree.ts, the adapter, on cashfree-api.ts, the wire client: built only by app.ts and
// server.ts, which hand it down through the app's dependencies), and the emulator (above db/, mounted
// by routes/emulator.ts). jobs/ schedules the background jobs: above the services, below server.ts
// alone.
// A route or page never queries; it opens a transaction and hands it to a service. Tests may look at
// tables directly and import any layer: these zones do not apply to them, nor to testing/ or cli/.
const api = (p) => `./api/src/${p}`;
const ROUTES = 'api/src/routes';
/** The routers routes/admin.ts mounts: every admin-*.ts of routes/. */
const ADMIN_ROUTERS = readdirSync(path.join(import.meta.dirname, ROUTES))
  .filter((file) => /^admin-.*\.ts$/.test(file) && !file.endsWith('.test.ts'))
  .map((file) => `./${file}`);
const BOTTOM = 'db/ is the bottom layer: it imports nothing above it (contract/ and env.ts are beside it).';
const apiLayers = [
  {
    target: [api('routes'), api('html')],
    from: api('db'),
    except: ['./client.ts', './model.ts'],
    message: 'Routes call services, which reach the database; only the Database type comes from db/.',
  },
  {
    target: api('http'),
    from: [api('db/schema.ts'), api('db/schema.pg.ts'), api('db/schema.sqlite.ts'), api('db/functions.ts')],
    message: 'HTTP middleware reaches data through a service, never by querying tables itself.',
  },
  {
    target: api('services'),
    from: [api('routes'), api('html'), api('http')],
    message:
      'Services never call routes, pages or HTTP code: the layers go routes → services → db (services take no Hono types).',
  },
  {
    target: api('mail'),
    from: [api('services'), api('routes'), api('http')],
    message: 'mail/ is below the services: services queue e-mails; mail composes them from db/, contract/ and signing/.',
  },
  {
    // Of the pages' modules, mail uses the HTML escaping only.
    target: api('mail'),
    from: api('html'),
    except: ['./escape.ts'],
    message: 'mail/ is below the services and the pages: of html/ it uses escape.ts only.',
  },
  {
    target: api('signing'),
    from: [api('routes'), api('html'), api('http'), api('services'), api('mail')],
    message:
      'signing/ is below the services and mail/, which sign and link through it: it imports only db/, contract/ and env.ts.',
  },
  {
    target: api('db'),
    from: [api('routes'), api('html'), api('http'), api('mail'), api('signing'), api('app.ts'), api('deps.ts'), api('server.ts')],
    message: BOTTOM,
  },
  {
    // Exception: of payments/, db/ reads Cashfree's entity types (the JSON the emulator's columns
    // hold) from cashfree-api.ts, a leaf; the adapter, the workers and the emulator are above db/.
    target: api('db'),
    from: api('payments'),
    except: ['./cashfree-api.ts'],
    message: BOTTOM,
  },
  {
    // Services, mail, signing, pages, HTTP code and routes talk to the PaymentProvider the app's
    // dependencies carry (payments/provider.ts), never to Cashfree's adapter, client or emulator.
    target: [api('services'), api('mail'), api('signing'), api('html'), api('http'), `./${ROUTES}/!(emulator).ts`],
    from: api('payments'),
    except: ['./provider.ts'],
    message:
      "Talk to the PaymentProvider (payments/provider.ts) from the app's dependencies: only app.ts and server.ts build Cashfree's (payments/cashfree.ts).",
  },
  {
    // Exception: routes/emulator.ts mounts the Cashfree emulator (payments/emulator.ts) and its store.
    target: `./${ROUTES}/emulator.ts`,
    from: api('payments'),
    except: ['./provider.ts', './emulator.ts', './emulator-store.ts'],
    message: 'routes/emulator.ts mounts the emulator only: the provider is talked to through payments/provider.ts.',
  },
  {
    // The interface and Cashfree's adapter and client are leaves: they know the provider, not the platform.
    target: [api('payments/provider.ts'), api('payments/cashfree.ts'), api('payments/cashfree-api.ts')],
    from: [api('db'), api('services'), api('mail'), api('signing'), api('html'), api('http'), api('routes')],
    message: 'The payment provider and its Cashfree adapter are leaves: they import only contract/, env.ts and urls.ts.',
  },
  {
    // The emulator stands in for Cashfree, an outside service: its store is in db/, nothing of the platform above it.
    target: [api('payments/emulator.ts'), api('payments/emulator-assets.ts'), api('payments/emulator-store.ts')],
    from: [api('services'), api('mail'), api('signing'), api('html'), api('http'), api('routes')],
    message: "The emulator plays Cashfree: it keeps its own orders (db/) and knows nothing of the platform's services.",
  },
  {
    // Exception: the demo seed (db/seed.ts) writes its data through the services, as a buyer and a
    // manager would (issue 39), so that development runs the production path. It is the only file of
    // db/ that may, and nothing in db/ imports it (server.ts, the CLI and tests do).
    target: `${api('db')}/**/!(seed).ts`,
    from: api('services'),
    message: `${BOTTOM} Only the demo seed, db/seed.ts, uses the services.`,
  },
  {
    // jobs/ schedules the background jobs: it runs services (and the outbox of mail/) on timers, so it
    // sits above them, beside the routes; it serves no request and builds no provider (server.ts
    // hands it the app's).
    target: api('jobs'),
    from: [api('routes'), api('html'), api('http'), api('app.ts'), api('server.ts')],
    message: 'jobs/ runs services on timers: it imports services, mail/ and db/, never a route, page or HTTP module.',
  },
  {
    target: api('jobs'),
    from: api('payments'),
    except: ['./provider.ts'],
    message: "jobs/ talks to the PaymentProvider server.ts hands it (payments/provider.ts), never to Cashfree's adapter.",
  },
  {
    // Nothing imports jobs/ but server.ts, which starts them: a route that wants a job's turn now
    // calls the service the job runs (routes/admin-events.ts: the cancellation job's turn).
    target: ['./api/src/!(jobs)/**', './api/src/!(server).ts'],
    from: api('jobs'),
    message: 'Only server.ts starts the background jobs (jobs/): call the service a job runs instead.',
  },
  {
    // A route file mounts its own paths and imports no other route file: what two routes share is a
    // service, the contract or an HTTP helper (http/).
    target: `./${ROUTES}/!(admin).ts`,
    from: `./${ROUTES}`,
    message: 'A route imports no other route file: share through a service, contract/ or an HTTP helper in http/.',
  },
  {
    // Exception: routes/admin.ts is the aggregator that app.ts mounts at /api/admin; it imports the
    // admin-*.ts routers it mounts under it, and nothing else of routes/.
    target: `./${ROUTES}/admin.ts`,
    from: `./${ROUTES}`,
    except: ADMIN_ROUTERS,
    message: 'routes/admin.ts mounts the admin-*.ts routers only: share through a service, contract/ or http/.',
  },
  {
    // Test fixtures live in testing/, which production code never imports.
    target: api(''),
    from: api('testing'),
    message: 'Production code imports no test fixture (api/src/testing/).',
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
      'import-x/no-restricted-paths': ['error', { zones: boundaries, basePath: import.meta.dirname }],
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
    rules: { '@typescript-eslint/no-restricted-imports': ['error', ENGINE_MODULES] },
  },
  {
    // The layers hold in db/ too (its zones above): this block once ignored api/src/db/**, as the
    // engine rule's block must, so db/'s own zones never ran.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/cli/**', 'api/src/testing/**', '**/*.test.ts', '**/*.postgres-test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...apiLayers], basePath: import.meta.dirname }] },
  },
  {
    // Tests may stub with loose types.
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
