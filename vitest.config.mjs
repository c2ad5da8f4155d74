import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Files that run in-process (pure logic, the renderer under jsdom): independent of one another and of the machine's load. */
const FAST = ['test/unit/**/*.test.ts', 'test/renderer/**/*.test.tsx'];

const FAST_WORKERS = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['test/helpers/global-setup.ts'],
    // A worker ended mid-test still stops what its tests started (see the file).
    setupFiles: ['test/helpers/signal-exit.ts'],
    // Per-file times for .ci/run's list of the slowest files.
    reporters: ['default', './test/helpers/file-times-reporter.ts'],
    projects: [
      {
        extends: true,
        // Renderer tests are .tsx and pick jsdom per file (`// @vitest-environment jsdom`).
        // Two at a time on a 2-core machine: vitest's default leaves a core free, which these files do not need.
        test: { name: 'fast', include: FAST, maxWorkers: FAST_WORKERS, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'serial',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: FAST,
          // Integration tests start real servers and child processes; running files
          // one at a time keeps a 2-core machine from starving the loops under test,
          // and only after the fast files are done (groupOrder), never beside them.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
