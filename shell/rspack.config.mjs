import { createRequire } from 'node:module';
import path from 'node:path';
import { defineFederatedApp } from '../tooling/rspack/federated-app.mjs';

const require = createRequire(import.meta.url);
const { rspack } = require('@rspack/core');
const app = defineFederatedApp({ name: 'shell', dir: import.meta.dirname, kind: 'host', port: 3100 });

// Noto Sans Devanagari's Devanagari subset, served by the platform under /fonts/ for pages in Hindi
// and Marathi (decision 019; the files named in the contract's DEVANAGARI_FONT_FILES).
const fontFiles = path.join(path.dirname(require.resolve('@fontsource/noto-sans-devanagari/package.json')), 'files');
const FONT_WEIGHTS = [400, 700];

export default (env, argv) => {
  const config = app(env, argv);
  config.plugins.push(
    new rspack.CopyRspackPlugin({
      patterns: [
        ...FONT_WEIGHTS.map((weight) => ({
          from: path.join(fontFiles, `noto-sans-devanagari-devanagari-${weight}-normal.woff2`),
          to: 'fonts/[name][ext]',
        })),
        // The regular weight as WOFF 1.0 too: the ticket's PDF embeds it (DEVANAGARI_PDF_FONT_FILE).
        { from: path.join(fontFiles, 'noto-sans-devanagari-devanagari-400-normal.woff'), to: 'fonts/[name][ext]' },
      ],
    }),
  );
  return config;
};
