#!/usr/bin/env node
// `npm test`: install what the tests need (Debian's Chromium, PostgreSQL and poppler-utils when missing), build,
// then run every unit and API test, the API tests again on a throwaway PostgreSQL cluster, and the
// browser journeys against the platform started as `npm start` starts it.
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { pnpm } from './pnpm.mjs';
import { ensureChromium, ensureDevanagariFont, ensurePoppler, run } from './chromium.mjs';
import { ensurePostgres, startPostgres } from './postgres.mjs';
import { buildFrontends, install } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The API's tests run in a shuffled order, so that none leans on state another left behind; the
 * seed is printed, and `VITEST_SEED=N npm test` (or, in api/, `npx vitest run --sequence.shuffle
 * --sequence.seed=N`) replays a failing order.
 */
function shuffleSeed(given = process.env.VITEST_SEED) {
  if (given === undefined || given === '') return randomInt(1, 2 ** 31);
  if (!/^\d+$/.test(given)) throw new Error(`VITEST_SEED must be a whole number, not ${JSON.stringify(given)}`);
  return Number(given);
}

/** Each phase's time, printed at the end (and on a failure) so a slow phase is seen where it is. */
const phases = [];
function phase(name, work) {
  const started = Date.now();
  try {
    return work();
  } finally {
    phases.push(`${name} ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  }
}
const printPhases = () => console.log(`\nnpm test phases: ${phases.join(', ')}`);

try {
  phase('install', () => {
    ensureChromium();
    // The journeys draw Hindi and Marathi pages and measure the header at 360 px: with the system
    // face every phone has (Noto), as the benchmarks do, not Debian's bare fallback (boxes, and a
    // wider Latin face that truncated the logo on a new machine).
    ensureDevanagariFont();
    // The API's tests rasterise and read the PDFs it draws (decision 070).
    ensurePoppler();
    ensurePostgres();
    install();
  });
  // Lint first: a boundary broken or a file unformatted fails in seconds, before any build.
  phase('lint', () => run('npm', ['run', '--silent', 'lint']));
  phase('build', () => buildFrontends());
  phase('typecheck', () => pnpm(['-r', '--workspace-concurrency=1', 'run', 'typecheck'], { cwd: root }));
  // Every unit test; the API's on SQLite, then again on PostgreSQL (decision 020): the same files,
  // DATABASE_URL set, both in the order of one printed seed. The SQLite run also copies into PostgreSQL.
  const seed = shuffleSeed();
  const shuffled = ['--sequence.shuffle', `--sequence.seed=${seed}`];
  const postgres = await startPostgres({ log: true });
  try {
    phase('frontend units', () =>
      pnpm(['-r', '--workspace-concurrency=1', '--filter', '!@tdk/tests', '--filter', '!@tdk/api', 'run', 'test'], { cwd: root }),
    );
    for (const [engine, env] of [
      ['SQLite', { TEST_POSTGRES_URL: postgres.url }],
      ['PostgreSQL', { DATABASE_URL: postgres.url }],
    ]) {
      console.log(
        `\nvitest shuffle seed: ${seed} (the API's tests on ${engine}; VITEST_SEED=${seed} npm test replays the order)`,
      );
      try {
        phase(`API on ${engine}`, () =>
          pnpm(['--filter', '@tdk/api', 'exec', 'vitest', 'run', ...shuffled], { cwd: root, env: { ...process.env, ...env } }),
        );
      } catch (error) {
        throw new Error(`${error.message} (vitest shuffle seed: ${seed}; replay with VITEST_SEED=${seed})`, { cause: error });
      }
    }
  } finally {
    postgres.stop();
  }
  phase('browser journeys', () => pnpm(['--filter', '@tdk/tests', 'run', 'test'], { cwd: root }));
  printPhases();
} catch (error) {
  printPhases();
  console.error(`\nnpm test failed: ${error.message}`);
  process.exit(1);
}
