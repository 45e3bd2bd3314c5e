#!/usr/bin/env node
// `npm run bench`: from a fresh clone as from a working copy: install (and Debian's Chromium and a
// Devanagari system font for Lighthouse when missing), then tests/bench/run.mjs, which builds and runs every benchmark.
// Arguments are passed on: `npm run bench -- --skip-build lighthouse`.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ensureChromium, ensureDevanagariFont } from './chromium.mjs';
import { pnpm } from './pnpm.mjs';
import { install } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  ensureChromium();
  ensureDevanagariFont();
  install();
  pnpm(['--filter', '@tdk/tests', 'run', 'bench', ...process.argv.slice(2)], { cwd: root });
} catch (error) {
  console.error(`\nnpm run bench failed: ${error.message}`);
  process.exit(1);
}
