import { parseArgs } from 'node:util';

/** Command-line options of `npm run bench:serve-soak`. */

/** Half an hour: long enough for a slope over 25 steady minutes, short enough to run in a session. */
const DEFAULT_MINUTES = 30;
/** A run a minute, as a user trying scenarios one after another might start them. */
const DEFAULT_RUN_EVERY_SECONDS = 60;
/** RSS every few seconds: a GC's rise and fall shows as noise around the trend, not as the trend. */
const DEFAULT_SAMPLE_SECONDS = 5;
/** Measured seconds of each run: a short benchmark, so most of the minute is main idling between runs. */
const DEFAULT_RUN_SECONDS = 5;

// Bounds keep every invocation finite even with a typo in a flag.
const LIMITS = {
  minutes: { min: 0.1, max: 24 * 60, whole: false },
  'run-every-seconds': { min: 5, max: 3600, whole: true },
  'sample-seconds': { min: 1, max: 60, whole: true },
  'run-seconds': { min: 1, max: 60, whole: true },
} as const;

type Flag = keyof typeof LIMITS;

export interface ServeSoakOptions {
  minutes: number;
  /** Seconds from the start of one cycle (a run, then an import) to the start of the next. */
  runEverySeconds: number;
  /** Seconds between two readings of serve's RSS. */
  sampleSeconds: number;
  /** Measured seconds of each run (after its one warm-up second). */
  runSeconds: number;
}

export class UsageError extends Error {}

export const USAGE = `usage: node --no-memory-reducer dist/bench/serve-soak/main.js [--minutes M] [--run-every-seconds S] [--sample-seconds S] [--run-seconds S]
  --minutes            how long kvscope serve is soaked, default ${DEFAULT_MINUTES}, ${LIMITS.minutes.min} to ${LIMITS.minutes.max}
  --run-every-seconds  a run and an import this often, default ${DEFAULT_RUN_EVERY_SECONDS}
  --sample-seconds     serve's RSS read this often, default ${DEFAULT_SAMPLE_SECONDS}
  --run-seconds        measured seconds of each kv-async run, default ${DEFAULT_RUN_SECONDS}`;

function numberOf(flag: Flag, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const { min, max, whole } = LIMITS[flag];
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n)))
    throw new UsageError(`--${flag} must be ${whole ? 'a whole number ' : ''}from ${min} to ${max}, got "${text}"\n${USAGE}`);
  return n;
}

export function parseOptions(argv: readonly string[]): ServeSoakOptions {
  const strings = { type: 'string' } as const;
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        minutes: strings,
        'run-every-seconds': strings,
        'sample-seconds': strings,
        'run-seconds': strings,
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  if (values.help) throw new UsageError(USAGE);
  return {
    minutes: numberOf('minutes', values.minutes, DEFAULT_MINUTES),
    runEverySeconds: numberOf('run-every-seconds', values['run-every-seconds'], DEFAULT_RUN_EVERY_SECONDS),
    sampleSeconds: numberOf('sample-seconds', values['sample-seconds'], DEFAULT_SAMPLE_SECONDS),
    runSeconds: numberOf('run-seconds', values['run-seconds'], DEFAULT_RUN_SECONDS),
  };
}
