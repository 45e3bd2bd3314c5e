import { defineFederatedApp } from '../tooling/rspack/federated-app.mjs';

export default defineFederatedApp({
  name: 'admin-platform',
  dir: import.meta.dirname,
  kind: 'remote',
  port: 3106,
  basePath: '/admin/platform',
});
