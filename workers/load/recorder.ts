import { LatencyCounts } from './latency-counts';
import type { OpTick } from '../../app/metrics/tick';

/**
 * Per-op counters and latency histogram for the current second. Recording is
 * the hot path: an array index, a bucket count and an increment. Encoding
 * happens once a second in `drain`.
 */
export class Recorder {
  private readonly count: number[];
  private readonly errors: number[];
  private readonly timeouts: number[];
  private readonly notFound: number[];
  private readonly unreachable: number[];
  private readonly latencies: LatencyCounts[];

  constructor(readonly ops: readonly string[]) {
    this.count = ops.map(() => 0);
    this.errors = ops.map(() => 0);
    this.timeouts = ops.map(() => 0);
    this.notFound = ops.map(() => 0);
    this.unreachable = ops.map(() => 0);
    this.latencies = ops.map(() => new LatencyCounts());
  }

  /** A successful answer (a value or a well-formed not-found), `us` microseconds after its start. */
  ok(op: number, us: number, notFound: boolean): void {
    this.count[op]++;
    if (notFound) this.notFound[op]++;
    this.latencies[op].record(us);
  }

  fail(op: number, timeout: boolean): void {
    if (timeout) this.timeouts[op]++;
    else this.errors[op]++;
  }

  /** The target could not be reached: neither an answer nor a latency, so no histogram entry. */
  unavailable(op: number): void {
    this.unreachable[op]++;
  }

  /** Answers and failures recorded since the last drain, without draining (a benchmark reads them between seconds). */
  pending(): { ops: number; errors: number } {
    let ops = 0;
    let errors = 0;
    for (let i = 0; i < this.ops.length; i++) {
      ops += this.count[i];
      errors += this.errors[i] + this.timeouts[i] + this.unreachable[i];
    }
    return { ops, errors };
  }

  /** This second's numbers, encoded; the counters start again from zero. */
  drain(): Record<string, OpTick> {
    const out: Record<string, OpTick> = {};
    this.ops.forEach((name, i) => {
      out[name] = {
        count: this.count[i],
        errors: this.errors[i],
        timeouts: this.timeouts[i],
        notFound: this.notFound[i],
        unavailable: this.unreachable[i],
        hist: this.latencies[i].encode(),
      };
      this.count[i] = this.errors[i] = this.timeouts[i] = this.notFound[i] = this.unreachable[i] = 0;
    });
    return out;
  }
}
