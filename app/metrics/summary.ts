import { createHistogram, latencyStats, type LatencyStats } from './histogram';
import { fitBounds, NO_LATENCY_BOUNDS_MS, type Buckets, type LegacyBuckets } from './latency-buckets';
import { OpAcc } from './op-accumulator';
import { isCutShort, isPartial, type Sample } from './sample';
import type { ThresholdResult } from './thresholds';
import { decideOutcome, statusFor, type LostNode, type LostWorker, type Outcome, type RunStatus } from './outcome';
import { saturation, SATURATED_ELU } from './limits';

export { SATURATED_ELU };
export type { RunStatus };

export interface Spread {
  mean: number;
  median: number;
  min: number;
  max: number;
}

export interface OpSummary {
  ops: number;
  errors: number;
  timeouts: number;
  notFound: number;
  /** Operations that could not reach the target; absent in runs recorded before it was counted. */
  unavailable?: number;
  opsPerSec: Spread;
  latency: LatencyStats;
  /** The same bounds for every op type of a run; older files hold the fixed 1..16 ms ones (bucketRows reads both). */
  buckets: Buckets | LegacyBuckets;
}

export interface Summary {
  status: RunStatus;
  /** Seconds of the measured (post warm-up) phase. */
  seconds: number;
  /** Measured seconds the load ran in only part of (a run stopped mid-second), left out of the per-second ops/s; absent when none. */
  cutShortSeconds?: number;
  ops: Record<string, OpSummary>;
  /** Every op type together. */
  total: OpSummary;
  bytesInPerSec: number;
  bytesOutPerSec: number;
  /** Highest RSS seen per worker id, over warm-up and run. */
  peakRss: Record<string, number>;
  warmup: { seconds: number; ops: number; errors: number };
  /** Measured seconds the client limited (app/metrics/limits.ts: a worker's event loop or CPU, or the machine's CPU, saturated; seconds with more failed than succeeded operations excepted). */
  saturatedSeconds: number;
  /** Of those, the seconds in which the machine as a whole was full with the target's own processes on it (limits.ts 'shared-machine'); absent when none. */
  sharedMachineSeconds?: number;
  /** The verdict and its reason; absent in files written before outcomes existed (see outcomeOf). */
  outcome?: Outcome;
  /** The scenario's thresholds, each judged on the measured run; absent when it set none. */
  thresholds?: ThresholdResult[];
}

/** What the run knows beyond its samples: which workers it lost, why it failed, what the scenario tolerates. */
interface RunEvents {
  workers?: number;
  lostWorkers?: readonly LostWorker[];
  failure?: string;
  firstError?: string;
  maxErrorRate?: number;
  /** The scenario's own bucket bounds (ms); without them the bounds fit the run's latencies. */
  latencyBucketsMs?: readonly number[];
}

/** The final summary, a pure function of the per-second samples (and the run's events). */
export function summarize(samples: readonly Sample[], status: RunStatus, events: RunEvents = {}): Summary {
  const b = new SummaryBuilder();
  for (const s of samples) b.add(s);
  const summary = b.finish(status, events);
  b.dispose();
  return summary;
}

/**
 * The summary built as samples arrive, so a run of any length costs main a
 * fixed amount of memory: per op type one merged histogram and counts, and
 * the per-second throughputs as a tally of distinct values (exact median,
 * bounded by how many different rates occur, not by the run's length).
 */
export class SummaryBuilder {
  private readonly ops = new Map<string, OpAcc>();
  private readonly total = new OpAcc();
  private runSeconds = 0;
  /** Measured seconds among the per-second rates: all but those cut short. */
  private ratedSeconds = 0;
  private cutShort = 0;
  private fullStrength = 0;
  private bytesIn = 0;
  private bytesOut = 0;
  private saturated = 0;
  private sharedMachine = 0;
  private readonly peakRss: Record<string, number> = {};
  private readonly warmup = { seconds: 0, ops: 0, errors: 0 };
  /** Each node's last measured second, to tell which ones left before the end. */
  private readonly nodeLast = new Map<string, number>();
  /** Nodes whose last reported second had them leaving. */
  private readonly nodeLeaving = new Set<string>();
  private lastRunSecond = -1;
  /** The first measured second without an answered operation, and how many there were. */
  private unansweredSeconds = 0;
  private firstUnanswered = -1;

  /** Measured seconds added so far. */
  get seconds(): number {
    return this.runSeconds;
  }

