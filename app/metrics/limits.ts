/**
 * Thresholds shared by the engine and the window. Kept free of imports so
 * the renderer can use them without bundling the histogram library.
 */

/**
 * Seconds of a run kept in memory for the live view, by main (for a window
 * that connects mid-run) and by the window (for its charts): one hour at one
 * sample a second. Older seconds are in the run file.
 */
export const LIVE_SAMPLE_CAP = 3600;
/** Log lines kept beside them, by main and the window alike. */
export const LIVE_LOG_CAP = 500;

/**
 * Points drawn per chart at most: two pixels per point on a half-width chart,
 * and the default 5-minute window one to one. A long run is thinned to this
 * so a redraw costs the same at second 10 and at hour 3.
 */
export const MAX_CHART_POINTS = 300;

/** A worker whose event loop is busier than this is limiting the numbers itself. */
export const SATURATED_ELU = 0.9;

/** The latency percentiles every table shows, as LatencyStats keys and their column labels. */
export const LATENCY_COLUMNS = [
  ['p50', 'p50'],
  ['p90', 'p90'],
  ['p99', 'p99'],
  ['p999', 'p99.9'],
  ['max', 'max'],
] as const;

/** One op type's counts of one second, as far as the saturation rule needs them. */
interface OpCounts {
  count: number;
  errors: number;
  timeouts: number;
  unavailable?: number;
}

/**
 * A second in which more operations failed (errors, timeouts, unavailable)
 * than succeeded. A busy event loop then says the target is failing, not
 * that the client is the limit, so such seconds never raise the saturation
 * warning.
 */
export function failureDominated(ops: Record<string, OpCounts>): boolean {
  let ok = 0;
  let failed = 0;
  for (const o of Object.values(ops)) {
    ok += o.count;
    failed += o.errors + o.timeouts + (o.unavailable ?? 0);
  }
  return failed > ok;
}

/** Whether a second's workers limit the numbers themselves: one loop over SATURATED_ELU, and not a second of failures. */
export function clientSaturated(s: { ops: Record<string, OpCounts>; workers: readonly { elu: number }[] }): boolean {
  return !failureDominated(s.ops) && s.workers.some((w) => w.elu >= SATURATED_ELU);
}
