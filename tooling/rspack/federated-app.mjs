// One rspack configuration for the host and every remote, so the share scope, loaders and output
// rules cannot drift between packages (see docs/decisions/001-module-federation-contract.md).
import { createRequire } from 'node:module';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import path from 'node:path';

const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  // The router: only what the platform uses of React Router, never react-router itself (decision 016).
  '@tdk/shared-ui/router',
  'styled-components',
  '@tdk/shared-ui',
  // Its own entry, so that only pages with tabs load Radix's tabs (docs/decisions/006).
  '@tdk/shared-ui/tabs',
  // The query cache: one QueryClient, provided by the shell, seen by every remote (docs/decisions/005).
  '@tanstack/react-query',
  // Forms (react-hook-form and the zod resolver inside it): fetched only by routes with a form.
  '@tdk/shared-ui/forms',
  // The event ticket (react-qr-code; jsPDF loads on Download): only pages with a ticket.
  '@tdk/shared-ui/ticket',
  // Not '@tdk/shared-ui/admin' (the console's tables, pager, page headers, status badges, role
  // guard): it holds no state of its own (lint), so each console remote bundles what it uses of it.
  // Shared, its first use made the federation runtime initialise every remote's share scope (a
  // console section fetched every remote's entry).
];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The installed version of a package as the package itself resolves it. */
function installedVersion(require, name) {
  const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
  return readJson(require.resolve(`${base}/package.json`)).version;
}

function sharedScope(require) {
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const version = installedVersion(require, name);
      return [name, { singleton: true, strictVersion: true, requiredVersion: `^${version}`, version }];
    }),
  );
}

const COMPRESSIBLE = /\.(js|json|html|svg|css)$/;

/**
 * Writes `.br` and `.gz` beside each text asset, so the API serves them precompressed (an asset is
 * compressed once per build, not per request). Too small to be worth a webpack-only dependency.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { sources, Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const buffer = Buffer.from(source.source());
            // Small files too (a page loads a few chunks of a few hundred bytes): each copy is
            // written only when it is smaller than the file itself.
            const brotli = brotliCompressSync(buffer, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
            if (brotli.length < buffer.length) compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli));
            const gzip = gzipSync(buffer, { level: 9 });
            if (gzip.length < buffer.length) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzip));
          }
        },
      );
    });
  }
}

/**
 * styled-components' compile-time plugin: each styled component gets an id from its file and place
 * in it, so the browser build and the storefront's server build name its classes alike and React
 * can hydrate the drawn first screen (issue 26). The file is named relative to the repository, so
 * a build in another checkout names them alike too.
 */
const STYLED_COMPONENTS_PLUGIN = [
  createRequire(import.meta.url).resolve('@swc/plugin-styled-components'),
  { ssr: true, displayName: false, fileName: false, transpileTemplateLiterals: false, pure: true },
];

/** TypeScript and JSX through SWC, media as files: one set of rules for the browser and server builds. */
function moduleRules(production) {
  return [
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production } },
          target: 'es2020',
          experimental: { plugins: [STYLED_COMPONENTS_PLUGIN] },
        },
      },
      type: 'javascript/auto',
    },
    // `import art from './x.svg?inline'`: a small picture written into the page and the bundle as a
    // data URL, so a first screen's artwork needs no request of its own (decision 016).
    {
      test: /\.svg$/i,
      resourceQuery: /inline/,
      type: 'asset/inline',
      generator: { dataUrl: (content) => `data:image/svg+xml,${encodeURIComponent(content.toString())}` },
    },
    { test: /\.(png|jpe?g|gif|webp|svg|mp4|webm)$/i, resourceQuery: { not: [/inline/] }, type: 'asset/resource' },
  ];
}

/** Where a package's build goes: its dist, or OUTPUT_PATH (a deploy's own folder). */
const distOf = (dir) => (process.env.OUTPUT_PATH ? path.resolve(process.env.OUTPUT_PATH) : path.join(dir, 'dist'));

const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.json'];

/**
 * The federation runtime as ES modules. Rspack's federation plugin names the bundler runtime (and
 * a runtime plugin) by the files Node's `require` resolves, its CommonJS builds, which a bundle
 * carries whole; their ES module builds (the same code) let the bundle keep only what the browser
 * runs (issue 26's first-load budget).
 */
