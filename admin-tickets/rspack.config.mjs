import { defineFederatedApp } from '../tooling/rspack/federated-app.mjs';

export default defineFederatedApp({
  name: 'admin-tickets',
  dir: import.meta.dirname,
  kind: 'remote',
  port: 3103,
  basePath: '/admin/tickets',
});
