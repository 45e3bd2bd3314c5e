import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // *.postgres-test.ts need a PostgreSQL server beside the run's engine (TEST_POSTGRES_URL, which
    // npm test sets): copying a SQLite install into PostgreSQL.
    include: ['src/**/*.test.ts', ...(process.env.TEST_POSTGRES_URL ? ['src/**/*.postgres-test.ts'] : [])],
    environment: 'node',
    // DATABASE_URL=postgres://… runs every test on PostgreSQL (npm run test:postgres starts a server).
    globalSetup: ['src/testing/global-setup.ts'],
    // Each file builds its own temp database; argon2 hashing makes set-up heavier than the tests.
    testTimeout: 20_000,
    // Two files at a time even on two cores (vitest's default is one fewer than the cores): a file
    // waits on argon2, SQLite's disk and PostgreSQL's server as much as it computes. On PostgreSQL
    // the suite takes 3.1 minutes instead of 6, on SQLite 2.4 instead of 3.3 (npm test's phases).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 30_000,
  },
});