function federationRuntimeAsModules(require) {
  const enhanced = createRequire(require.resolve('@module-federation/enhanced/rspack'));
  const fromRspack = createRequire(enhanced.resolve('@module-federation/rspack'));
  const runtimeTools = createRequire(fromRspack.resolve('@module-federation/runtime-tools'));
  const packages = [
    runtimeTools.resolve('@module-federation/webpack-bundler-runtime'),
    fromRspack.resolve('@module-federation/inject-external-runtime-core-plugin'),
    runtimeTools.resolve('@module-federation/runtime'),
  ];
  return Object.fromEntries(
    packages.filter((file) => file.endsWith('.cjs')).map((file) => [`${file}$`, file.replace(/\.cjs$/, '.js')]),
  );
}

/**
 * React Router's package sends every bundler to its development build (its `exports` name no
 * production condition): a production build takes its production files instead, which leave out
 * the development warnings (issue 26's first-load budget).
 */
function resolveOptions(require, production) {
  // harfbuzzjs (the ticket PDF's shaping, decision 070) imports Node's 'module' on a branch only
  // Node takes: nothing of it goes to the browser.
  const fallback = { module: false };
  if (!production) return { extensions: EXTENSIONS, fallback };
  // React Router as the router facade (shared-ui) resolves it.
  const fromSharedUi = createRequire(path.join(import.meta.dirname, '..', '..', 'shared-ui', 'package.json'));
  const fromRouterDom = createRequire(fromSharedUi.resolve('react-router-dom'));
  const routerDir = path.dirname(fromRouterDom.resolve('react-router/package.json'));
  return {
    extensions: EXTENSIONS,
    fallback,
    alias: {
      ...federationRuntimeAsModules(require),
      'react-router$': path.join(routerDir, 'dist', 'production', 'index.mjs'),
      'react-router/dom$': path.join(routerDir, 'dist', 'production', 'dom-export.mjs'),
    },
  };
}

/** One stamp for every bundle of one build: the browser's and the server's must draw the same markup (hydration). */
const BUILD_TIME = new Date().toISOString();

/** The build-time constants every bundle of a package sees, browser and server alike. */
function definitions(rspack, { mode, name, basePath }) {
  return new rspack.DefinePlugin({
    'process.env.NODE_ENV': JSON.stringify(mode),
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? BUILD_TIME),
    __REMOTE_NAME__: JSON.stringify(name),
    __BASE_PATH__: JSON.stringify(basePath),
  });
}

/**
 * Writes `<link rel="preload">` for the host's bootstrap chunk into its index.html, so it is asked
 * for with the page rather than once main.js has run. The singletons' chunks are not hinted: the
 * federation runtime asks for them at the same moment, and the manifest lists chunks a page never
 * runs (the browser then warns of an unused preload).
 */
class BootPreloadPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('BootPreloadPlugin', (compilation) => {
      const dir = compiler.options.output.path;
      const boot = [...(compilation.namedChunks.get('bootstrap')?.files ?? [])].filter((file) => file.endsWith('.js'));
      const publicPath = compiler.options.output.publicPath;
      const links = boot.map((file) => `<link rel="preload" as="script" href="${publicPath}${file}">`).join('');
      const indexFile = path.join(dir, 'index.html');
      // At the end of the body: a page the API draws into #root has its images asked for first.
      const html = readFileSync(indexFile, 'utf8').replace('</body>', `${links}</body>`);
      writeFileSync(indexFile, html);
      if (existsSync(`${indexFile}.gz`)) {
        writeFileSync(`${indexFile}.gz`, gzipSync(html, { level: 9 }));
        writeFileSync(`${indexFile}.br`, brotliCompressSync(html));
      }
    });
  }
}

/**
 * A public remote's pages, each whole in its own chunk (issue 26's first-load budget): the parts
 * two pages share (the lists' and the event page's cards and art) are carried by each rather than
 * split into chunks of their own, and nothing its root chunk (`./App`) already brought is carried
 * again. A first load then asks for two or three files of the remote instead of five, each with
 * its headers; a visitor going from a list to an event fetches the shared parts a second time.
 */
