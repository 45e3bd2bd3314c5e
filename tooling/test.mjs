#!/usr/bin/env node
// `npm test`: install what the tests need (Debian's Chromium and PostgreSQL when missing), build,
// then run every unit and API test, the API tests again on a throwaway PostgreSQL cluster, and the
// browser journeys against the platform started as `npm start` starts it.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { pnpm } from './pnpm.mjs';
import { ensureChromium, run } from './chromium.mjs';
import { ensurePostgres, startPostgres } from './postgres.mjs';
import { buildFrontends, install } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  ensureChromium();
  ensurePostgres();
  install();
  // Lint first: a boundary broken or a file unformatted fails in seconds, before any build.
  run('npm', ['run', '--silent', 'lint']);
  buildFrontends();
  pnpm(['-r', '--workspace-concurrency=1', 'run', 'typecheck'], { cwd: root });
  // Every unit and API test on SQLite; then every API and service test again on PostgreSQL
  // (decision 020): the same files, DATABASE_URL set. The SQLite run also copies into PostgreSQL.
  const postgres = await startPostgres({ log: true });
  try {
    pnpm(['-r', '--workspace-concurrency=1', '--filter', '!@tdk/tests', 'run', 'test'], {
      cwd: root,
      env: { ...process.env, TEST_POSTGRES_URL: postgres.url },
    });
    pnpm(['--filter', '@tdk/api', 'exec', 'vitest', 'run'], { cwd: root, env: { ...process.env, DATABASE_URL: postgres.url } });
  } finally {
    postgres.stop();
  }
  pnpm(['--filter', '@tdk/tests', 'run', 'test'], { cwd: root });
} catch (error) {
  console.error(`\nnpm test failed: ${error.message}`);
  process.exit(1);
}
