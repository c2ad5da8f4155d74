/**
 * Thresholds shared by the engine and the window. Kept free of imports so
 * the renderer can use them without bundling the histogram library.
 */

/** A worker whose event loop is busier than this is limiting the numbers itself. */
export const SATURATED_ELU = 0.9;

/** The AMC-style cumulative latency buckets: share of operations answered within each bound. */
export const BUCKET_BOUNDS_MS = [1, 2, 4, 8, 16] as const;

export type Buckets = { [K in `le${(typeof BUCKET_BOUNDS_MS)[number]}ms`]: number };

/** The latency percentiles every table shows, as LatencyStats keys and their column labels. */
export const LATENCY_COLUMNS = [
  ['p50', 'p50'],
  ['p90', 'p90'],
  ['p99', 'p99'],
  ['p999', 'p99.9'],
  ['max', 'max'],
] as const;
