import type { LatencyStats } from './histogram';
import type { Memory } from './tick';
import type { ExactTally } from './exact-latency';
import type { NodeSample } from './node-stats';

export type MeasuredPhase = 'warmup' | 'run';

export interface OpSample {
  count: number;
  errors: number;
  timeouts: number;
  notFound: number;
  /** Operations that could not reach the target (no latency); absent in runs recorded before it was counted. */
  unavailable?: number;
  /** Percentiles of this second, read from the merged histogram (µs). */
  latency: LatencyStats;
  /** The merged histogram of this second, so any range of seconds can be re-merged later. */
  hist: string;
}

export interface WorkerSample {
  id: number;
  mem: Memory;
  elu: number;
  cpu: number;
  inFlight: number;
  backlog: number;
  /** Operations it answered in the second (all op types): per place, they add up to the run's. Absent in older runs. */
  count?: number;
  /** Where it runs when not on the coordinator: "agent NAME". */
  place?: string;
  /** Per op type, its answers' latencies in the second exactly as measured; absent in older runs and for ops without answers. */
  exact?: Record<string, ExactTally>;
}

/** One merged second of the whole run. */
export interface Sample {
  second: number;
  phase: MeasuredPhase;
  /** Wall-clock end of the second (epoch ms). */
  at: number;
  ops: Record<string, OpSample>;
  totals: { count: number; errors: number; timeouts: number; notFound: number };
  /** Percentiles of every op type together (µs). */
  latency: LatencyStats;
  bytesIn: number;
  bytesOut: number;
  workers: WorkerSample[];
  nodes: NodeSample[];
  /** Workers expected this second and those that sent a tick for it; absent in files written before it existed. */
  strength?: Strength;
  /**
   * The share of the second the load ran in, when less than all of it: a run
   * stopped (or its budget spent) mid-second. Its operations count in the
   * totals and percentiles; its rate is left out of per-second figures.
   */
  covered?: number;
  /** The machine's CPU this second: busy share of all its cores, and their number (main's reading; absent in older files). */
  machine?: MachineReading;
}

/** A server process kvscope started on this machine for the target, and its CPU this second in cores (1 = one core busy all second). */
export interface ServerCpu {
  name: string;
  cpu: number;
}

/** main's reading of its own machine for one second. */
export interface MachineReading {
  /** Busy share of all cores, 0..1. */
  cpu: number;
  cores: number;
  /** The built-in server or local members on this machine, when the run started any (absent in older files). */
  servers?: ServerCpu[];
}

/** A second the load ran in only part of: its count is not a rate. */
export function isCutShort(s: Pick<Sample, 'covered'>): boolean {
  return s.covered !== undefined && s.covered < 1;
}

interface Strength {
  expected: number;
  reporting: number;
}

/** A second some expected worker did not contribute to: its numbers are not the scenario's load. */
export function isPartial(s: Pick<Sample, 'strength'>): boolean {
  return s.strength !== undefined && s.strength.reporting < s.strength.expected;
}
