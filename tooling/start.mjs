#!/usr/bin/env node
// `npm start`: install, build every frontend, then migrate, seed and serve through the API.
// Flags for tests and operators: --skip-install, --skip-build.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PNPM_VERSION, pnpm } from './pnpm.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flags = new Set(process.argv.slice(2));

export function install() {
  pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only'], { cwd: root });
}

export function buildFrontends() {
  // One build at a time: these machines have two cores and rspack uses all it can get.
  pnpm(['-r', '--workspace-concurrency=1', 'run', 'build'], { cwd: root });
}

function serve() {
  const child = spawn('npx', ['-y', `pnpm@${PNPM_VERSION}`, '--filter', '@tdk/api', 'run', 'start'], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    if (!flags.has('--skip-install')) install();
    if (!flags.has('--skip-build')) buildFrontends();
    serve();
  } catch (error) {
    console.error(`\nnpm start failed: ${error.message}`);
    process.exit(1);
  }
}
