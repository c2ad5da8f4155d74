import type { JsHistogram } from 'hdr-histogram-js';
import { encodeV2, type V2Shape } from '../../app/metrics/hdr-codec';
import { createHistogram, HIGHEST_US } from '../../app/metrics/histogram';

/** A histogram as every one of them is built: its bucket layout is the layout counted into below. */
const shape = createHistogram() as unknown as JsHistogram;
// The shortcut of countLatency holds for a unit of 1 µs and a top below 2^31, as createHistogram builds.
if (shape.unitMagnitude !== 0 || HIGHEST_US >= 2 ** 31) throw new Error('latency counts need 1 µs units and values below 2^31');
const HALF = shape.subBucketHalfCountMagnitude;
/** How many buckets a second's latencies are counted into. */
export const BUCKETS = shape.countsArrayLength;
/** What an encoding records of that layout. */
const SHAPE: V2Shape = {
  numberOfSignificantValueDigits: shape.numberOfSignificantValueDigits,
  lowestDiscernibleValue: shape.lowestDiscernibleValue,
  highestTrackableValue: shape.highestTrackableValue,
};
shape.destroy();

/**
 * Counts one latency (µs: rounded, non-positive as 0, clamped at HIGHEST_US,
 * as recordUs does) into the buckets that start at `at` in `counts`, laid out
 * as the HDR histogram's own counts; returns the bucket's index. The library
 * finds a bucket with Math.log2 and Math.pow (about a tenth of the load
 * loop's own CPU time); for whole microseconds below 2^31 it is two shifts
 * and a clz32. A function over a caller's array, not an object of its own
 * (the floor's LatencyCounts below; the load loop defers its counts,
 * recorder.ts).
 */
export function countLatency(counts: Float64Array, at: number, us: number): number {
  const v = us < HIGHEST_US ? (us > 0 ? Math.round(us) : 0) : HIGHEST_US;
  const bucket = v === 0 ? 0 : Math.max(31 - Math.clz32(v) - HALF, 0);
  const i = (bucket << HALF) + (v >>> bucket);
  counts[at + i]++;
  return i;
}

/**
 * The `total` latencies counted into the buckets from `at` (none past index
 * `top`), encoded as encodeHistogram would encode them had each been
 * recorded (an empty second as one empty bucket, as the library does); the
 * buckets are zero afterwards.
 */
export function encodeCounts(counts: Float64Array, at: number, total: number, top: number): string {
  const length = total > 0 ? top + 1 : 1;
  const out = encodeV2(counts, at, length, SHAPE);
  counts.fill(0, at, at + length);
  return out;
}

/** A second's latencies on their own (the floor of the benchmarks counts into one): countLatency into its own buckets. */
export class LatencyCounts {
  private readonly counts = new Float64Array(BUCKETS);
  private total = 0;
  private top = 0;

  record(us: number): void {
    const i = countLatency(this.counts, 0, us);
    this.total++;
    if (i > this.top) this.top = i;
  }

  /** This second's latencies, encoded; the counts start again from zero. */
  encode(): string {
    const out = encodeCounts(this.counts, 0, this.total, this.top);
    this.total = 0;
    this.top = 0;
    return out;
  }
}