  add(s: Sample): void {
    for (const w of s.workers) this.peakRss[w.id] = Math.max(this.peakRss[w.id] ?? 0, w.mem.rss);
    if (s.phase === 'warmup') {
      this.warmup.seconds++;
      this.warmup.ops += s.totals.count;
      this.warmup.errors += s.totals.errors + s.totals.timeouts;
      return;
    }
    // An op type first seen now had zero throughput in every earlier measured second.
    for (const op of Object.keys(s.ops)) if (!this.ops.has(op)) this.ops.set(op, new OpAcc(this.ratedSeconds));
    const rated = !isCutShort(s);
    let all = 0;
    let failed = 0;
    for (const [op, acc] of this.ops) {
      const o = s.ops[op];
      acc.addSecond(o, rated);
      all += o ? o.count : 0;
      failed += o ? o.errors + o.timeouts + (o.unavailable ?? 0) : 0;
      this.total.addUnavailable(o?.unavailable);
    }
    // Tried and never answered: the target was gone this second, however few attempts a backing-off client made.
    if (all === 0 && failed > 0 && this.unansweredSeconds++ === 0) this.firstUnanswered = s.second;
    this.total.addCounts(s.totals.count, s.totals.errors, s.totals.timeouts, s.totals.notFound, rated ? all : undefined);
    this.runSeconds++;
    if (rated) this.ratedSeconds++;
    else this.cutShort++;
    if (!isPartial(s)) this.fullStrength++;
    this.bytesIn += s.bytesIn;
    this.bytesOut += s.bytesOut;
    const limit = saturation(s).limit;
    if (limit !== undefined) this.saturated++;
    if (limit === 'shared-machine') this.sharedMachine++;
    // Only nodes a server-side monitor reports (they carry memory): the workers' own per-node
    // counts skip a node in any second no key happened to map to it, which is no loss.
    for (const n of s.nodes) {
      if (n.memory === undefined) continue;
      this.nodeLast.set(n.id, s.second);
      if (n.state === 'leaving') this.nodeLeaving.add(n.id);
      else this.nodeLeaving.delete(n.id);
    }
    this.lastRunSecond = s.second;
  }

  finish(status: RunStatus, events: RunEvents = {}): Summary {
    const ops: Record<string, OpSummary> = {};
    const all = createHistogram();
    const names = [...this.ops.keys()].sort();
    for (const op of names) all.add(this.ops.get(op)!.hist);
    const whole = latencyStats(all);
    // One set of bounds for every op type, fitted to all of them: the table's columns line up.
    const bounds = events.latencyBucketsMs ?? (whole.count === 0 ? NO_LATENCY_BOUNDS_MS : fitBounds(whole.min, whole.p999));
    for (const op of names) ops[op] = this.ops.get(op)!.summary(bounds);
    const total = this.total.summary(bounds, all);
    all.destroy();
    const seconds = this.runSeconds;
    const lostNodes: LostNode[] = [...this.nodeLast]
      .filter(([, last]) => last < this.lastRunSecond)
      .map(([id, last]) => ({ id, second: last + 1, ...(this.nodeLeaving.has(id) ? { left: true } : {}) }))
      .sort((a, b) => a.second - b.second || a.id.localeCompare(b.id));
    const outcome = decideOutcome({
      status,
      measuredSeconds: seconds,
      fullStrengthSeconds: this.fullStrength,
      ops: total.ops,
      errors: total.errors,
      timeouts: total.timeouts,
      unavailable: total.unavailable,
      unansweredSeconds: this.unansweredSeconds,
      firstUnansweredSecond: this.firstUnanswered,
      lostNodes,
      ...events,
    });
    return {
      status: statusFor(status, outcome),
      seconds,
      ops,
      total,
      bytesInPerSec: seconds ? this.bytesIn / seconds : 0,
      bytesOutPerSec: seconds ? this.bytesOut / seconds : 0,
      peakRss: { ...this.peakRss },
      warmup: { ...this.warmup },
      saturatedSeconds: this.saturated,
      ...(this.sharedMachine > 0 ? { sharedMachineSeconds: this.sharedMachine } : {}),
      ...(this.cutShort > 0 ? { cutShortSeconds: this.cutShort } : {}),
      outcome,
    };
  }

  /** Free the merged histograms (the builder is done). */
  dispose(): void {
    for (const acc of this.ops.values()) acc.hist.destroy();
  }
}

export function spread(xs: readonly number[]): Spread {
  if (xs.length === 0) return { mean: 0, median: 0, min: 0, max: 0 };
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return {
    mean: xs.reduce((a, b) => a + b, 0) / xs.length,
    median: sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2,
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}
