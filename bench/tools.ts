import { spawnSync } from 'node:child_process';

/** `--version` answers at once; a binary that hangs on it is not one we can drive. */
const VERSION_TIMEOUT_MS = 5_000;

export const REDIS_SERVER = 'redis-server';
export const REDIS_BENCHMARK = 'redis-benchmark';

/** The tool's version line, or undefined when it is not on PATH (or does not answer). */
export function toolVersion(binary: string): string | undefined {
  const r = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: VERSION_TIMEOUT_MS });
  if (r.error || r.status !== 0) return undefined;
  return r.stdout.trim().split('\n')[0];
}

/** redis-server is required: without it there is nothing to measure against. */
export function requireRedisServer(): string {
  const v = toolVersion(REDIS_SERVER);
  if (v === undefined) {
    throw new Error(
      `${REDIS_SERVER} was not found on PATH (or did not answer --version). ` +
        'Install Redis (e.g. `apt-get install redis-server` or `brew install redis`) and run again.',
    );
  }
  return v;
}
