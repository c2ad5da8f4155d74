/** A second of the clock: runs start on one, and counters are read on them. */
export const SECOND_MS = 1000;

/**
 * Calls land this long after the edge: a timer can fire a hair early by the
 * wall clock, and a reading just before an edge would leave that second
 * waiting for the next one.
 */
const AFTER_EDGE_MS = 2;
/** Calls are at least this far apart, so a timer that fires early never calls twice for one edge. */
const MIN_GAP_MS = 500;

/** The first whole second of the clock (epoch ms) at or after `t`. */
export function nextWholeSecond(t: number): number {
  return Math.ceil(t / SECOND_MS) * SECOND_MS;
}

/**
 * Calls `fn` on every whole second of the clock until the returned function
 * is called. Whoever reads counters this way reads them on the edges of the
 * run's seconds (a run's t0 is a whole second), whatever process it is in.
 * A call that falls late (a busy event loop) is not repeated to catch up.
 */
export function everyWholeSecond(fn: () => void, opts: { unref?: boolean } = {}): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (): void => {
    const now = Date.now();
    timer = setTimeout(tick, nextWholeSecond(now - AFTER_EDGE_MS + MIN_GAP_MS) + AFTER_EDGE_MS - now);
    if (opts.unref) timer.unref();
  };
  const tick = (): void => {
    if (stopped) return;
    fn();
    schedule();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
