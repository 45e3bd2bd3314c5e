#!/usr/bin/env node
// `npm test`: install what the tests need (Debian's Chromium when missing), build, then run every
// unit and API test and the browser journeys against the platform started as `npm start` starts it.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { pnpm } from './pnpm.mjs';
import { ensureChromium, run } from './chromium.mjs';
import { buildFrontends, install } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  ensureChromium();
  install();
  // Lint first: a boundary broken or a file unformatted fails in seconds, before any build.
  run('npm', ['run', '--silent', 'lint']);
  buildFrontends();
  pnpm(['-r', '--workspace-concurrency=1', 'run', 'typecheck'], { cwd: root });
  pnpm(['-r', '--workspace-concurrency=1', '--filter', '!@tdk/tests', 'run', 'test'], { cwd: root });
  pnpm(['--filter', '@tdk/tests', 'run', 'test'], { cwd: root });
} catch (error) {
  console.error(`\nnpm test failed: ${error.message}`);
  process.exit(1);
}
