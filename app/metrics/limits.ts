/**
 * Thresholds shared by the engine and the window. Kept free of imports so
 * the renderer can use them without bundling the histogram library.
 */

/**
 * Seconds of a run kept in memory for the live view, by main (for a window
 * that connects mid-run) and by the window (for its charts): one hour at one
 * sample a second. Older seconds are in the run file.
 */
export const LIVE_SAMPLE_CAP = 3600;
/** Log lines kept beside them, by main and the window alike. */
export const LIVE_LOG_CAP = 500;

/**
 * Points drawn per chart at most: two pixels per point on a half-width chart,
 * and the default 5-minute window one to one. A long run is thinned to this
 * so a redraw costs the same at second 10 and at hour 3.
 */
export const MAX_CHART_POINTS = 300;

/** A worker whose event loop is busier than this is limiting the numbers itself. */
export const SATURATED_ELU = 0.9;
/**
 * A worker using more CPU than this share of one core limits the numbers too,
 * however idle its event loop reads: with auto-pipelining, GC and I/O threads
 * a client can fill a core while its loop reads 75 % busy.
 */
export const SATURATED_CPU = 0.9;
/**
 * With more workers than cores no worker can fill a core of its own; the
 * machine busier than this share of all its cores is then the limit.
 */
export const SATURATED_MACHINE_CPU = 0.9;

/** The latency percentiles every table shows, as LatencyStats keys and their column labels. */
export const LATENCY_COLUMNS = [
  ['p50', 'p50'],
  ['p90', 'p90'],
  ['p99', 'p99'],
  ['p999', 'p99.9'],
  ['max', 'max'],
] as const;

/** One op type's counts of one second, as far as the saturation rule needs them. */
interface OpCounts {
  count: number;
  errors: number;
  timeouts: number;
  unavailable?: number;
}

/**
 * A second in which more operations failed (errors, timeouts, unavailable)
 * than succeeded. A busy event loop then says the target is failing, not
 * that the client is the limit, so such seconds never raise the saturation
 * warning.
 */
export function failureDominated(ops: Record<string, OpCounts>): boolean {
  let ok = 0;
  let failed = 0;
  for (const o of Object.values(ops)) {
    ok += o.count;
    failed += o.errors + o.timeouts + (o.unavailable ?? 0);
  }
  return failed > ok;
}

/** A worker's gauges of one second; cpu is absent in files written before it was kept. */
interface WorkerGauges {
  id: number;
  elu: number;
  cpu?: number;
}

/** What a second's saturation rule reads: per-worker gauges and, when main measured it, the machine's CPU and the target's processes on it. */
interface SaturationInput {
  ops: Record<string, OpCounts>;
  workers: readonly WorkerGauges[];
  machine?: { cpu: number; cores: number; servers?: readonly { name: string; cpu: number }[] };
}

/**
 * What limited a second's numbers:
 * - 'client': kvscope's own worker processes (a worker over SATURATED_ELU or
 *   SATURATED_CPU, the machine not full);
 * - 'load-box': the machine they run on, full with more workers than cores;
 * - 'shared-machine': the machine as a whole, full while the target runs on
 *   it too (a built-in server, local members): client and target take CPU
 *   from each other, so neither side alone is the limit.
 */
export type SaturationLimit = 'client' | 'load-box' | 'shared-machine';

export interface Saturation {
  /** Workers over SATURATED_ELU or SATURATED_CPU. */
  workers: readonly WorkerGauges[];
  /** The machine over SATURATED_MACHINE_CPU of all its cores, with more workers than cores or the target on it. */
  machine: boolean;
  limit?: SaturationLimit;
}

/** Nothing saturated in a second of failures: a busy loop then reports a failing target, not a slow client. */
export function saturation(s: SaturationInput): Saturation {
  if (failureDominated(s.ops)) return { workers: [], machine: false };
  const workers = s.workers.filter((w) => w.elu >= SATURATED_ELU || (w.cpu ?? 0) >= SATURATED_CPU);
  const m = s.machine;
  const full = m !== undefined && m.cpu >= SATURATED_MACHINE_CPU;
  if (full && (m.servers?.length ?? 0) > 0) return { workers, machine: true, limit: 'shared-machine' };
  const loadBox = full && s.workers.length > m.cores;
  const limit = workers.length > 0 ? 'client' : loadBox ? 'load-box' : undefined;
  return { workers, machine: loadBox, ...(limit ? { limit } : {}) };
}

/** Whether something other than the target limited a second's numbers: the load generator, or the machine it shares with the target. */
export function clientSaturated(s: SaturationInput): boolean {
  return saturation(s).limit !== undefined;
}

/** Whether that limit was the machine as a whole with the target on it (the rest of the saturated seconds were the client's). */
export function machineShared(s: SaturationInput): boolean {
  return saturation(s).limit === 'shared-machine';
}
