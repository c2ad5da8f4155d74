import type { Sample } from '../metrics/sample';
import type { RunStatus, Summary } from '../metrics/summary';
import type { OutcomeKind } from '../metrics/outcome';
import type { RunGroup } from '../plan/group';
import type { Scenario } from '../scenario/schema';

export const RUN_FORMAT = 'kvscope-run';
/**
 * The version this build writes, and the newest it reads. Older files are
 * brought to this shape by app/run/migrate.ts, one step per version:
 * 1: the first format.
 * 2: the header may carry a `group` (repeats and sweeps); version 1 files migrate by having none.
 */
export const RUN_FORMAT_VERSION = 2;

export type Phase = 'starting' | 'warmup' | 'running' | 'stopping' | RunStatus;

export interface RunEnvironment {
  kvscope: string;
  /** Node version the workers ran on, and the binary. */
  workerNode: string;
  nodeBinary: string;
  /** The runtime of the orchestrating process. */
  mainNode: string;
  clients: Record<string, string>;
  host: string;
  platform: string;
  arch: string;
  cpus: number;
  cpuModel: string;
  totalMemory: number;
}

export interface RunHeader {
  format: typeof RUN_FORMAT;
  version: number;
  id: string;
  createdAt: string;
  /** The scenario exactly as run, with secrets masked. */
  scenario: Scenario;
  env: RunEnvironment;
  /** Set when the run is one of a repeat or a sweep: which group, which place in it, which value. */
  group?: RunGroup;
  // No label here: a run file is what was measured and is never rewritten.
  // Labels are the user's notes, kept beside the run (main/library, `<run file>.meta.json`).
}

export interface PhaseMark {
  phase: Phase;
  at: number;
  /** The second of the run the phase began in, when the run had begun. */
  second?: number;
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  at: number;
  source: string;
}

/** One line of the NDJSON run file. */
export type RunLine =
  | { type: 'header'; data: RunHeader }
  | { type: 'phase'; data: PhaseMark }
  | { type: 'sample'; data: Sample }
  | { type: 'log'; data: LogEntry }
  | { type: 'summary'; data: Summary };

/** A run as read back from its file. */
export interface RunFile {
  header: RunHeader;
  phases: PhaseMark[];
  samples: Sample[];
  logs: LogEntry[];
  /** The written summary, or one computed from the samples marked interrupted. */
  summary: Summary;
  /** True when the file ended without a summary (the run did not finish writing). */
  interrupted: boolean;
}

/** What a listing shows of a run, read from its header and summary alone. */
export interface RunFacts {
  id: string;
  /** The file's name (no folder). */
  file: string;
  scenario: string;
  target: string;
  createdAt: string;
  /** Measured seconds (summary.seconds); null without a summary. */
  seconds: number | null;
  /** Mean ops/s over the measured phase (summary.total.opsPerSec.mean); null without a summary. */
  opsPerSec: number | null;
  /** p99 of every op type together, µs (summary.total.latency.p99); null without a summary. */
  p99: number | null;
  group: RunGroup | null;
  /** The summary's verdict and why (app/metrics/outcome.ts); absent for unreadable files. */
  outcome?: OutcomeKind;
  reason?: string;
  /** The scenario's missed thresholds in one line, '' when all passed; absent when it set none. */
  thresholdsMissed?: string;
}
