import { mergeTicks } from '../../app/metrics/merge-ticks';
import { type MeasuredPhase, type Sample } from '../../app/metrics/sample';
import type { Tick } from '../../app/metrics/tick';
import type { NodeSample } from '../../app/metrics/node-stats';

/** Where each second's server-side per-node counts come from (main/engine/node-tracker.ts). */
export interface NodeSource {
  /** True once every reporting node's counts up to `end` (epoch ms) are in. */
  covers(end: number, now: number): boolean;
  /** The nodes' counts of second k; with `last`, everything counted since too. */
  take(k: number, now: number, last: boolean): NodeSample[];
}

/** For runs whose target reports no nodes of its own. */
export const NO_NODES: NodeSource = { covers: () => true, take: () => [] };

/** How long after a second ends main waits for a slow worker's tick (or a node's reading) before emitting without it. */
export const TICK_GRACE_MS = 1500;

/**
 * Collects ticks by second and emits one merged sample per second, in order,
 * once every worker still expected has reported (or its grace has passed).
 * A tick for a second already emitted is counted in the next one, so no
 * operation is lost.
 */
export class TickMerger {
  private readonly pending = new Map<number, Tick[]>();
  private readonly lastSecond = new Map<number, number>();
  private readonly gone = new Set<number>();
  /** The newest second each worker sent a tick for. */
  private readonly seen = new Map<number, number>();
  private next = 0;
  lateTicks = 0;

  constructor(
    private readonly workers: number,
    private readonly warmupSeconds: number,
    private readonly t0: number,
    private readonly emit: (s: Sample) => void,
    private readonly nodes: NodeSource,
  ) {}

  add(tick: Tick): void {
    if (this.gone.has(tick.worker)) return;
    this.seen.set(tick.worker, Math.max(this.seen.get(tick.worker) ?? -1, tick.second));
    let second = tick.second;
    if (second < this.next) {
      this.lateTicks++;
      second = this.next;
    }
    const bucket = this.pending.get(second) ?? [];
    bucket.push(tick);
    this.pending.set(second, bucket);
  }

  /** The worker sent its last tick (for `second`); it is not waited for after it. */
  finished(worker: number, second: number): void {
    this.lastSecond.set(worker, second);
  }

  /** The first second the worker sent nothing for: where a lost worker goes missing. */
  missingFrom(worker: number): number {
    const seen = this.seen.get(worker);
    return seen === undefined ? 0 : seen + 1;
  }

  /** The worker died: what it sent counts, nothing more is waited for. */
  died(worker: number): void {
    this.gone.add(worker);
  }

  /** When the oldest second not yet emitted is overdue (epoch ms): flush emits it then without what is missing. */
  get overdueAt(): number {
    return this.t0 + (this.next + 1) * 1000 + TICK_GRACE_MS;
  }

  /** True once every worker has finished or died. */
  get allDone(): boolean {
    for (let w = 0; w < this.workers; w++) if (!this.gone.has(w) && !this.lastSecond.has(w)) return false;
    return true;
  }

  /**
   * Emit every second that is complete (every worker's tick and every node's
   * reading past its end are in), or overdue while `waitForLast` is false.
   * With `force`, emit everything still pending.
   */
  flush(now: number, opts: { force?: boolean; waitForLast?: boolean } = {}): void {
    for (;;) {
      const k = this.next;
      const bucket = this.pending.get(k) ?? [];
      const laterPending = [...this.pending.keys()].some((s) => s > k);
      if (opts.force) {
        if (bucket.length === 0 && !laterPending) return;
      } else if (!this.complete(k, bucket) || !this.nodes.covers(this.t0 + (k + 1) * 1000, now)) {
        const overdue = now >= this.t0 + (k + 1) * 1000 + TICK_GRACE_MS;
        if (!overdue || opts.waitForLast) return;
      }
      if (this.allDone && bucket.length === 0 && !laterPending) return;
      this.pending.delete(k);
      this.next++;
      const phase: MeasuredPhase = k < this.warmupSeconds ? 'warmup' : 'run';
      // The run's final sample takes whatever the nodes counted after its second too (the final reading comes after the load).
      const last = opts.force === true && !laterPending;
      this.emit(mergeTicks(k, phase, this.t0 + (k + 1) * 1000, bucket, this.nodes.take(k, now, last), this.expected(k)));
    }
  }

  /** Workers that should have sent a tick for second k: all but those that finished before it (a lost worker still counts). */
  private expected(k: number): number {
    let n = 0;
    for (let w = 0; w < this.workers; w++) {
      const last = this.lastSecond.get(w);
      if (last === undefined || last >= k) n++;
    }
    return n;
  }

  private complete(k: number, bucket: readonly Tick[]): boolean {
    for (let w = 0; w < this.workers; w++) {
      if (this.gone.has(w)) continue;
      const last = this.lastSecond.get(w);
      if (last !== undefined && last < k) continue;
      // A late tick moved into this bucket keeps its own second: it does not
      // stand in for the worker's tick of this second.
      if (!bucket.some((t) => t.worker === w && t.second >= k)) return false;
    }
    return true;
  }
}
