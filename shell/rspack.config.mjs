import { defineFederatedApp } from '../tooling/rspack/federated-app.mjs';

export default defineFederatedApp({ name: 'shell', dir: import.meta.dirname, kind: 'host', port: 3100 });
