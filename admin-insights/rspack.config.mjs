import { defineFederatedApp } from '../tooling/rspack/federated-app.mjs';

export default defineFederatedApp({
  name: 'admin-insights',
  dir: import.meta.dirname,
  kind: 'remote',
  port: 3105,
  basePath: '/admin',
});
