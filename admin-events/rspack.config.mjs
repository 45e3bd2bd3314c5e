import { defineFederatedApp } from '../tooling/rspack/federated-app.mjs';

export default defineFederatedApp({
  name: 'admin-events',
  dir: import.meta.dirname,
  kind: 'remote',
  port: 3102,
  basePath: '/admin/events',
});
