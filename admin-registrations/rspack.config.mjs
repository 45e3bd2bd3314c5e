import { defineFederatedApp } from '../tooling/rspack/federated-app.mjs';

export default defineFederatedApp({
  name: 'admin-registrations',
  dir: import.meta.dirname,
  kind: 'remote',
  port: 3104,
  basePath: '/admin/registrations',
});