const WHOLE_PAGE_CHUNKS = { removeAvailableModules: true, splitChunks: { chunks: 'async', minSize: 60_000 } };

/**
 * @param {{ name: string, dir: string, kind: 'host' | 'remote', port: number, basePath?: string, wholePages?: boolean }} options
 *   `wholePages`: see WHOLE_PAGE_CHUNKS (the storefront, whose every page is a first load).
 */
export function defineFederatedApp({ name, dir, kind, port, basePath = '/', wholePages = false }) {
  const require = createRequire(path.join(dir, 'package.json'));
  const { rspack } = require('@rspack/core');
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');

  return (_env, argv) => {
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const production = mode === 'production';
    const isHost = kind === 'host';

    return {
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      // No eval in development either: the platform's CSP forbids it, and a dev remote can be mounted in it.
      devtool: production ? false : 'cheap-module-source-map',
      target: ['web', 'es2020'],
      output: {
        // The server build's bundle (defineFirstScreenRender) lives beside the browser's.
        path: distOf(dir),
        // The host serves deep links such as /admin/events, so its chunks need an absolute path;
        // a remote can be deployed anywhere, so it finds its chunks from its own script URL.
        publicPath: isHost ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: { keep: (file) => file.split(/[\\/]/).includes(FIRST_SCREEN_DIR) },
      },
      resolve: resolveOptions(require, production),
      module: { rules: moduleRules(production) },
      plugins: [
        definitions(rspack, { mode, name, basePath }),
        new ModuleFederationPlugin({
          name: name.replace(/-/g, '_'),
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: { './App': './src/app.tsx' } }),
          shared: sharedScope(require),
          manifest: true,
          dts: false,
          // In production the host hands its federation runtime to the remotes, so each remote
          // entry does not ship its own copy; a remote running alone in development keeps one. Every
          // bundle runs in a browser, so the runtime's Node.js loading code is left out (issue 26's
          // first-load budget: 3.4 KB less on every public page).
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: production }),
            optimization: { target: 'web' },
          },
        }),
        new rspack.HtmlRspackPlugin({
          template: path.join(import.meta.dirname, 'index.html'),
        }),
        // Files served as they are from the site's root (the host's offline worker, decision 011).
        ...(existsSync(path.join(dir, 'public')) ? [new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] })] : []),
        ...(production ? [new PrecompressPlugin()] : []),
        ...(production && isHost ? [new BootPreloadPlugin()] : []),
      ],
      optimization: { minimize: production, ...(production && wholePages ? WHOLE_PAGE_CHUNKS : {}) },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          {
            context: ['/api', '/remotes.json', '/remotes', '/uploads', '/emulator'],
            target: process.env.API_URL ?? 'http://localhost:3000',
          },
        ],
      },
    };
  };
}

/** Where a remote's server build goes, inside its dist (the API refuses to serve it as a file). */
export const FIRST_SCREEN_DIR = 'server';

/**
 * The server build of a public remote (decision 016): `src/server/render.tsx` bundled with
 * everything it imports into one CommonJS file the API loads to draw a page's first screen. Media
 * get the browser build's names (same content hash) under the remote's local public path.
 * @param {{ name: string, dir: string }} options
 */
export function defineFirstScreenRender({ name, dir }) {
  const require = createRequire(path.join(dir, 'package.json'));
  const { rspack } = require('@rspack/core');
  return (_env, argv) => {
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const production = mode === 'production';
    return {
      name: `${name}-first-screen`,
      mode,
      context: dir,
      target: 'node20',
      entry: { render: './src/server/render.tsx' },
      devtool: false,
      output: {
        path: path.join(distOf(dir), FIRST_SCREEN_DIR),
        filename: '[name].cjs',
        library: { type: 'commonjs2' },
        publicPath: `/remotes/${name}/`,
        // One file: the API loads it whole, and a redeploy replaces it whole.
        asyncChunks: false,
        clean: true,
      },
      resolve: resolveOptions(require, production),
      module: {
        rules: moduleRules(production),
        generator: { 'asset/resource': { emit: false } },
      },
      plugins: [definitions(rspack, { mode, name, basePath: '/' })],
      optimization: { minimize: false },
      performance: { hints: false },
    };
  };
}
