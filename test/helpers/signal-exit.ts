import { constants } from 'node:os';

/**
 * Vitest ends a test worker with SIGTERM, and a signal's default action skips
 * the 'exit' handlers that kill what a test started (local cluster servers,
 * bench's redis-servers). A test that timed out while its servers were still
 * starting never got their handles, so only those handlers can stop them:
 * turn the signal into an exit that runs them.
 */
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  // A setup file runs once per test file; one handler per worker is enough.
  if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(128 + constants.signals[signal]));
}
