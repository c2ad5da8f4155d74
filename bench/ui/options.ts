import { WINDOW_SECONDS } from './limits';
import { readArgs, usageOf, type ArgSpecs } from '../args';

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
const MAX_LIVE_SECONDS = 600;
const MIN_REPLAY_SECONDS = 100;
const MAX_REPLAY_SECONDS = 4 * RUN_SECONDS;

export interface UiBenchOptions {
  liveSeconds: number;
  /** Samples the replay pushes: the hour by default; more shows the heap once the buffer cap is reached. */
  replaySeconds: number;
  windows: string[];
}

export { UsageError } from '../args';

const SPECS = {
  'live-seconds': {
    kind: 'whole',
    min: 1,
    max: MAX_LIVE_SECONDS,
    value: 'N',
    help: `last seconds of the hour pushed live at 1/s, default ${DEFAULT_LIVE_SECONDS}`,
  },
  'replay-seconds': {
    kind: 'whole',
    min: MIN_REPLAY_SECONDS,
    max: MAX_REPLAY_SECONDS,
    value: 'N',
    help: `samples pushed as fast as the socket takes them, default ${DEFAULT_REPLAY_SECONDS}`,
  },
  windows: {
    kind: 'text',
    value: 'LIST',
    help: `chart windows to measure, comma-separated from ${Object.keys(WINDOW_SECONDS).join(', ')}; default ${DEFAULT_WINDOWS.join(',')}`,
    check: (v: string) => {
      const ws = windowsOf(v);
      const bad = ws.find((w) => !Object.hasOwn(WINDOW_SECONDS, w));
      return ws.length === 0 || bad !== undefined ? `unknown window ${bad ?? '(none)'}` : undefined;
    },
  },
} as const satisfies ArgSpecs;

const USAGE = usageOf('node dist/bench/ui/main.js', SPECS);

function windowsOf(text: string): string[] {
  return text.split(',').filter((w) => w !== '');
}

export function parseOptions(argv: readonly string[]): UiBenchOptions {
  const a = readArgs(argv, SPECS, USAGE);
  return {
    liveSeconds: a['live-seconds'] ?? DEFAULT_LIVE_SECONDS,
    replaySeconds: a['replay-seconds'] ?? DEFAULT_REPLAY_SECONDS,
    windows: a.windows === undefined ? DEFAULT_WINDOWS : windowsOf(a.windows),
  };
}
