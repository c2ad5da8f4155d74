import { LatencyCounts } from './latency-counts';
import type { OpTick } from '../../app/metrics/tick';

/** Each op's counters, side by side in one typed array: [count, errors, timeouts, notFound, unavailable]. */
const COUNT = 0;
const ERRORS = 1;
const TIMEOUTS = 2;
const NOT_FOUND = 3;
const UNAVAILABLE = 4;
const COUNTERS = 5;

/**
 * Per-op counters and latency histogram for the current second. Recording is
 * the hot path: a counter, a bucket count and an increment. The counters of
 * every op live in one typed array, so an answer touches one cache line for
 * them, not one per kind of count. Encoding happens once a second in `drain`.
 */
export class Recorder {
  private readonly n: Float64Array;
  private readonly latencies: LatencyCounts[];

  constructor(readonly ops: readonly string[]) {
    this.n = new Float64Array(ops.length * COUNTERS);
    this.latencies = ops.map(() => new LatencyCounts());
  }

  /** A successful answer (a value or a well-formed not-found), `us` microseconds after its start. */
  ok(op: number, us: number, notFound: boolean): void {
    const at = op * COUNTERS;
    this.n[at + COUNT]++;
    if (notFound) this.n[at + NOT_FOUND]++;
    this.latencies[op].record(us);
  }

  fail(op: number, timeout: boolean): void {
    this.n[op * COUNTERS + (timeout ? TIMEOUTS : ERRORS)]++;
  }

  /** The target could not be reached: neither an answer nor a latency, so no histogram entry. */
  unavailable(op: number): void {
    this.n[op * COUNTERS + UNAVAILABLE]++;
  }

  /** Answers and failures recorded since the last drain, without draining (a benchmark reads them between seconds). */
  pending(): { ops: number; errors: number } {
    let ops = 0;
    let errors = 0;
    for (let at = 0; at < this.n.length; at += COUNTERS) {
      ops += this.n[at + COUNT];
      errors += this.n[at + ERRORS] + this.n[at + TIMEOUTS] + this.n[at + UNAVAILABLE];
    }
    return { ops, errors };
  }

  /** This second's numbers, encoded; the counters start again from zero. */
  drain(): Record<string, OpTick> {
    const out: Record<string, OpTick> = {};
    this.ops.forEach((name, i) => {
      const at = i * COUNTERS;
      out[name] = {
        count: this.n[at + COUNT],
        errors: this.n[at + ERRORS],
        timeouts: this.n[at + TIMEOUTS],
        notFound: this.n[at + NOT_FOUND],
        unavailable: this.n[at + UNAVAILABLE],
        hist: this.latencies[i].encode(),
      };
    });
    this.n.fill(0);
    return out;
  }
}
