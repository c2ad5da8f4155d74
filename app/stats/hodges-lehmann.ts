import { lowerCritical95 } from './mann-whitney';

/**
 * Above this many pairwise differences, each sample is thinned to evenly
 * spaced order statistics first (a 1-hour run against another has 13 million
 * pairs; 100,000 sort in milliseconds). The interval then comes from the
 * thinned sizes, so it is a little wider, never narrower, than the full one.
 */
export const MAX_PAIRS = 100_000;

/** How much the candidate moved from the baseline, in the figure's own unit. */
export interface Shift {
  /** The Hodges-Lehmann estimate: the median of all differences candidate − baseline. */
  estimate: number;
  /** The 95 % confidence interval; absent when the samples are too small for one. */
  low?: number;
  high?: number;
}

/**
 * The shift between two samples that goes with the Mann-Whitney test: its
 * estimate and distribution-free 95 % interval, read from the sorted
 * pairwise differences at the test's critical value.
 */
export function hodgesLehmann(base: readonly number[], candidate: readonly number[]): Shift | undefined {
  if (base.length === 0 || candidate.length === 0) return undefined;
  const scale = Math.sqrt(Math.min(1, MAX_PAIRS / (base.length * candidate.length)));
  const b = thin(base, scale);
  const c = thin(candidate, scale);
  const diffs = new Float64Array(b.length * c.length);
  let k = 0;
  for (const x of c) for (const y of b) diffs[k++] = x - y;
  diffs.sort();
  const n = diffs.length;
  const estimate = n % 2 === 1 ? diffs[(n - 1) / 2] : (diffs[n / 2 - 1] + diffs[n / 2]) / 2;
  const cut = lowerCritical95(b.length, c.length);
  return cut < 0 ? { estimate } : { estimate, low: diffs[cut], high: diffs[n - 1 - cut] };
}

/** Evenly spaced order statistics: `scale` of the values (all of them at 1). */
function thin(xs: readonly number[], scale: number): number[] {
  const sorted = [...xs].sort((p, q) => p - q);
  if (scale >= 1) return sorted;
  const m = Math.max(1, Math.floor(xs.length * scale));
  return Array.from({ length: m }, (_, i) => sorted[Math.floor(((i + 0.5) * xs.length) / m)]);
}
