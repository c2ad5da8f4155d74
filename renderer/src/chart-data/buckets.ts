import type { LatencyStats } from '../../../app/metrics/histogram';
import { bucketRows, fitBounds, NO_LATENCY_BOUNDS_MS, type Buckets, type LegacyBuckets } from '../../../app/metrics/latency-buckets';
import { US_PER_MS } from './shape';

const HALF = 0.5;

interface BucketShare {
  boundMs: number;
  /** Share of operations answered within the bound, 0..1. */
  share: number;
  /** Exact, or only known to be at least / below `share` (live, from percentiles). */
  known: 'exact' | 'atLeast' | 'below';
}

/** Exact shares, from the run's merged histogram (its bounds as the file holds them). */
export function bucketsFromSummary(b: Buckets | LegacyBuckets): BucketShare[] {
  return bucketRows(b).map(({ boundMs, share }) => ({ boundMs, share, known: 'exact' }));
}

/**
 * The live buckets' bounds: kept while the second's p50 and p99 stay inside
 * them, fitted again (to the second's min..p99.9) only when the latencies move
 * out, so the labels do not change every second. A scenario's own bounds
 * always win.
 */
export function liveBounds(prev: readonly number[] | null, l: LatencyStats, own?: readonly number[]): readonly number[] {
  if (own) return own;
  if (l.count === 0) return prev ?? NO_LATENCY_BOUNDS_MS;
  const fits = prev && prev[0] * US_PER_MS <= l.p50 && prev[prev.length - 1] * US_PER_MS >= l.p99;
  // Fitted so that they hold p50 and p99, whatever the second's other figures, and are then kept.
  return fits ? prev : fitBounds(Math.min(l.min, l.p50), Math.max(l.p999, l.p99));
}

/**
 * While a run is live only one second's percentiles are here, not its
 * histogram: if p99 is within a bound, at least 99% of that second was. That
 * is a lower bound, and it is shown as one. When even p50 is slower than the
 * bound, all that is known is that fewer than half were within it.
 */
export function bucketsFromLatency(l: LatencyStats, boundsMs: readonly number[]): BucketShare[] {
  const known: [number, number][] = [
    [l.p999, 0.999],
    [l.p99, 0.99],
    [l.p95, 0.95],
    [l.p90, 0.9],
    [l.p50, 0.5],
  ];
  return boundsMs.map((ms) => {
    const bound = ms * US_PER_MS;
    if (l.count === 0) return { boundMs: ms, share: 0, known: 'exact' };
    if (l.max <= bound) return { boundMs: ms, share: 1, known: 'exact' };
    if (l.min > bound) return { boundMs: ms, share: 0, known: 'exact' };
    const within = known.find(([v]) => v <= bound);
    return within ? { boundMs: ms, share: within[1], known: 'atLeast' } : { boundMs: ms, share: HALF, known: 'below' };
  });
}
