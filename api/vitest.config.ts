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
    hookTimeout: 30_000,
  },
});
