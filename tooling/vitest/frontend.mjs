// The vitest settings of every frontend package (shell and remotes): jsdom, tests beside the code,
// each package's own setup file, and the build-time globals rspack defines. A plain object, so
// this folder needs no dependency of its own; each package wraps it in its own defineConfig.
import { availableParallelism } from 'node:os';

export const frontendTestConfig = {
  define: { __BUILD_ID__: JSON.stringify('test'), __BASE_PATH__: JSON.stringify('/') },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A form test types and clicks through a dialog: seconds on a busy machine. The limit is there to
    // end a test that hangs, not to time one (speed is measured by npm run bench).
    testTimeout: 15_000,
    // Two files at a time even on two cores (vitest's default is one fewer than the cores): the
    // frontend suites take 2.7 minutes instead of 4.7 on two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
};
