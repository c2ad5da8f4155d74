import { WINDOW_SECONDS } from './limits';

/** Command-line options of `npm run bench:ui`. */

/** One hour at one sample per second: the synthetic run both modes show. */
export const RUN_SECONDS = 3600;
/**
 * The replay pushes the hour twice over: the renderer keeps one hour (its
 * sample cap), so the second hour is all past the cap, where the heap must
 * stay flat (checkpoints 50% → 100%).
 */
const DEFAULT_REPLAY_SECONDS = 2 * RUN_SECONDS;
/**
 * Live mode pushes this many of the run's last seconds at 1/s (the rest is
 * caught up through getState). Over 30 updates a p95 is the second-slowest
 * one; 120 holds two steps of the 5 min window's time axis and several GCs.
 */
const DEFAULT_LIVE_SECONDS = 120;
/**
 * The default window (5 min, what a user sees first) and the whole run
 * (every buffered sample downsampled into each chart, the heaviest view).
 */
const DEFAULT_WINDOWS = ['5m', 'all'];
// Upper bounds keep every invocation finite even with a typo in a flag.
const MAX_LIVE_SECONDS = 600;
const MIN_REPLAY_SECONDS = 100;
const MAX_REPLAY_SECONDS = 4 * RUN_SECONDS;

export interface UiBenchOptions {
  liveSeconds: number;
  /** Samples the replay pushes: the hour by default; more shows the heap once the buffer cap is reached. */
  replaySeconds: number;
  windows: string[];
}

/** The same error type as the overhead bench's, for one usage path. */
export { UsageError } from '../options';
import { UsageError } from '../options';

const USAGE = `usage: node dist/bench/ui/main.js [--live-seconds N] [--replay-seconds N] [--windows LIST]
  --live-seconds    last seconds of the hour pushed live at 1/s, default ${DEFAULT_LIVE_SECONDS}, max ${MAX_LIVE_SECONDS}
  --replay-seconds  samples pushed as fast as the socket takes them, default ${DEFAULT_REPLAY_SECONDS}, ${MIN_REPLAY_SECONDS}..${MAX_REPLAY_SECONDS}
  --windows         chart windows to measure, comma-separated from ${Object.keys(WINDOW_SECONDS).join(', ')}; default ${DEFAULT_WINDOWS.join(',')}`;

function wholeNumber(flag: string, text: string | undefined, min: number, max: number): number {
  const n = Number(text);
  if (text === undefined || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${flag} needs a whole number from ${min} to ${max}, got ${text ?? 'nothing'}`);
  }
  return n;
}

/** Accepts `--flag V` and `--flag=V`. */
export function parseOptions(argv: readonly string[]): UiBenchOptions {
  const o: UiBenchOptions = { liveSeconds: DEFAULT_LIVE_SECONDS, replaySeconds: DEFAULT_REPLAY_SECONDS, windows: DEFAULT_WINDOWS };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    if (flag === '--help' || flag === '-h') throw new UsageError(USAGE);
    const text = inline ?? argv[++i];
    if (flag === '--live-seconds') o.liveSeconds = wholeNumber(flag, text, 1, MAX_LIVE_SECONDS);
    else if (flag === '--replay-seconds') o.replaySeconds = wholeNumber(flag, text, MIN_REPLAY_SECONDS, MAX_REPLAY_SECONDS);
    else if (flag === '--windows') {
      const ws = (text ?? '').split(',').filter((w) => w !== '');
      const bad = ws.find((w) => !(w in WINDOW_SECONDS));
      if (ws.length === 0 || bad !== undefined) throw new UsageError(`--windows: unknown window ${bad ?? '(none)'}\n${USAGE}`);
      o.windows = ws;
    } else throw new UsageError(`unknown option ${argv[i]}\n${USAGE}`);
  }
  return o;
}
