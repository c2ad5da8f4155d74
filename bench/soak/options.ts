import { readArgs, usageOf, type ArgSpecs } from '../args';

/** Command-line options of `npm run bench:soak`. */

/** A day at one sample per second: the synthetic run main is fed. */
const DEFAULT_HOURS = 24;
/** Main keeps at most an hour of samples for a late window (LIVE_SAMPLE_CAP); from there on its memory must be flat. */
export const FIRST_HOUR_SECONDS = 3600;
// Bounds keep every invocation finite even with a typo in a flag.
const MIN_HOURS = 0.01;
const MAX_HOURS = 24 * 7;
const DEFAULT_WORKERS = 4;
const MAX_WORKERS = 64;

export interface SoakOptions {
  /** Length of the synthetic measured phase. */
  hours: number;
  workers: number;
  /** Seconds between heap checkpoints. */
  checkpointSeconds: number;
}

export { UsageError } from '../args';

const SPECS = {
  hours: {
    kind: 'number',
    min: MIN_HOURS,
    max: MAX_HOURS,
    value: 'H',
    help: `length of the synthetic measured phase, default ${DEFAULT_HOURS}`,
  },
  workers: { kind: 'whole', min: 1, max: MAX_WORKERS, value: 'N', help: `workers whose seconds main merges, default ${DEFAULT_WORKERS}` },
  checkpoint: {
    kind: 'whole',
    min: 1,
    max: MAX_HOURS * 3600,
    value: 'S',
    help: 'seconds between heap checkpoints, default hourly (a sixth of a short run)',
  },
} as const satisfies ArgSpecs;

const USAGE = usageOf('node --expose-gc dist/bench/soak/main.js', SPECS);

export function parseOptions(argv: readonly string[]): SoakOptions {
  const a = readArgs(argv, SPECS, USAGE);
  const hours = a.hours ?? DEFAULT_HOURS;
  const seconds = Math.round(hours * 3600);
  // Hourly for a day; a short smoke run still gets a handful of checkpoints.
  const checkpointSeconds = a.checkpoint ?? Math.min(FIRST_HOUR_SECONDS, Math.max(1, Math.round(seconds / 6)));
  return { hours, workers: a.workers ?? DEFAULT_WORKERS, checkpointSeconds };
}
