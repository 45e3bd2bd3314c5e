import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each file builds its own temp database; argon2 hashing makes set-up heavier than the tests.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
