import type { JsHistogram } from 'hdr-histogram-js';
import { createHistogram, encodeHistogram, HIGHEST_US } from '../../app/metrics/histogram';

/** The histogram's top, as this module's own constant: read per answer, where the import is a property of another module's exports. */
const TOP_US = HIGHEST_US;

/**
 * A second's latencies, counted on the hot path into an array laid out as the
 * HDR histogram's own counts, then handed to a real histogram once a second.
 * The library finds a value's bucket with Math.log2 and Math.pow (about a
 * tenth of the load loop's own CPU time); for whole microseconds below 2^31
 * the same bucket is two shifts and a clz32. The encoding, and so everything
 * main reads, is identical to recording each value into the histogram.
 */
export class LatencyCounts {
  private readonly counts: Float64Array;
  private readonly halfMagnitude: number;
  /** The histogram each second is handed to, reset after encoding (one allocation for the worker's life). */
  private readonly h: JsHistogram;
  private total = 0;
  private top = 0;

  constructor() {
    const h = createHistogram() as unknown as JsHistogram;
    // The shortcut below holds for a unit of 1 µs and a top below 2^31, as createHistogram builds.
    if (h.unitMagnitude !== 0 || HIGHEST_US >= 2 ** 31) throw new Error('LatencyCounts needs 1 µs units and values below 2^31');
    this.h = h;
    this.halfMagnitude = h.subBucketHalfCountMagnitude;
    this.counts = new Float64Array(h.countsArrayLength);
  }

  /** One latency, µs: rounded, non-positive as 0, clamped at HIGHEST_US (as recordUs does). */
  record(us: number): void {
    const v = us < TOP_US ? (us > 0 ? Math.round(us) : 0) : TOP_US;
    const bucket = v === 0 ? 0 : Math.max(31 - Math.clz32(v) - this.halfMagnitude, 0);
    const i = (bucket << this.halfMagnitude) + (v >>> bucket);
    this.counts[i]++;
    this.total++;
    if (i > this.top) this.top = i;
  }

  /** This second's latencies, encoded as encodeHistogram would encode them; the counts start again from zero. */
  encode(): string {
    const h = this.h;
    h.reset();
    let lowest = -1;
    for (let i = 0; i <= this.top && this.total > 0; i++) {
      const c = this.counts[i];
      if (c === 0) continue;
      h.addToCountAtIndex(i, c);
      if (lowest < 0 && i > 0) lowest = i;
      this.counts[i] = 0;
    }
    if (this.total > 0) {
      h.addToTotalCount(this.total);
      // Bucket values, as a decoder sees them: min and max only bound the encoding's length.
      if (lowest > 0) h.updateMinAndMax(h.valueFromIndex(lowest));
      h.updateMinAndMax(h.valueFromIndex(this.top));
    }
    this.total = 0;
    this.top = 0;
    return encodeHistogram(h as unknown as Parameters<typeof encodeHistogram>[0]);
  }
}
