import type { JsHistogram } from 'hdr-histogram-js';
import { createHistogram, HIGHEST_US, type Histogram } from '../../app/metrics/histogram';

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
  private readonly template: JsHistogram;
  private total = 0;
  private top = 0;

  constructor() {
    const h = createHistogram() as unknown as JsHistogram;
    // The shortcut below holds for a unit of 1 µs and a top below 2^31, as createHistogram builds.
    if (h.unitMagnitude !== 0 || HIGHEST_US >= 2 ** 31) throw new Error('LatencyCounts needs 1 µs units and values below 2^31');
    this.template = h;
    this.halfMagnitude = h.subBucketHalfCountMagnitude;
    this.counts = new Float64Array(h.countsArrayLength);
  }

  /** One latency, µs: rounded, non-positive as 0, clamped at HIGHEST_US (as recordUs does). */
  record(us: number): void {
    const v = us < HIGHEST_US ? (us > 0 ? Math.round(us) : 0) : HIGHEST_US;
    const bucket = v === 0 ? 0 : Math.max(31 - Math.clz32(v) - this.halfMagnitude, 0);
    const i = (bucket << this.halfMagnitude) + (v >>> bucket);
    this.counts[i]++;
    this.total++;
    if (i > this.top) this.top = i;
  }

  /** This second's latencies as a histogram (the caller destroys it); the counts start again from zero. */
  take(): Histogram {
    const h = createHistogram();
    if (this.total === 0) return h;
    const js = this.template;
    for (let i = 0; i <= this.top; i++) {
      const c = this.counts[i];
      if (c === 0) continue;
      h.recordValueWithCount(js.valueFromIndex(i), c);
      this.counts[i] = 0;
    }
    this.total = 0;
    this.top = 0;
    return h;
  }
}
