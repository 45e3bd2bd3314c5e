import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Component tests need a DOM; the formatter tests run the same in it.
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
