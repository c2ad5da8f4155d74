import { createHistogram, cumulativeBuckets, decodeHistogram, latencyStats, type Histogram } from './histogram';
import type { OpSummary } from './summary';
import { Tally } from './tally';

/** One op type's counts, merged histogram and tally of per-second throughputs. */
export class OpAcc {
  readonly hist: Histogram = createHistogram();
  private readonly c = { ops: 0, errors: 0, timeouts: 0, notFound: 0, unavailable: 0 };
  private readonly perSecond = new Tally();

  constructor(zeroSeconds = 0) {
    this.perSecond.add(0, zeroSeconds);
  }

  addSecond(
    o: { count: number; errors: number; timeouts: number; notFound: number; unavailable?: number; hist: string } | undefined,
  ): void {
    if (!o) return this.perSecond.add(0);
    this.addCounts(o.count, o.errors, o.timeouts, o.notFound, o.count);
    this.addUnavailable(o.unavailable);
    addEncoded(this.hist, o.hist);
  }

  addUnavailable(n: number | undefined): void {
    this.c.unavailable += n ?? 0;
  }

  addCounts(ops: number, errors: number, timeouts: number, notFound: number, perSecond: number): void {
    this.c.ops += ops;
    this.c.errors += errors;
    this.c.timeouts += timeouts;
    this.c.notFound += notFound;
    this.perSecond.add(perSecond);
  }

  summary(boundsMs: readonly number[], h: Histogram = this.hist): OpSummary {
    return { ...this.c, opsPerSec: this.perSecond.spread(), latency: latencyStats(h), buckets: cumulativeBuckets(h, boundsMs) };
  }
}

function addEncoded(into: Histogram, encoded: string): void {
  const h = decodeHistogram(encoded);
  into.add(h);
  h.destroy();
}
