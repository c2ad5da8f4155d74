import * as hdr from 'hdr-histogram-js';
import type { JsHistogram } from 'hdr-histogram-js';
import type { Buckets } from './latency-buckets';
import { addEncoded } from './hdr-add';
import { encodeV2 } from './hdr-codec';

export type { Buckets };

/** Latencies are recorded in microseconds. */
const LOWEST_US = 1;
/** Ten minutes: anything slower is clamped, which keeps the histogram a fixed size. */
export const HIGHEST_US = 600_000_000;
/** Three significant digits: 0.1% value resolution, the HdrHistogram convention. */
const SIGNIFICANT_DIGITS = 3;

export type Histogram = hdr.Histogram;

export function createHistogram(): Histogram {
  return hdr.build({
    bitBucketSize: 32,
    lowestDiscernibleValue: LOWEST_US,
    highestTrackableValue: HIGHEST_US,
    numberOfSignificantValueDigits: SIGNIFICANT_DIGITS,
    useWebAssembly: false,
  });
}

/** Hot path: O(1). Values above the trackable range are clamped, never thrown. */
export function recordUs(h: Histogram, us: number): void {
  h.recordValue(us < HIGHEST_US ? (us > 0 ? Math.round(us) : 0) : HIGHEST_US);
}

/**
 * A histogram's V2 encoding, base64 (hdr-codec.ts: the plain form, which the
 * library's own deflated one holds inside). Only histograms over a typed array
 * (createHistogram's) are read directly; any other goes the library's way.
 */
export function encodeHistogram(h: Histogram): string {
  const js = h as unknown as JsHistogram & { _counts?: ArrayLike<number> };
  if (!js._counts) return hdr.encodeIntoCompressedBase64(h);
  return encodeV2(js._counts, 0, js.countsArrayIndex(js.maxValue) + 1, js);
}

export { addEncoded };

/** An encoded histogram in the canonical shape, so every merged histogram has the same range. */
export function decodeHistogram(encoded: string): Histogram {
  const h = createHistogram();
  addEncoded(h, encoded);
  return h;
}

/**
 * The one way histograms from several processes are combined: decode each and
 * add counts bucket by bucket. Percentiles are then read from the result,
 * never averaged across sources.
 */
export function mergeEncoded(encoded: readonly string[]): Histogram {
  const merged = createHistogram();
  for (const e of encoded) addEncoded(merged, e);
  return merged;
}

export { latencyStats, type LatencyStats } from './latency-stats';

/** The share of the histogram's values at or below each bound (ms). */
export function cumulativeBuckets(h: Histogram, boundsMs: readonly number[]): Buckets {
  const total = h.totalCount;
  const below = boundsMs.map(() => 0);
  if (total > 0) {
    // One pass over the recorded values; each value counts toward every bound it fits under.
    const js = h as unknown as JsHistogram;
    const it = js.recordedValuesIterator;
    it.reset();
    while (it.hasNext()) {
      const v = it.next();
      // A bucket is reported by its top value; its values start at the lowest equivalent.
      const low = js.lowestEquivalentValue(v.valueIteratedTo);
      for (let b = 0; b < boundsMs.length; b++) {
        if (low <= boundsMs[b] * 1000) below[b] += v.countAddedInThisIterationStep;
      }
    }
  }
  return { boundsMs: [...boundsMs], shares: below.map((n) => (total === 0 ? 0 : n / total)) };
}
