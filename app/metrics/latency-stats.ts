import type { Histogram, JsHistogram } from 'hdr-histogram-js';

export interface LatencyStats {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
  max: number;
}

const PERCENTILES = [50, 90, 95, 99, 99.9] as const;
const NONE: LatencyStats = { count: 0, min: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 };

/** One unit in the last place of x, as the histogram library rounds with it. */
const ulp = (x: number): number => Math.pow(2, Math.floor(Math.log2(x)) - 52);

/** The rank of the value at percentile p of n values, exactly as getValueAtPercentile computes it. */
function rankAt(p: number, n: number): number {
  const fp = (p / 100) * n;
  return Math.max(Math.ceil(fp - ulp(fp)), 1);
}

/**
 * The percentiles and mean of a histogram in one pass over its buckets. The
 * library's getters walk the buckets once per percentile and its mean walks
 * them through an iterator that re-derives each bucket's value: six walks per
 * histogram, several histograms a second in main. Each bucket's value and
 * range come from its index by shifts (the library takes a log2 and powers
 * per call, which made this walk the larger part of main's per-second merge).
 * The figures are the library's to the last bit (the same ranks, bucket
 * values and summing order).
 */
export function latencyStats(h: Histogram): LatencyStats {
  const count = h.totalCount;
  if (count === 0) return { ...NONE };
  const js = h as unknown as JsHistogram;
  const ranks = PERCENTILES.map((p) => rankAt(p, count));
  const at: number[] = [];
  const half = js.subBucketHalfCount;
  const halfMagnitude = js.subBucketHalfCountMagnitude;
  // The shifts hold for 1-unit buckets (createHistogram's); any other histogram asks the library.
  const direct = js.unitMagnitude === 0;
  let seen = 0;
  let sum = 0;
  for (let i = 0; i < js.countsArrayLength && seen < count; i++) {
    const c = js.getCountAtIndex(i);
    if (c === 0) continue;
    seen += c;
    let lowest: number;
    let size: number;
    if (direct) {
      // Index -> (bucket, sub-bucket) as valueFromIndex does; bucket 0 spans the whole first half too.
      const bucket = Math.max((i >> halfMagnitude) - 1, 0);
      const sub = bucket === 0 ? i : (i & (half - 1)) + half;
      // A shift below 2^31 (createHistogram's range): 2 ** bucket is a call to Math.pow per bucket.
      size = bucket < 31 ? 1 << bucket : 2 ** bucket;
      lowest = sub * size;
    } else {
      lowest = js.valueFromIndex(i);
      size = js.sizeOfEquivalentValueRange(lowest);
    }
    sum += (lowest + Math.floor(size / 2)) * c;
    while (at.length < ranks.length && seen >= ranks[at.length]) at.push(lowest + size - 1);
  }
  return {
    count,
    min: h.minNonZeroValue === Number.MAX_SAFE_INTEGER ? 0 : h.minNonZeroValue,
    mean: sum / count,
    p50: at[0] ?? 0,
    p90: at[1] ?? 0,
    p95: at[2] ?? 0,
    p99: at[3] ?? 0,
    p999: at[4] ?? 0,
    max: h.maxValue,
  };
}
