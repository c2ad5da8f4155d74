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
 * histogram, several histograms a second in main. The figures are the
 * library's to the last bit (the same ranks, bucket values and summing order).
 */
export function latencyStats(h: Histogram): LatencyStats {
  const count = h.totalCount;
  if (count === 0) return { ...NONE };
  const js = h as unknown as JsHistogram;
  const ranks = PERCENTILES.map((p) => rankAt(p, count));
  const at: number[] = [];
  let seen = 0;
  let sum = 0;
  for (let i = 0; i < js.countsArrayLength && seen < count; i++) {
    const c = js.getCountAtIndex(i);
    if (c === 0) continue;
    seen += c;
    const v = js.valueFromIndex(i);
    sum += js.medianEquivalentValue(v) * c;
    while (at.length < ranks.length && seen >= ranks[at.length]) at.push(js.highestEquivalentValue(v));
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
