import type { Sample } from '../metrics/sample';
import type { RunStatus, Summary } from '../metrics/summary';
import type { Scenario } from '../scenario/schema';

export const RUN_FORMAT = 'kvscope-run';
export const RUN_FORMAT_VERSION = 1;

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
