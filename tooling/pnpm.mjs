#!/usr/bin/env node
// Runs the pinned pnpm through npx: corepack fails its signature check against this registry,
// and a fresh machine has only Node and npm.
import { spawnSync } from 'node:child_process';

export const PNPM_VERSION = '10.34.8';

export function pnpm(args, options = {}) {
  const result = spawnSync('npx', ['-y', `pnpm@${PNPM_VERSION}`, ...args], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    ...options,
  });
  if (result.status !== 0) {
    throw new Error(`pnpm ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    pnpm(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
