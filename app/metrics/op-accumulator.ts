import { addEncoded, createHistogram, cumulativeBuckets, latencyStats, type Histogram } from './histogram';
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

  /** One measured second; a cut-short one (`rated` false) counts in the totals but not among the per-second rates. */
  addSecond(
    o: { count: number; errors: number; timeouts: number; notFound: number; unavailable?: number; hist: string } | undefined,
    rated = true,
  ): void {
    if (!o) return void (rated && this.perSecond.add(0));
    this.addCounts(o.count, o.errors, o.timeouts, o.notFound, rated ? o.count : undefined);
    this.addUnavailable(o.unavailable);
    addEncoded(this.hist, o.hist);
  }

  addUnavailable(n: number | undefined): void {
    this.c.unavailable += n ?? 0;
  }

  addCounts(ops: number, errors: number, timeouts: number, notFound: number, perSecond: number | undefined): void {
    this.c.ops += ops;
    this.c.errors += errors;
    this.c.timeouts += timeouts;
    this.c.notFound += notFound;
    if (perSecond !== undefined) this.perSecond.add(perSecond);
  }

  summary(boundsMs: readonly number[], h: Histogram = this.hist): OpSummary {
    return { ...this.c, opsPerSec: this.perSecond.spread(), latency: latencyStats(h), buckets: cumulativeBuckets(h, boundsMs) };
  }
}
