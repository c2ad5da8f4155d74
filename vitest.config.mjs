import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Integration tests start real servers and child processes; running files
    // one at a time keeps a 2-core machine from starving the loops under test.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['test/helpers/global-setup.ts'],
  },
});
