import type { Scenario } from '../../app/scenario/schema';
import type { Endpoint } from '../../app/protocol/worker';
import type { TickNode } from '../../app/metrics/tick';

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
  /**
   * Issue one operation on `key`; resolve with the client's own result, reject
   * on any failure. Returning the client's promise as it is (no `.then` here)
   * saves a promise and a microtask per operation.
   */
  run(op: string, key: string): Promise<unknown>;
  /** Read a resolved result as OK or NOT_FOUND, counting received bytes. Called once per answer. */
  outcome(result: unknown): Outcome;
  /** Whether a rejection of `run` was a timeout rather than an error. */
  isTimeout(err: unknown): boolean;
  /**
   * Whether a rejection of `run` is an answer: the key does not exist (a
   * client that rejects a missing record). The loop counts it as NOT_FOUND
   * with its latency, so the driver need not wrap the client's promise.
   */
  isNotFound?(err: unknown): boolean;
  /**
   * The driver's own signs that a rejection of `run` means the target could
   * not be reached (result codes, client error classes), on top of the
   * generic errno and message check of connection-failure.ts; such
   * operations count as unavailable and back off.
   */
  isUnavailable?(err: unknown): boolean;
  /** A failure in the words of the error log (e.g. with the client's result code); err.message when absent. */
  describeError?(err: unknown): string;
  /** Per-node counts since the last call, for drivers that know which node serves each operation. */
  nodeCounts?(): TickNode[];
  close(): Promise<void>;
}

export type DriverFactory = (ctx: DriverContext) => Driver;

/**
 * A run of an operation the driver does not have (the scenario's schema
 * refuses it first). Its own function: the message's template, written in
 * each driver's run, was bytecode that counted against TurboFan's inlining
 * budget for the answer path, which run is inlined into.
 */
export function noOperation(target: string, op: string): Promise<never> {
  return Promise.reject(new Error(`${target} has no operation "${op}"`));
}

/** One operation and its outcome, off the hot path (connect probes, tests). */
export function runOnce(d: Driver, op: string, key: string): Promise<Outcome> {
  return d.run(op, key).then(
    (r) => d.outcome(r),
    (err: unknown) => {
      if (d.isNotFound?.(err)) return NOT_FOUND;
      throw err;
    },
  );
}
