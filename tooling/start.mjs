#!/usr/bin/env node
// `npm start`: install, build every package (the frontends and the API), then migrate, seed and
// serve through the API's build with plain node (decision 041: no TypeScript compiled in the serving
// process). Flags for tests and operators: --skip-install, --skip-build (the API is still built
// when it has no build or a source is newer than it).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ensureApiBuild } from './api-build.mjs';
import { pnpm } from './pnpm.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flags = new Set(process.argv.slice(2));

export function install() {
  pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only'], { cwd: root });
}

/** Every package's build: the frontends and the API (its `build` script, tooling/api-build.mjs). */
export function buildFrontends() {
  // One build at a time: these machines have two cores and rspack uses all it can get.
  pnpm(['-r', '--workspace-concurrency=1', 'run', 'build'], { cwd: root });
}

async function serve() {
  // node itself on the build, not a package manager's script: one process, and a signal reaches it.
  const child = spawn(process.execPath, [await ensureApiBuild()], {
    cwd: path.join(root, 'api'),
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    if (!flags.has('--skip-install')) install();
    if (!flags.has('--skip-build')) buildFrontends();
    await serve();
  } catch (error) {
    console.error(`\nnpm start failed: ${error.message}`);
    process.exit(1);
  }
}
