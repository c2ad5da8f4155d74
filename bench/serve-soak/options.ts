import { readArgs, usageOf, type ArgSpecs } from '../args';

/** Command-line options of `npm run bench:serve-soak`. */

/** Half an hour: long enough for a slope over 25 steady minutes, short enough to run in a session. */
const DEFAULT_MINUTES = 30;
/** A run a minute, as a user trying scenarios one after another might start them. */
const DEFAULT_RUN_EVERY_SECONDS = 60;
/** RSS every few seconds: a GC's rise and fall shows as noise around the trend, not as the trend. */
const DEFAULT_SAMPLE_SECONDS = 5;
/** Measured seconds of each run: a short benchmark, so most of the minute is main idling between runs. */
const DEFAULT_RUN_SECONDS = 5;

export interface ServeSoakOptions {
  minutes: number;
  /** Seconds from the start of one cycle (a run, then an import) to the start of the next. */
  runEverySeconds: number;
  /** Seconds between two readings of serve's RSS. */
  sampleSeconds: number;
  /** Measured seconds of each run (after its one warm-up second). */
  runSeconds: number;
}

export { UsageError } from '../args';

const SPECS = {
  minutes: { kind: 'number', min: 0.1, max: 24 * 60, value: 'M', help: `how long kvscope serve is soaked, default ${DEFAULT_MINUTES}` },
  'run-every-seconds': {
    kind: 'whole',
    min: 5,
    max: 3600,
    value: 'S',
    help: `a run and an import this often, default ${DEFAULT_RUN_EVERY_SECONDS}`,
  },
  'sample-seconds': { kind: 'whole', min: 1, max: 60, value: 'S', help: `serve's RSS read this often, default ${DEFAULT_SAMPLE_SECONDS}` },
  'run-seconds': {
    kind: 'whole',
    min: 1,
    max: 60,
    value: 'S',
    help: `measured seconds of each kv-async run, default ${DEFAULT_RUN_SECONDS}`,
  },
} as const satisfies ArgSpecs;

export const USAGE = usageOf('node --no-memory-reducer dist/bench/serve-soak/main.js', SPECS);

export function parseOptions(argv: readonly string[]): ServeSoakOptions {
  const a = readArgs(argv, SPECS, USAGE);
  return {
    minutes: a.minutes ?? DEFAULT_MINUTES,
    runEverySeconds: a['run-every-seconds'] ?? DEFAULT_RUN_EVERY_SECONDS,
    sampleSeconds: a['sample-seconds'] ?? DEFAULT_SAMPLE_SECONDS,
    runSeconds: a['run-seconds'] ?? DEFAULT_RUN_SECONDS,
  };
}
