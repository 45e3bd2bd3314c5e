import { defineFederatedApp } from '../tooling/rspack/federated-app.mjs';

export default defineFederatedApp({
  name: 'storefront',
  dir: import.meta.dirname,
  kind: 'remote',
  port: 3101,
  basePath: '/',
});
