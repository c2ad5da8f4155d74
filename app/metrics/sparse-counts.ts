import type { JsHistogram } from 'hdr-histogram-js';
import { addEncoded, bucketsOf, type SparseCounts } from './hdr-add';
import { encodeV2 } from './hdr-codec';
import { createHistogram } from './histogram';
import { NONE, PERCENTILES, rankAt, type LatencyStats } from './latency-stats';

export type { SparseCounts };

/**
 * A second's histograms in main as their non-empty buckets (a couple of
 * thousand), not as the library's histograms (twenty thousand buckets each,
 * every one read or reset through a method call): main's merge of a second
 * decodes each worker's histogram once, adds lists, and reads percentiles
 * from the list, the figures those histograms gave to the last bit (the same
 * buckets, ranks and summing order as latencyStats, the minimum and maximum
 * as the library's add sets them). Main runs this once a second, too seldom
 * for V8 to optimize it: what it costs is the work it does, so it does less.
 */
const layout = createHistogram() as unknown as JsHistogram;
// The bucket arithmetic below holds for 1 µs units and a range below 2^31, as createHistogram builds.
if (layout.unitMagnitude !== 0 || layout.highestTrackableValue >= 2 ** 31) throw new Error('sparse counts need 1 µs units below 2^31');
const HALF = layout.subBucketHalfCount;
const HALF_MAGNITUDE = layout.subBucketHalfCountMagnitude;
/** Counts summed across lists, then read back and zeroed (only the range a merge touched). */
const dense = new Float64Array(layout.countsArrayLength);

/** An encoded histogram's buckets in createHistogram's layout (another shape is added into that layout the library's way). */
export function countsOf(encoded: string): SparseCounts {
  return bucketsOf(encoded, layout) ?? viaLibrary(encoded);
}

function viaLibrary(encoded: string): SparseCounts {
  const h = createHistogram();
  addEncoded(h, encoded);
  const out = collect(h as unknown as JsHistogram);
  h.destroy();
  return out;
}

function collect(js: { countsArrayLength: number; getCountAtIndex(i: number): number }): SparseCounts {
  const indexes: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < js.countsArrayLength; i++) {
    const c = js.getCountAtIndex(i);
    if (c > 0) {
      indexes.push(i);
      counts.push(c);
    }
  }
  return { indexes: Float64Array.from(indexes), counts: Float64Array.from(counts) };
}

/** The lists added bucket by bucket (one list is returned as it is). */
export function mergeCounts(lists: readonly SparseCounts[]): SparseCounts {
  if (lists.length === 1) return lists[0];
  let lo = Infinity;
  let hi = -1;
  let size = 0;
  for (const l of lists) {
    const n = l.indexes.length;
    for (let k = 0; k < n; k++) dense[l.indexes[k]] += l.counts[k];
    if (n > 0) {
      lo = Math.min(lo, l.indexes[0]);
      hi = Math.max(hi, l.indexes[n - 1]);
    }
    size += n;
  }
  const indexes = new Float64Array(size);
  const counts = new Float64Array(size);
  let n = 0;
  for (let i = lo; i <= hi; i++) {
    if (dense[i] === 0) continue;
    indexes[n] = i;
    counts[n++] = dense[i];
    dense[i] = 0;
  }
  return { indexes: indexes.subarray(0, n), counts: counts.subarray(0, n) };
}

/** Percentiles, mean, minimum and maximum of the buckets: latencyStats of a histogram they were added into. */
export function statsOf(c: SparseCounts): LatencyStats {
  const n = c.indexes.length;
  let count = 0;
  for (let k = 0; k < n; k++) count += c.counts[k];
  if (count === 0) return { ...NONE };
  const ranks = PERCENTILES.map((p) => rankAt(p, count));
  const at: number[] = [];
  let seen = 0;
  let sum = 0;
  let min = 0;
  let max = 0;
  for (let k = 0; k < n; k++) {
    const i = c.indexes[k];
    const cnt = c.counts[k];
    seen += cnt;
    // Index -> (bucket, sub-bucket) as latencyStats reads it; bucket 0 spans the whole first half too.
    const bucket = Math.max((i >> HALF_MAGNITUDE) - 1, 0);
    const sub = bucket === 0 ? i : (i & (HALF - 1)) + HALF;
    const size = 1 << bucket; // the range is below 2^31 (checked above): a shift, not a call to Math.pow
    const lowest = sub * size;
    sum += (lowest + (size >> 1)) * cnt;
    while (at.length < ranks.length && seen >= ranks[at.length]) at.push(lowest + size - 1);
    // The library's add keeps the lowest non-zero value (index 0 holds only 0) and the top of the highest bucket.
    if (min === 0) min = lowest;
    max = lowest + size - 1;
  }
  return { count, min, mean: sum / count, p50: at[0] ?? 0, p90: at[1] ?? 0, p95: at[2] ?? 0, p99: at[3] ?? 0, p999: at[4] ?? 0, max };
}

/** The buckets encoded as encodeHistogram encodes a histogram they were added into. */
export function encodeSparse(c: SparseCounts): string {
  const n = c.indexes.length;
  for (let k = 0; k < n; k++) dense[c.indexes[k]] = c.counts[k];
  const out = encodeV2(dense, 0, n > 0 ? c.indexes[n - 1] + 1 : 1, layout);
  for (let k = 0; k < n; k++) dense[c.indexes[k]] = 0;
  return out;
}
