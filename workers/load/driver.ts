import type { Scenario } from '../../app/scenario/schema';
import type { Endpoint } from '../../app/protocol/worker';

/** An answer the target gave: the value, or a well-formed "no such key". */
export const OK = 0;
export const NOT_FOUND = 1;
export type Outcome = typeof OK | typeof NOT_FOUND;

/** Byte counters a driver adds to; the loop reads and resets them once a second. */
export interface IoCounters {
  bytesIn: number;
  bytesOut: number;
}

export interface DriverContext {
  scenario: Scenario;
  /** Address of a built-in target kvscope started; drivers of external targets use the scenario's settings. */
  endpoint?: Endpoint;
  workerId: number;
  io: IoCounters;
  log(level: 'info' | 'warn' | 'error', message: string): void;
}

/**
 * One file per target kind implements this. `run` is the hot path: it must
 * not allocate more than the client needs, and it must honour
 * `scenario.opTimeoutMs` itself (the loop keeps no per-op timer).
 */
export interface Driver {
  /** Client library versions, recorded in the run's environment. */
  readonly versions: Record<string, string>;
  /** Connect; reject with a message a user can act on if the target is unreachable. */
  connect(): Promise<void>;
  /** Issue one operation on `key`; resolve with its outcome, reject on any failure. */
  run(op: string, key: string): Promise<Outcome>;
  /** Whether a rejection of `run` was a timeout rather than an error. */
  isTimeout(err: unknown): boolean;
  close(): Promise<void>;
}

export type DriverFactory = (ctx: DriverContext) => Driver;
