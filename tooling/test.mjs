#!/usr/bin/env node
// `npm test`: install what the tests need (Debian's Chromium when missing), build, then run every
// unit and API test and the browser journeys against the platform started as `npm start` starts it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { pnpm } from './pnpm.mjs';
import { ensureChromium } from './chromium.mjs';
import { buildFrontends, install } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

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
