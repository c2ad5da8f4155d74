import { US_PER_MS } from '../report/numbers';
/**
 * Latency buckets that fit the run: bounds on a 1-2-5 ladder (…, 0.1, 0.2,
 * 0.5, 1, 2, 5 ms, …) from the run's fastest answers to its slowest, so a
 * 50 µs Redis run and a 300 ms kv-async run both show a distribution, not
 * 100 % or 0 % in every bucket. A scenario may set its own bounds
 * (`latencyBucketsMs`); runs recorded before either carry the old fixed
 * 1/2/4/8/16 ms buckets, which still read.
 */

/** How many bounds a run's buckets have: enough to show a shape, few enough for a table row. */
export const BUCKET_COUNT = 5;
/** The most bounds a scenario may set. */
export const MAX_USER_BUCKETS = 8;
/** The fixed bounds of runs recorded before buckets fitted the run. */
export const LEGACY_BOUNDS_MS = [1, 2, 4, 8, 16] as const;
/** The ladder's steps within a decade. */
const LADDER = [1, 2, 5];

/** Shares of operations answered within each bound (cumulative, 0..1), bounds in ms, ascending. */
export interface Buckets {
  boundsMs: number[];
  shares: number[];
}
/** What runs recorded before the bounds fitted the run hold. */
export type LegacyBuckets = { [K in `le${(typeof LEGACY_BOUNDS_MS)[number]}ms`]: number };

export interface BucketRow {
  boundMs: number;
  share: number;
}

/** A run's buckets as rows, whichever way its file holds them. */
export function bucketRows(b: Buckets | LegacyBuckets): BucketRow[] {
  if ('boundsMs' in b) return b.boundsMs.map((boundMs, i) => ({ boundMs, share: b.shares[i] ?? 0 }));
  return LEGACY_BOUNDS_MS.map((ms) => ({ boundMs: ms, share: b[`le${ms}ms`] ?? 0 }));
}

/** The ladder's step k (0 = 1 µs, 1 = 2 µs, 2 = 5 µs, 3 = 10 µs, ...) in ms, rounded against float dust. */
function step(k: number): number {
  const us = LADDER[((k % 3) + 3) % 3] * 10 ** Math.floor(k / 3);
  return Number((us / US_PER_MS).toPrecision(6));
}

/** The highest step at or below `us` (the lowest step, 1 µs, for anything below it). */
function stepAtOrBelow(us: number): number {
  let k = 0;
  while (step(k + 1) * US_PER_MS <= us) k++;
  return k;
}

/**
 * BUCKET_COUNT bounds from the step at or below the fastest answer to the
 * step at or above the slowest (`fastestUs`, `slowestUs`): evenly thinned
 * when the range spans more steps, widened a step at a time (below first,
 * while above 1 µs) when it spans fewer.
 */
export function fitBounds(fastestUs: number, slowestUs: number, count = BUCKET_COUNT): number[] {
  let lo = stepAtOrBelow(Math.max(1, fastestUs));
  let hi = stepAtOrBelow(Math.max(1, slowestUs));
  if (step(hi) * US_PER_MS < slowestUs) hi++;
  for (let below = true; hi - lo + 1 < count; below = !below) {
    if (below && lo > 0) lo--;
    else hi++;
  }
  const span = hi - lo;
  return Array.from({ length: count }, (_, i) => step(lo + Math.round((i * span) / (count - 1))));
}

/** Bounds for a run without an answered operation: around a millisecond, as good as any. */
export const NO_LATENCY_BOUNDS_MS: readonly number[] = fitBounds(US_PER_MS, US_PER_MS);

/** Why a user's bounds are not usable, or undefined when they are. */
export function badBounds(bounds: readonly number[]): string | undefined {
  if (bounds.length === 0 || bounds.length > MAX_USER_BUCKETS) return `between 1 and ${MAX_USER_BUCKETS} bounds`;
  if (bounds.some((b) => !Number.isFinite(b) || b <= 0)) return 'each bound a positive number of milliseconds';
  if (bounds.some((b, i) => i > 0 && b <= bounds[i - 1])) return 'bounds in ascending order, each larger than the one before';
  return undefined;
}

/** A bound as a label: "≤ 50 µs", "≤ 200 ms", "≤ 2 s". */
export function boundLabel(ms: number): string {
  if (ms < 1) return `≤ ${Number((ms * US_PER_MS).toPrecision(6))} µs`;
  if (ms >= US_PER_MS) return `≤ ${Number((ms / US_PER_MS).toPrecision(6))} s`;
  return `≤ ${ms} ms`;
}
