import { parseArgs } from 'node:util';

/** Command-line options of `npm run bench:soak`. */

/** A day at one sample per second: the synthetic run main is fed. */
const DEFAULT_HOURS = 24;
/** Main keeps at most an hour of samples for a late window (LIVE_SAMPLE_CAP); from there on its memory must be flat. */
export const FIRST_HOUR_SECONDS = 3600;
// Bounds keep every invocation finite even with a typo in a flag.
const MIN_HOURS = 0.01;
const MAX_HOURS = 24 * 7;

export interface SoakOptions {
  /** Length of the synthetic measured phase. */
  hours: number;
  workers: number;
  /** Seconds between heap checkpoints. */
  checkpointSeconds: number;
}

export class UsageError extends Error {}

export function parseOptions(argv: readonly string[]): SoakOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { hours: { type: 'string' }, workers: { type: 'string' }, checkpoint: { type: 'string' } },
    strict: true,
  });
  const hours = Number(values.hours ?? DEFAULT_HOURS);
  if (!Number.isFinite(hours) || hours < MIN_HOURS || hours > MAX_HOURS)
    throw new UsageError(`--hours must be ${MIN_HOURS} to ${MAX_HOURS}, got "${values.hours}"`);
  const workers = Number(values.workers ?? 4);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new UsageError(`--workers must be 1 to 64, got "${values.workers}"`);
  const seconds = Math.round(hours * 3600);
  // Hourly for a day; a short smoke run still gets a handful of checkpoints.
  const checkpointSeconds = Number(values.checkpoint ?? Math.min(FIRST_HOUR_SECONDS, Math.max(1, Math.round(seconds / 6))));
  if (!Number.isInteger(checkpointSeconds) || checkpointSeconds < 1)
    throw new UsageError(`--checkpoint must be a whole number of seconds, got "${values.checkpoint}"`);
  return { hours, workers, checkpointSeconds };
}
