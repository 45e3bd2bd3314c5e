import { defineFederatedApp, defineFirstScreenRender } from '../tooling/rspack/federated-app.mjs';

const browser = defineFederatedApp({
  name: 'storefront',
  dir: import.meta.dirname,
  kind: 'remote',
  port: 3101,
  basePath: '/',
  // Every public page is someone's first load: each page's code in one chunk (federated-app.mjs).
  wholePages: true,
});
const server = defineFirstScreenRender({ name: 'storefront', dir: import.meta.dirname });

// The server build (the public pages' first screen, decision 016) only for production builds;
// the development server serves the browser build alone.
export default (env, argv) =>
  (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production'
    ? [browser(env, argv), server(env, argv)]
    : browser(env, argv);
