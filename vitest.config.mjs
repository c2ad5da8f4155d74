import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Renderer tests are .tsx and pick jsdom per file (`// @vitest-environment jsdom`).
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Integration tests start real servers and child processes; running files
    // one at a time keeps a 2-core machine from starving the loops under test.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['test/helpers/global-setup.ts'],
    // A worker ended mid-test still stops what its tests started (see the file).
    setupFiles: ['test/helpers/signal-exit.ts'],
    // Per-file times for .ci/run's list of the slowest files.
    reporters: ['default', './test/helpers/file-times-reporter.ts'],
  },
});
