import type { LatencyStats } from '../../../app/metrics/histogram';
import { BUCKET_BOUNDS_MS, type Buckets } from '../../../app/metrics/limits';
import { US_PER_MS } from './shape';

const HALF = 0.5;

interface BucketShare {
  boundMs: number;
  /** Share of operations answered within the bound, 0..1. */
  share: number;
  /** Exact, or only known to be at least / below `share` (live, from percentiles). */
  known: 'exact' | 'atLeast' | 'below';
}

const bucketKey = (ms: (typeof BUCKET_BOUNDS_MS)[number]): keyof Buckets => `le${ms}ms`;

/** Exact shares, from the run's merged histogram. */
export function bucketsFromSummary(b: Buckets): BucketShare[] {
  return BUCKET_BOUNDS_MS.map((ms) => ({ boundMs: ms, share: b[bucketKey(ms)], known: 'exact' }));
}

/**
 * While a run is live only one second's percentiles are here, not its
 * histogram: if p99 is within 4 ms, at least 99% of that second was. That is
 * a lower bound, and it is shown as one. When even p50 is slower than the
 * bound, all that is known is that fewer than half were within it.
 */
export function bucketsFromLatency(l: LatencyStats): BucketShare[] {
  const known: [number, number][] = [
    [l.p999, 0.999],
    [l.p99, 0.99],
    [l.p95, 0.95],
    [l.p90, 0.9],
    [l.p50, 0.5],
  ];
  return BUCKET_BOUNDS_MS.map((ms) => {
    const bound = ms * US_PER_MS;
    if (l.count === 0) return { boundMs: ms, share: 0, known: 'exact' };
    if (l.max <= bound) return { boundMs: ms, share: 1, known: 'exact' };
    if (l.min > bound) return { boundMs: ms, share: 0, known: 'exact' };
    const within = known.find(([v]) => v <= bound);
    return within ? { boundMs: ms, share: within[1], known: 'atLeast' } : { boundMs: ms, share: HALF, known: 'below' };
  });
}
